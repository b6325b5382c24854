import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import { camel, t, tn } from '../../lib/extension/i18n';
import { EMPTY_OUTBOX } from '../../lib/outbox/outbox';
import { outboxView } from '../../lib/outbox/store';
import { matches, pendingByAction, sortQueue, splitWaiting, type QueueSort } from '../../lib/invitations/queue';
import { noteDraftsItem, type AccountSnapshot, type ActionsSnapshot, type Settings, type SyncStatus } from '../../lib/store/storage';
import { AgentSelect } from './agent-select';
import { agentNameOf } from './agent-names';
import { ErrorMessage } from './error-message';
import { OutboxView } from './outbox-view';
import { QueueRow, type Marked } from './queue-row';
import { ReadyLine } from './ready-line';
import { UndoToast } from './undo-toast';
import { UnidentifiedRows } from './unidentified-rows';
import { useBackend } from './use-backend';
import { useRequest } from './use-request';
import { useStored } from './use-stored';

/**
 * Rows rendered for the first paint: more than the popup's height shows (Chrome's popup is at most
 * 600 px high and a row 76 px, so 8 fill it even under an empty header; 5 show under the usual
 * one). The rest follow once it is painted (issue 24: a hundred rows laid out before the first one
 * shows cost more than the page itself).
 */
const FIRST_SCREEN_ROWS = 8;

interface Props {
  snapshot: ActionsSnapshot | null;
  status: SyncStatus;
  account: AccountSnapshot['account'] | undefined;
  settings: Settings;
  /** An invitation to show, its row opened and focused (This profile's "Show it"); a new object each time. */
  reveal?: { actionId: string } | null | undefined;
  /** The network tab the desk follows: Open profile goes there (a new tab only when asked). */
  tabId?: number | undefined;
}

/**
 * The ready invitations as a dense queue (search, order, agent filter, the writes refused, one row
 * each, the undo toast): the popup's and the desk's, both painted from storage, so a mark made in
 * one shows in the other at once.
 */
export function Queue({ snapshot, status, account, settings, reveal, tabId }: Props) {
  const backend = useBackend();
  const ids = useId();
  const outbox = useStored(outboxView, EMPTY_OUTBOX);
  const drafts = useStored(noteDraftsItem, {});
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<QueueSort>('oldest');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [toast, setToast] = useState<Marked | null>(null);
  const [filterState, runFilter] = useRequest();
  const listRef = useRef<HTMLUListElement>(null);
  // Effects run after the first frame; the other rows are rendered in a task after it, so that
  // the frame's paint is not kept waiting behind them.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const later = setTimeout(() => setPainted(true));
    return () => clearTimeout(later);
  }, []);
  useEffect(() => {
    if (!reveal) return;
    setSearch('');
    setExpanded(reveal.actionId);
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-action="${CSS.escape(reveal.actionId)}"] .row-toggle`)?.focus());
  }, [reveal]);

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

  // Invitations whose agent waits are grouped apart, after the others: never a next step, still markable by hand.
  const { going, waiting } = splitWaiting(shown, agentStatus);
  const row = (a: (typeof shown)[number]) => (
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
        tabId={tabId}
      />
    </li>
  );

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
    <>
      {!blocked && actions.length > 0 && (
        <div class="toolbar">
          <label class="sr-only" for={`${ids}-search`}>
            {t('queue.search')}
          </label>
          <input id={`${ids}-search`} type="search" placeholder={t('queue.searchHint')} value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
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
      {!blocked && snapshot && actions.length === 0 && !snapshot.unidentified?.length && <p class="empty">{t('popup.empty')}</p>}
      {!blocked && snapshot && actions.length > 0 && (
        <p class="summary" aria-live="polite">
          <ReadyLine />
          {search && ` · ${tn('queue.matching', shown.length)}`}
        </p>
      )}
      {!blocked && actions.length > 0 && (
        <ul class="queue" ref={listRef} tabIndex={-1} aria-label={t('popup.listLabel')}>
          {(painted ? going : going.slice(0, FIRST_SCREEN_ROWS)).map(row)}
        </ul>
      )}
      {!blocked &&
        painted &&
        waiting.map((group) => {
          const label = tn(`deskFlow.waiting.${camel(group.status.replaceAll('_', '-'))}`, group.actions.length, [
            agentLabel(group.agentId, group.actions[0]?.agentName),
          ]);
          return (
            <ul key={group.agentId ?? ''} class="queue waiting" aria-label={label}>
              <li class="summary" aria-hidden="true">
                {label}
              </li>
              {group.actions.map(row)}
            </ul>
          );
        })}
      {!blocked && snapshot?.unidentified?.length ? <UnidentifiedRows records={snapshot.unidentified} /> : null}
      {toast && (
        <UndoToast
          marked={toast}
          onUndo={async () => toast.receipt.state === 'held' && (await backend.ask({ type: 'undoWrite', entryId: toast.receipt.entryId })).undone}
          onDone={() => setToast(null)}
        />
      )}
    </>
  );
}
