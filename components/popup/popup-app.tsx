import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { t, tn } from '../../lib/i18n';
import { EMPTY_OUTBOX } from '../../lib/outbox/outbox';
import { outboxView } from '../../lib/outbox/store';
import { paceOf, weeklyStale } from '../../lib/pace';
import { matches, pendingByAction, progress, sortQueue, type QueueSort } from '../../lib/queue';
import {
  accountItem,
  actionsItem,
  noteDraftsItem,
  sentLogItem,
  sessionMarksItem,
  settingsItem,
  syncStatusItem,
  weeklyStatsItem,
  type AccountSnapshot,
  type ActionsSnapshot,
  type Settings,
  type SyncStatus,
} from '../../lib/storage';
import { AgentSelect } from '../shared/agent-select';
import { agentNameOf } from '../shared/agent-names';
import { ErrorMessage } from '../shared/error-message';
import { useBackend } from '../shared/use-backend';
import { useRequest } from '../shared/use-request';
import { useStored } from '../shared/use-stored';
import type { ThisProfile, Target, TargetSource } from './this-profile';
import { OutboxView } from './outbox-view';
import { QueueRow, type Marked } from './queue-row';
import { StatusBanner } from './status-banner';
import { UndoToast } from './undo-toast';
import { WaitingWork } from './waiting-work';
import { BlockBoundary } from '../shared/block-boundary';
import { UpdateNotice } from '../shared/update-notice';

export interface PopupInitial {
  snapshot: ActionsSnapshot | null;
  status: SyncStatus;
  account: AccountSnapshot | null;
  settings: Settings;
}

/**
 * Rows rendered for the first paint: more than the popup's height shows (Chrome's popup is at most
 * 600 px high and a row 76 px, so 8 fill it even under an empty header; 5 show under the usual
 * one). The rest follow once it is painted (issue 24: a hundred rows laid out before the first one
 * shows cost more than the page itself).
 */
const FIRST_SCREEN_ROWS = 8;

/** The toolbar popup: the ready invitations as a dense queue, painted from storage, then refreshed. */
export function PopupApp({ initial, addSource = 'tab' }: { initial: PopupInitial; addSource?: TargetSource }) {
  const backend = useBackend();
  const ids = useId();
  const snapshot = useStored(actionsItem, initial.snapshot);
  const status = useStored(syncStatusItem, initial.status);
  const account = useStored(accountItem, initial.account)?.account;
  const settings = useStored(settingsItem, initial.settings);
  const weekly = useStored(weeklyStatsItem, null);
  const sentLog = useStored(sentLogItem, []);
  const outbox = useStored(outboxView, EMPTY_OUTBOX);
  const sessionMarks = useStored(sessionMarksItem, 0);
  const drafts = useStored(noteDraftsItem, {});
  const pace = paceOf(weekly, sentLog, Date.now(), settings.weeklyCap);
  const [refreshing, setRefreshing] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<QueueSort>('oldest');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [toast, setToast] = useState<Marked | null>(null);
  const [filterState, runFilter] = useRequest();
  const listRef = useRef<HTMLUListElement>(null);
  const [profileBlock, setProfileBlock] = useState<{ Block: typeof ThisProfile; target: Target | null } | null>(null);

  // "This profile" and its form load only when the tab shows a profile (or a link was chosen).
  useEffect(() => {
    void backend
      .ask({ type: 'profileTarget', source: addSource })
      .catch(() => null)
      .then(async (target) => {
        if (!target && addSource === 'tab') return;
        const { ThisProfile: Block } = await import('./this-profile');
        setProfileBlock({ Block, target });
      });
  }, []);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await backend.ask({ type: 'refresh' });
    } catch {
      // The background records the failure in the sync status, which the banner shows.
    } finally {
      setRefreshing(false);
    }
  };
  useEffect(() => void refresh(), []);

  // The weekly figure never read, or older than its refresh period: read now (within the request
  // budget), the header saying so meanwhile; the options page and the panel show the same one.
  const [readingWeekly, setReadingWeekly] = useState(false);
  // Effects run after the first frame; the other rows are rendered in a task after it, so that
  // the frame's paint is not kept waiting behind them.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const later = setTimeout(() => setPainted(true));
    return () => clearTimeout(later);
  }, []);
  useEffect(() => {
    if (initial.status.state === 'not-set-up' || initial.status.state === 'key-rejected') return;
    void Promise.all([weeklyStatsItem.getValue(), sentLogItem.getValue()]).then(async ([kept, log]) => {
      if (!weeklyStale(kept, log, Date.now())) return;
      setReadingWeekly(true);
      // A failure leaves the figure kept (or "not read yet"); the banner tells of the service.
      await backend.ask({ type: 'getWeeklyStats' }).catch(() => undefined);
      setReadingWeekly(false);
    });
  }, []);

  const actions = snapshot?.actions ?? [];
  const blocked = status.state === 'not-set-up' || status.state === 'key-rejected';
  const agentLabel = (agentId: string | undefined, fallback?: string) => agentNameOf(account, agentId) ?? fallback ?? agentId ?? t('action.unknownAgent');
  const agentStatus = (agentId: string | undefined) => account?.agents.find((a) => a.id === agentId)?.status;
  const pending = pendingByAction(outbox.entries, Date.now());
  const shown = useMemo(
    () =>
      sortQueue(
        // A mark held for undo has left the queue; the toast can bring it back.
        actions.filter((a) => matches(a, search) && !pending.get(a.id)?.mark?.held && a.id !== toast?.actionId),
        sort,
        (a) => agentLabel(a.agentId, a.agentName),
      ),
    [actions, search, sort, outbox, toast, account],
  );
  const ready = actions.filter((a) => !pending.get(a.id)?.mark).length;
  const { done, total } = progress(sessionMarks, ready);

  /** The row marked leaves the list: focus goes to the row that takes its place, never the page body. */
  const onMarked = (marked: Marked) => {
    const index = shown.findIndex((a) => a.id === marked.actionId);
    setToast(marked);
    setExpanded(null);
    requestAnimationFrame(() => {
      const toggles = listRef.current?.querySelectorAll<HTMLButtonElement>('.row-toggle');
      const next = toggles?.[Math.min(index, toggles.length - 1)];
      (next ?? listRef.current)?.focus();
    });
  };

  return (
    <main class="popup">
      <header class="popup-head">
        <div class="row">
          <h1>{t('extName')}</h1>
          <button type="button" onClick={() => void refresh()} disabled={refreshing || blocked} aria-busy={refreshing}>
            {refreshing ? t('popup.refreshing') : t('popup.refresh')}
          </button>
          <button type="button" onClick={() => backend.openOptions()}>
            {t('popup.settings')}
          </button>
        </div>
        <WaitingWork enabled={!blocked && !!snapshot} />
        {!blocked && (
          <p class="progress">
            <span>{t('queue.progress', [done, total])}</span>
            <span class={`pace ${pace.level}`}>
              {pace.known
                ? t('panel.pace', [pace.sent, pace.cap])
                : readingWeekly
                  ? t('firstMinutes.paceReading', [pace.cap])
                  : pace.sent
                    ? t('popup.paceAtLeast', [pace.sent, pace.cap])
                    : t('popup.paceUnknown', [pace.cap])}
              {pace.level !== 'ok' && ` · ${t(pace.level === 'over' ? 'popup.paceOver' : 'popup.paceWarn')}`}
            </span>
          </p>
        )}
      </header>
      <StatusBanner status={status} fetchedAt={snapshot?.fetchedAt} />
      <UpdateNotice onOpenSettings={() => backend.openOptions('settings')} />
      {!blocked && profileBlock && (
        <BlockBoundary>
          <profileBlock.Block
            source={addSource}
            target={profileBlock.target}
            account={account}
            preferredAgent={settings.agentFilter}
            onShowInvitation={(actionId) => {
              setSearch('');
              setExpanded(actionId);
              requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-action="${CSS.escape(actionId)}"] .row-toggle`)?.focus());
            }}
          />
        </BlockBoundary>
      )}
      {!blocked && actions.length > 0 && (
        <div class="toolbar">
          <label class="sr-only" for={`${ids}-search`}>
            {t('queue.search')}
          </label>
          <input id={`${ids}-search`} type="search" placeholder={t('queue.search')} value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
          <label class="sr-only" for={`${ids}-sort`}>
            {t('queue.sort')}
          </label>
          <select id={`${ids}-sort`} value={sort} onChange={(e) => setSort(e.currentTarget.value as QueueSort)}>
            <option value="oldest">{t('queue.sortOldest')}</option>
            <option value="agent">{t('queue.sortAgent')}</option>
          </select>
          <label class="sr-only" for={`${ids}-agent`}>
            {t('popup.agentFilter')}
          </label>
          <AgentSelect
            id={`${ids}-agent`}
            value={settings.agentFilter ?? ''}
            account={account}
            actions={actions}
            onChange={(value) => void runFilter(() => backend.ask({ type: 'saveSettings', agentFilter: value || null }))}
          />
        </div>
      )}
      {filterState.phase === 'failed' && <ErrorMessage error={filterState.error} />}
      <OutboxView actions={actions} />
      {!blocked && !snapshot && status.state === 'never' && <p class="summary">{t('popup.loading')}</p>}
      {!blocked && snapshot && actions.length === 0 && <p class="empty">{t('popup.empty')}</p>}
      {!blocked && snapshot && actions.length > 0 && (
        <p class="summary" aria-live="polite">
          {snapshot.full ? t('popup.countFull', [actions.length]) : tn('popup.count', actions.length)}
          {search && ` · ${tn('queue.matching', shown.length)}`}
        </p>
      )}
      {!blocked && actions.length > 0 && (
        <ul class="queue" ref={listRef} tabIndex={-1} aria-label={t('popup.listLabel')}>
          {(painted ? shown : shown.slice(0, FIRST_SCREEN_ROWS)).map((a) => (
            <li key={a.id} data-action={a.id}>
              <QueueRow
                action={a}
                agentName={agentLabel(a.agentId, a.agentName)}
                agentStatus={agentStatus(a.agentId)}
                pending={pending.get(a.id)}
                draft={drafts[a.id]}
                expanded={expanded === a.id}
                onToggle={() => setExpanded(expanded === a.id ? null : a.id)}
                onMarked={onMarked}
              />
            </li>
          ))}
        </ul>
      )}
      {toast && (
        <UndoToast
          marked={toast}
          onUndo={async () => toast.receipt.state === 'held' && (await backend.ask({ type: 'undoWrite', entryId: toast.receipt.entryId })).undone}
          onDone={() => setToast(null)}
        />
      )}
    </main>
  );
}
