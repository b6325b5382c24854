// The work that waits (contact emails, letters, AI replies to handle), read with the poll when 10
// minutes old, so that opening the popup or the options page's Overview costs no request (issue
// 24's bench: opening a view costs at most one). Quiet on failure: a page then reads it itself.
import { keyRejectedItem, waitingWorkItem } from '../store/storage';
import { readWaitingWork } from '../views/waiting-count';
import { waitingStale } from '../views/waiting-work';
import type { Platform } from './platform';
import type { Service } from './service';

export interface WaitingReads {
  refreshIfStale(): Promise<void>;
  /**
   * A page's ask (the popup, the Overview) when what is kept is 10 minutes old, as when the poll's
   * reads failed: read now, in the views' share of the budget; the page loads no reading rules.
   */
  readStale(): Promise<null>;
}

export function createWaitingReads(p: Pick<Platform, 'now'>, service: Pick<Service, 'readAllowed' | 'view'>): WaitingReads {
  async function read() {
    const found = await readWaitingWork((name, query) => service.view(name, { query }), p.now());
    if (found) await waitingWorkItem.setValue(found);
  }
  // A rejected key is not spent on: the client would refuse the read anyway, after its budget.
  async function stale() {
    const [kept, rejected] = await Promise.all([waitingWorkItem.getValue(), keyRejectedItem.getValue()]);
    return !rejected && waitingStale(kept, p.now());
  }
  return {
    async refreshIfStale() {
      if ((await stale()) && (await service.readAllowed())) await read();
    },
    async readStale() {
      if (await stale()) await read();
      return null;
    },
  };
}
