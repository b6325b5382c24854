// The work that waits (contact emails, letters, AI replies to handle), read with the poll when 10
// minutes old, so that opening the popup or the options page's Overview costs no request (issue
// 24's bench: opening a view costs at most one). Quiet on failure: a page then reads it itself.
import { keyRejectedItem, waitingWorkItem } from '../storage';
import { WAITING_PAGE, WAITING_READS, waitingCount, waitingStale, type WaitingKind } from '../views/waiting-work';
import type { Platform } from './platform';
import type { Service } from './service';

export interface WaitingReads {
  refreshIfStale(): Promise<void>;
}

export function createWaitingReads(p: Pick<Platform, 'now'>, service: Pick<Service, 'readAllowed' | 'view'>): WaitingReads {
  const read = async (what: WaitingKind) => {
    try {
      return waitingCount(await service.view(WAITING_READS[what], { query: { per_page: WAITING_PAGE } }), what);
    } catch {
      // Not known this time: nothing is said about it rather than something wrong.
      return null;
    }
  };
  return {
    async refreshIfStale() {
      const [kept, rejected] = await Promise.all([waitingWorkItem.getValue(), keyRejectedItem.getValue()]);
      if (rejected || !waitingStale(kept, p.now())) return;
      if (!(await service.readAllowed())) return;
      const [emails, letters, replies] = await Promise.all([read('emails'), read('letters'), read('replies')]);
      if (emails || letters || replies) await waitingWorkItem.setValue({ emails, letters, replies, fetchedAt: p.now() });
    },
  };
}
