// What the background's writes decide, as pure functions: the write a mark makes, whether a write
// just stored is worth waiting for, the receipt it then gets from the outbox's state, the read-back
// a refused mark needs, and when a batch of marks has gone out. writes.ts does what they decide.
import type { SerializedApiError } from '../api/errors';
import type { FailReason } from '../invitations/fail-reasons';
import { type MarkContext, markMetadata } from '../invitations/metadata';
import { dueAt } from '../outbox/core';
import type { LimiterConfig } from '../outbox/limiter';
import type { OutboxEntry, OutboxState, Write } from '../outbox/outbox';
import type { WriteReceipt } from '../outbox/state';

export type { WriteReceipt } from '../outbox/state';

/** How long a mark made from the popup can be undone before it is sent. */
export const UNDO_MS = 5_000;

/** A write held back no longer than this is waited for before answering. */
const SHORT_WAIT_MS = 2_000;

export interface Mark {
  outcome: 'sent' | 'failed';
  method: 'manual' | 'assisted';
  reason?: FailReason | undefined;
  text?: string | undefined;
  /** What the assistant saw on the page, stored with the mark. */
  extra?: Record<string, unknown>;
}

/** The write a mark makes: its metadata says how and when it was made, and what the assistant saw. */
export function markWrite(m: Mark, context: MarkContext): Write {
  const metadata = { ...markMetadata(context, { method: m.method, reason: m.reason, reasonText: m.text }), ...m.extra };
  return { op: m.outcome === 'sent' ? 'markSent' : 'markFailed', body: { metadata } };
}

/** A held mark's receipt: the person may take it back until then. */
export const heldReceipt = (entry: OutboxEntry): WriteReceipt => ({ state: 'held', entryId: entry.id, until: entry.enqueuedAt + UNDO_MS });

/** The write, while it waits in a queue that is not paused for the key. */
export const waiting = (state: OutboxState, entryId: string): OutboxEntry | undefined =>
  state.pausedForKey ? undefined : state.entries.find((e) => e.id === entryId);

/**
 * How long to wait for a write that waits: when only the spacing between writes holds it back, a
 * moment, and the person then sees the service's own answer rather than "queued"; else undefined.
 */
export function shortWait(state: OutboxState, pending: OutboxEntry, now: number, cfg: LimiterConfig): number | undefined {
  const wait = dueAt(state, pending, now, cfg) - now;
  return wait > SHORT_WAIT_MS ? undefined : Math.max(0, wait);
}

/**
 * What the person is told of a write from the outbox's state: refused (with the service's words),
 * saved (with the answer kept for it, if any), or queued and why; a queue paused for the key
 * also says which 401 paused it (`unauthorized`), for the sync status.
 */
export function receiptOf(
  state: OutboxState,
  entryId: string,
  answer: unknown,
): { refused: SerializedApiError } | { receipt: WriteReceipt; unauthorized?: string } {
  const dead = state.dead.find((d) => d.id === entryId);
  if (dead) return { refused: dead.error };
  const pending = state.entries.find((e) => e.id === entryId);
  if (!pending) return { receipt: answer === undefined ? { state: 'saved' } : { state: 'saved', answer } };
  const receipt: WriteReceipt = { state: 'queued', reason: pending.lastError, waitingFor: pending.waitingFor ?? (state.outage ? 'service' : undefined) };
  return state.pausedForKey ? { receipt, unauthorized: pending.lastError ?? 'Unauthenticated' } : { receipt };
}

/**
 * The read-back of a refused retry of a mark whose first answer was lost: does the service hold
 * what was meant? It lists the actions of that status (of the mark's agent, when known).
 */
export function readBackQuery(entry: OutboxEntry) {
  const status = entry.op === 'markSent' ? 'sent' : 'failed';
  return { status, limit: 100, ...(entry.agentId ? { agent_filter: entry.agentId } : {}) } as const;
}

/** A mark sent is the last of its batch when no other is queued: the week's figures are read once for the batch. */
export const lastOfBatch = (state: OutboxState, entry: OutboxEntry): boolean => !state.entries.some((e) => e.op === 'markSent' && e.id !== entry.id);
