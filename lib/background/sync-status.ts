// How the last exchange with the service went, as the badge and the pages show it.
import { ApiError, serializeError } from '../api/errors';
import { badgeFor } from '../badge';
import { actionsItem, keyRejectedAtItem, keyRejectedItem, syncStatusItem, type SyncState } from '../storage';
import type { Platform } from './platform';

export interface SyncStatus {
  set(state: SyncState, error?: unknown): Promise<void>;
  /** Records a failure; a 401 marks the key rejected, which stops polling until it is cleared. */
  noteFailure(error: unknown): Promise<void>;
  refreshBadge(): Promise<void>;
}

export function createSyncStatus(p: Pick<Platform, 'now' | 'setBadge' | 't'>): SyncStatus {
  async function refreshBadge(): Promise<void> {
    const [status, snapshot] = await Promise.all([syncStatusItem.getValue(), actionsItem.getValue()]);
    await p.setBadge(badgeFor(status, snapshot, p.t));
  }

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

  return { set, noteFailure, refreshBadge };
}
