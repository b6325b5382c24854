import { useEffect } from 'preact/hooks';
import { waitingWorkItem } from '../../lib/store/storage';
import { waitingStale, type WaitingWork } from '../../lib/views/waiting-work';
import { useBackend } from './use-backend';
import { useStored } from './use-stored';

/**
 * How many emails, letters and replies wait, kept in storage for the popup and the options page's
 * Overview alike. The background reads them with its poll (lib/background/waiting-reads.ts); the
 * page asks it to read them again only when what is kept is older than 10 minutes, as when the
 * poll's reads failed.
 */
export function useWaitingWork(enabled: boolean): WaitingWork | null {
  const backend = useBackend();
  const waiting = useStored(waitingWorkItem, null);
  useEffect(() => {
    if (!enabled) return;
    void (async () => {
      if (!waitingStale(await waitingWorkItem.getValue(), Date.now())) return;
      // The background reads and keeps them (storage then redraws this): the page carries no reading rules.
      await backend.ask({ type: 'readWaitingWork' }).catch(() => null);
    })();
  }, [enabled]);
  return waiting;
}

/**
 * After a decision (or any view's write), what is kept of the work that waits may be off by one:
 * it is marked stale, and the next popup or Overview reads it again.
 */
export async function markWaitingStale(): Promise<void> {
  const kept = await waitingWorkItem.getValue();
  if (kept) await waitingWorkItem.setValue({ ...kept, fetchedAt: 0 });
}
