// How the last exchange with the service went, as the badge and the pages show it.
import { ApiError, serializeError } from '../api/errors';
import { badgeFor, tabBadge } from '../invitations/badge';
import { readyCount } from '../invitations/ready-count';
import { outboxView } from '../outbox/store';
import { profileSlug } from '../network/profile-url';
import {
  accountItem,
  actionsItem,
  readyCountItem,
  keyRejectedAtItem,
  keyRejectedItem,
  moreActionsItem,
  syncStatusItem,
  type SyncState,
} from '../store/storage';
import type { Platform } from './platform';
import { listedActions } from '../invitations/queue';

export interface SyncStatus {
  set(state: SyncState, error?: unknown): Promise<void>;
  /** Records a failure; a 401 marks the key rejected, which stops polling until it is cleared. */
  noteFailure(error: unknown): Promise<void>;
  /** The toolbar's badge, and the badge of each network tab (lib/invitations/badge.ts, `tabBadge`). */
  refreshBadge(): Promise<void>;
  /** The badge of one tab, from the address the browser gives it (the loader said it changed). */
  refreshTab(tabId: number, url: string | undefined): Promise<void>;
}

export function createSyncStatus(p: Pick<Platform, 'now' | 'setBadge' | 't' | 'networkTabs'>): SyncStatus {
  /** The badge of each tab given, by the profile its address shows. */
  async function badges(tabs: { id?: number | undefined; url?: string | undefined }[], global?: boolean): Promise<void> {
    const [status, snapshot, beyond, account, outbox] = await Promise.all([
      syncStatusItem.getValue(),
      actionsItem.getValue(),
      moreActionsItem.getValue(),
      accountItem.getValue(),
      outboxView.getValue(),
    ]);
    const count = readyCount(snapshot, beyond, account?.account.agents, outbox.entries, p.now());
    const toolbar = badgeFor(status, count, p.t);
    // The pages say what the badge says: the same count, stored with it.
    if (global) await Promise.all([p.setBadge(toolbar), readyCountItem.setValue(count)]);
    const ready = new Set(listedActions(snapshot, beyond).map((a) => profileSlug(a.prospect.profileUrl)));
    await Promise.all(
      tabs.map((tab) => {
        const slug = profileSlug(tab.url);
        // A tab closed meanwhile refuses: nothing to show there.
        return tab.id === undefined ? undefined : p.setBadge(tabBadge(toolbar, status, count, !!slug && ready.has(slug), p.t), tab.id).catch(() => undefined);
      }),
    );
  }

  const refreshBadge = async () => badges(await p.networkTabs().catch(() => []), true);

  async function set(state: SyncState, error?: unknown): Promise<void> {
    await syncStatusItem.setValue({ state, at: p.now(), ...(error ? { error: serializeError(error) } : {}) });
    await refreshBadge();
  }

  async function noteFailure(error: unknown): Promise<void> {
    if (!(error instanceof ApiError)) return set('error', error);
    if (error.kind === 'not-configured') return set('not-set-up');
    if (error.kind === 'unauthorized') {
      await Promise.all([keyRejectedItem.setValue(true), keyRejectedAtItem.setValue(p.now())]);
      return set('key-rejected', error);
    }
    if (error.kind === 'network' || error.kind === 'timeout') return set('offline', error);
    return set('error', error);
  }

  return { set, noteFailure, refreshBadge, refreshTab: (tabId, url) => badges([{ id: tabId, url }]) };
}
