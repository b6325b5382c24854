import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';
import { accountItem, actionsItem, settingsItem, syncStatusItem } from '../../lib/store/storage';
import { BlockBoundary } from '../shared/block-boundary';
import type { PopupInitial } from '../shared/initial';
import { PaceLine } from '../shared/pace-line';
import { Queue } from '../shared/queue';
import { StatusBanner } from '../shared/status-banner';
import type { ThisProfile, Target, TargetSource } from '../shared/this-profile';
import { UpdateNotice } from '../shared/update-notice';
import { useBackend } from '../shared/use-backend';
import { useStored } from '../shared/use-stored';
import { WaitingWork } from './waiting-work';
import { WorkBeside } from './work-beside';

export type { PopupInitial } from '../shared/initial';

/** The toolbar popup: the ready invitations as a dense queue, painted from storage, then refreshed. */
export function PopupApp({ initial, addSource = 'tab' }: { initial: PopupInitial; addSource?: TargetSource }) {
  const backend = useBackend();
  const snapshot = useStored(actionsItem, initial.snapshot);
  const status = useStored(syncStatusItem, initial.status);
  const account = useStored(accountItem, initial.account)?.account;
  const settings = useStored(settingsItem, initial.settings);
  const [refreshing, setRefreshing] = useState(false);
  const [reveal, setReveal] = useState<{ actionId: string } | null>(null);
  const [profileBlock, setProfileBlock] = useState<{ Block: typeof ThisProfile; target: Target | null } | null>(null);

  // "This profile" and its form load only when the tab shows a profile (or a link was chosen).
  useEffect(() => {
    void backend
      .ask({ type: 'profileTarget', source: addSource })
      .catch(() => null)
      .then(async (target) => {
        if (!target && addSource === 'tab') return;
        const { ThisProfile: Block } = await import('../shared/this-profile');
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

  const blocked = status.state === 'not-set-up' || status.state === 'key-rejected';

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
        <PaceLine settings={settings} enabled={!blocked} />
        {addSource === 'tab' && <WorkBeside />}
      </header>
      <StatusBanner status={status} fetchedAt={snapshot?.fetchedAt} />
      {/* Only Firefox's update writes the notice (lib/store/firefox-adoption.ts): not in Chrome's bundles. */}
      {import.meta.env.FIREFOX && <UpdateNotice onOpenSettings={() => backend.openOptions('settings')} />}
      {!blocked && profileBlock && (
        <BlockBoundary>
          <profileBlock.Block
            source={addSource}
            target={profileBlock.target}
            account={account}
            preferredAgent={settings.agentFilter}
            onShowInvitation={(actionId) => setReveal({ actionId })}
          />
        </BlockBoundary>
      )}
      <Queue snapshot={snapshot} status={status} account={account} settings={settings} reveal={reveal} />
    </main>
  );
}
