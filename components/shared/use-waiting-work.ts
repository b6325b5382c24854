import { useEffect } from 'preact/hooks';
import { waitingWorkItem } from '../../lib/storage';
import { WAITING_PAGE, waitingCount, waitingStale, type WaitingKind, type WaitingWork } from '../../lib/views/waiting-work';
import { useBackend } from './use-backend';
import { useStored } from './use-stored';

const READS = { emails: 'emailsToValidate', letters: 'lettersToValidate', replies: 'emailsToHandle' } as const;

/**
 * How many emails, letters and replies wait, kept in storage for the popup and the options page's
 * Overview alike: read again when older than `maxAgeMs` (the popup's 10 minutes by default).
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
          return waitingCount(await backend.ask({ type: 'viewRead', call: { name: READS[what], query: { per_page: WAITING_PAGE } } }), what);
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
