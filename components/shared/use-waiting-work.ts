import { useEffect } from 'preact/hooks';
import { waitingWorkItem } from '../../lib/storage';
import { WAITING_PAGE, WAITING_READS, waitingCount, waitingStale, type WaitingKind, type WaitingWork } from '../../lib/views/waiting-work';
import { useBackend } from './use-backend';
import { useStored } from './use-stored';

/**
 * How many emails, letters and replies wait, kept in storage for the popup and the options page's
 * Overview alike. The background reads them with its poll (lib/background/waiting-reads.ts); the
 * page reads them only when what is kept is older than `maxAgeMs` (10 minutes by default), as when
 * the background's reads failed.
 */
export function useWaitingWork(enabled: boolean, maxAgeMs?: number): WaitingWork | null {
  const backend = useBackend();
  const waiting = useStored(waitingWorkItem, null);
  useEffect(() => {
    if (!enabled) return;
    void (async () => {
      if (!waitingStale(await waitingWorkItem.getValue(), Date.now(), maxAgeMs)) return;
      const read = async (what: WaitingKind) => {
        try {
          return waitingCount(await backend.ask({ type: 'viewRead', call: { name: WAITING_READS[what], query: { per_page: WAITING_PAGE } } }), what);
        } catch {
          // Not known this time: nothing is said about it rather than something wrong.
          return null;
        }
      };
      const [emails, letters, replies] = await Promise.all([read('emails'), read('letters'), read('replies')]);
      if (emails || letters || replies) await waitingWorkItem.setValue({ emails, letters, replies, fetchedAt: Date.now() });
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
