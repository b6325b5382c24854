import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { paceOf } from '../../lib/pace';
import {
  accountItem,
  actionsItem,
  sentLogItem,
  settingsItem,
  syncStatusItem,
  weeklyStatsItem,
  type AccountSnapshot,
  type ActionsSnapshot,
  type Settings,
  type SyncStatus,
} from '../../lib/storage';
import { ActionItem } from './action-item';
import { OutboxView } from './outbox-view';
import { AgentSelect } from '../shared/agent-select';
import { agentNameOf } from '../shared/agent-names';
import { useBackend } from '../shared/use-backend';
import { errorText } from '../shared/error-text';
import { StatusBanner } from './status-banner';
import { useRequest } from '../shared/use-request';
import { t, tn } from '../../lib/i18n';
import { useStored } from '../shared/use-stored';

export interface PopupInitial {
  snapshot: ActionsSnapshot | null;
  status: SyncStatus;
  account: AccountSnapshot | null;
  settings: Settings;
}

/** The toolbar popup: the ready invitations, painted from storage, then refreshed. */
export function PopupApp({ initial }: { initial: PopupInitial }) {
  const backend = useBackend();
  const filterId = useId();
  const snapshot = useStored(actionsItem, initial.snapshot);
  const status = useStored(syncStatusItem, initial.status);
  const account = useStored(accountItem, initial.account)?.account;
  const settings = useStored(settingsItem, initial.settings);
  const weekly = useStored(weeklyStatsItem, null);
  const sentLog = useStored(sentLogItem, []);
  const pace = paceOf(weekly, sentLog, Date.now(), settings.weeklyCap);
  const [refreshing, setRefreshing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [filterState, runFilter] = useRequest();
  const mainRef = useRef<HTMLElement>(null);

  // The marked item leaves the list with the focused button: keep keyboard users in place.
  const onMarked = (message: string) => {
    setAnnouncement(message);
    requestAnimationFrame(() => {
      const next = mainRef.current?.querySelector<HTMLElement>('.actions-list') ?? mainRef.current;
      next?.focus();
    });
  };

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

  const actions = snapshot?.actions ?? [];
  const blocked = status.state === 'not-set-up' || status.state === 'key-rejected';

  return (
    <main class="popup" ref={mainRef} tabIndex={-1}>
      <header class="row">
        <h1>{t('extName')}</h1>
        <button type="button" onClick={() => void refresh()} disabled={refreshing || blocked} aria-busy={refreshing}>
          {refreshing ? t('popup.refreshing') : t('popup.refresh')}
        </button>
        <button type="button" onClick={() => backend.openOptions()}>
          {t('popup.settings')}
        </button>
      </header>
      <StatusBanner status={status} fetchedAt={snapshot?.fetchedAt} />
      {!blocked && (
        <div class="row filter">
          <label for={filterId}>{t('popup.agentFilter')}</label>
          <AgentSelect
            id={filterId}
            value={settings.agentFilter ?? ''}
            account={account}
            actions={actions}
            onChange={(value) => {
              const agentFilter = value || null;
              void runFilter(() => backend.ask({ type: 'saveSettings', agentFilter }));
            }}
          />
        </div>
      )}
      <OutboxView actions={actions} />
      {filterState.phase === 'failed' && <p class="feedback error" role="alert">{errorText(filterState.error)}</p>}
      <p class="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {!blocked && snapshot && (
        <p class="summary">{snapshot.full ? t('popup.countFull', [actions.length]) : tn('popup.count', actions.length)}</p>
      )}
      {!blocked && (
        <p class={`pace ${pace.level}`}>
          {t('panel.pace', [pace.sent, pace.cap])}
          {pace.level !== 'ok' && ` ${t(pace.level === 'over' ? 'popup.paceOver' : 'popup.paceWarn')}`}
        </p>
      )}
      {!blocked && !snapshot && status.state === 'never' && <p class="summary">{t('popup.loading')}</p>}
      {!blocked && snapshot && actions.length === 0 && <p class="empty">{t('popup.empty')}</p>}
      {!blocked && actions.length > 0 && (
        <ul class="actions-list" tabIndex={-1} aria-label={t('popup.listLabel')}>
          {actions.map((a) => (
            <li key={a.id}>
              <ActionItem action={a} agentName={agentNameOf(account, a.agentId)} onMarked={onMarked} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
