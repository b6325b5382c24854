// How a view's write stands in the outbox, for the item it was made on: waiting to be sent, or
// refused (kept for Retry or Discard). The outbox names view writes "view:<item>".
import type { SerializedApiError } from '../api/errors';
import type { OutboxState, WaitReason } from '../outbox/outbox';

export type ItemWriteStatus =
  | { state: 'queued'; entryId: string; waitingFor?: WaitReason | undefined }
  | { state: 'refused'; entryId: string; error: SerializedApiError };

const outboxItem = (item: string) => `view:${item}`;

export function itemWriteStatus(outbox: Pick<OutboxState, 'entries' | 'dead'>, item: string): ItemWriteStatus | undefined {
  const key = outboxItem(item);
  const dead = outbox.dead.findLast((d) => d.actionId === key);
  if (dead) return { state: 'refused', entryId: dead.id, error: dead.error };
  const pending = outbox.entries.find((e) => e.actionId === key);
  return pending && { state: 'queued', entryId: pending.id, waitingFor: pending.waitingFor };
}
