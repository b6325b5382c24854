// A write's answer lost because the background stopped mid-request. Writes are stored in the
// outbox before anything is sent, so the outbox tells what became of it: still waiting ("saved,
// will be sent"), delivered meanwhile, or refused meanwhile; the person is told that, never that
// the extension did not answer when it had stored the write.
import type { SerializedApiError } from '../api/errors';
import type { AnyRequest } from './protocol';
import type { OutboxState, Write } from '../outbox/outbox';
import type { WriteReceipt } from '../outbox/state';

/** The outbox item and operations a page's write request is stored under (background/writes.ts). */
export function writeKey(request: AnyRequest): { item: string; ops: Array<Write['op']> } | undefined {
  switch (request.type) {
    case 'saveNote':
      return { item: request.actionId, ops: ['updateMessage'] };
    case 'markSent':
    case 'markFailed':
      return { item: request.actionId, ops: ['markSent', 'markFailed'] };
    case 'viewWrite':
      return { item: `view:${request.item}`, ops: ['call'] };
    default:
      return undefined;
  }
}

/** What the lost answer would have said: the receipt, or the service's refusal to throw. */
export type LostWrite = WriteReceipt | { state: 'refused'; error: SerializedApiError };

/**
 * What became of the write a request asked for, when the outbox stored it; else undefined. The
 * request names no entry (the background makes its id), so its entry is the first of that item
 * stored since the request was sent (`since`, the page's clock, which is the background's): an
 * older write of the same item, still queued, is not taken for it. Found among those waiting,
 * those delivered lately and those refused.
 */
export function receiptFromOutbox(
  state: Pick<OutboxState, 'entries'> & Partial<Pick<OutboxState, 'dead' | 'delivered'>>,
  key: { item: string; ops: Array<Write['op']> },
  since = 0,
): LostWrite | undefined {
  const ours = (e: { actionId: string; op: Write['op']; enqueuedAt: number }) => e.actionId === key.item && key.ops.includes(e.op) && e.enqueuedAt >= since;
  const found = [
    ...state.entries.filter(ours).map((e) => ({ at: e.enqueuedAt, outcome: (): LostWrite => pending(e) })),
    ...(state.delivered ?? []).filter(ours).map((e) => ({ at: e.enqueuedAt, outcome: (): LostWrite => ({ state: 'saved' }) })),
    ...(state.dead ?? []).filter(ours).map((e) => ({ at: e.enqueuedAt, outcome: (): LostWrite => ({ state: 'refused', error: e.error }) })),
  ].sort((a, b) => a.at - b.at)[0];
  return found?.outcome();
}

function pending(entry: OutboxState['entries'][number]): WriteReceipt {
  if (entry.holdUntil !== undefined) return { state: 'held', entryId: entry.id, until: entry.holdUntil };
  return { state: 'queued', reason: entry.lastError, waitingFor: entry.waitingFor };
}
