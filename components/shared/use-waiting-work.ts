import { useEffect } from 'preact/hooks';
import { waitingWorkItem } from '../../lib/store/storage';
import { waitingStale, type WaitingWork } from '../../lib/views/waiting-work';
import { useBackend } from './use-backend';
import { useStored } from './use-stored';

/**
 * How many emails, letters and replies wait, kept in storage for the popup and the options page's
 * Overview alike. The background reads them with its poll (lib/background/waiting-reads.ts); the
 * page reads them only when what is kept is older than 10 minutes, as when the background's reads
 * failed.
 */
export function useWaitingWork(enabled: boolean): WaitingWork | null {
  const backend = useBackend();
  const waiting = useStored(waitingWorkItem, null);
  useEffect(() => {
    if (!enabled) return;
    void (async () => {
      if (!waitingStale(await waitingWorkItem.getValue(), Date.now())) return;
      // The reading rules are loaded only now: most openings find the background's counts fresh.
      const { readWaitingWork } = await import('../../lib/views/waiting-count');
      const read = await readWaitingWork((name, query) => backend.ask({ type: 'viewRead', call: { name, query } }), Date.now());
      if (read) await waitingWorkItem.setValue(read);
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
