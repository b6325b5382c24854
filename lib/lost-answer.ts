// A write's answer lost because the background stopped mid-request. Writes are stored in the
// outbox before anything is sent, so the outbox tells whether it was kept: then it was not lost,
// it waits ("saved, will be sent"), and the person must not be told it failed.
import type { WriteReceipt } from './background/writes';
import type { AnyRequest } from './messaging/protocol';
import type { OutboxState, Write } from './outbox/outbox';

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

/** The receipt the lost answer would have given, when the outbox holds the write; else undefined. */
export function receiptFromOutbox(state: Pick<OutboxState, 'entries'>, key: { item: string; ops: Array<Write['op']> }): WriteReceipt | undefined {
  const entry = state.entries.findLast((e) => e.actionId === key.item && key.ops.includes(e.op));
  if (!entry) return undefined;
  if (entry.holdUntil !== undefined) return { state: 'held', entryId: entry.id, until: entry.holdUntil };
  return { state: 'queued', reason: entry.lastError, waitingFor: entry.waitingFor };
}
