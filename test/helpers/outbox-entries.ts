import { EMPTY_OUTBOX, type DeadEntry, type OutboxEntry, type OutboxState } from '../../lib/outbox/outbox';

/** A queued mark, numbered: its id, action and body all say `i`. */
export const entry = (i: number): OutboxEntry => ({
  id: `w${i}`,
  actionId: `a${i}`,
  op: 'markSent',
  body: { metadata: { n: i } },
  enqueuedAt: 1000 + i,
  notBefore: 0,
  uncertain: false,
});

export const outboxWith = (entries: OutboxEntry[], refused: DeadEntry[] = []): OutboxState => ({ ...EMPTY_OUTBOX, entries, dead: refused });
