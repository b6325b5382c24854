// What the outbox stores: its writes waiting, refused and lately delivered, the request budget it
// shares with reads, and its waits. One state, changed only by the transitions of core.ts.
import type { SerializedApiError } from '../api/errors';
import type { OpBody } from '../api/operations';
import type { ViewCall, ViewWrite } from '../api/view-ops';
import type { WaitReason } from './judge';
import { EMPTY_LIMITER, type LimiterState } from './limiter';
import type { Outage } from './probe';

type MarkOp = 'markSent' | 'markFailed';

/**
 * A write as asked for: an invitation's mark or note and the body it takes, or a write of the
 * options page's views (`call`: the operation and its parameters, checked by the table when sent).
 * A note's `base` is the note its editor started from: before it is sent, the service's note is
 * compared with it (lib/background/note-check.ts). Absent in a note stored by an earlier version.
 * A validation's `seen` is what the person saw of the email or letter (lib/views/seen.ts), compared
 * the same way (lib/background/seen-check.ts).
 */
export type Write =
  | { [K in MarkOp]: { op: K; body: OpBody<K> } }[MarkOp]
  | { op: 'updateMessage'; body: OpBody<'updateMessage'>; base?: string | null | undefined }
  | { op: 'call'; body: ViewCall<ViewWrite>; seen?: string | undefined };

/**
 * Whom a write concerns, as the ready list named them when it was asked for: its line and its refusal
 * name them so whatever the service lists later (a poll may drop the action). Absent in a write
 * stored by an earlier version, and in a view's write.
 */
export interface WritePerson {
  name: string;
  company?: string | undefined;
}

interface EntryState {
  id: string;
  actionId: string;
  /** The action's agent, when known: a read-back asks for that agent's actions only. */
  agentId?: string | undefined;
  person?: WritePerson | undefined;
  enqueuedAt: number;
  /** Not before this time (a mark held for its paused agent). */
  notBefore: number;
  /** A request for it was sent and may have landed (its answer was lost or not final). Sticky. */
  uncertain: boolean;
  lastError?: string | undefined;
  /** Held back until then so the person can undo it (the popup's undo toast). */
  holdUntil?: number | undefined;
  /**
   * Why its last try did not go through, for the person to read: the service (still so while the
   * state's `outage` lasts), a limit (while the limiter's `blockedUntil` is ahead), its paused agent.
   */
  waitingFor?: WaitReason | undefined;
  /** A read-back is due: the refusal it may show mistaken (the mark is not sent again before it). */
  refusal?: SerializedApiError | undefined;
  lastTriedAt?: number | undefined;
  /**
   * Made for the service at this origin, which the person has since left: sent nowhere until they
   * choose to send it to the new service or to discard it.
   */
  heldFor?: string | undefined;
}

export type OutboxEntry = EntryState & Write;

/** A write delivered lately: what a page whose answer was lost is told of it (lib/messaging/lost-answer.ts). */
export type DeliveredEntry = Pick<OutboxEntry, 'id' | 'actionId' | 'op' | 'enqueuedAt'> & { deliveredAt: number };

export type DeadEntry = OutboxEntry & {
  deadAt: number;
  reason: string;
  /** The answer that refused it, for the sentence a person sees. */
  error: SerializedApiError;
};

export interface OutboxState {
  entries: OutboxEntry[];
  dead: DeadEntry[];
  limiter: LimiterState;
  /** After a 401 nothing is sent until the key changes. */
  pausedForKey: boolean;
  outage?: Outage | undefined;
  /** The clock when the state was last stored: a clock behind it went back. */
  seenAt?: number | undefined;
  /** When a person last saw the refused list: what was refused before may make room (store.ts). */
  deadSeenAt?: number | undefined;
  /** The last RECENT_DELIVERED writes delivered, oldest first. */
  delivered?: DeliveredEntry[] | undefined;
}

export const EMPTY_OUTBOX: OutboxState = { entries: [], dead: [], limiter: EMPTY_LIMITER, pausedForKey: false };
/** A mark held for its paused agent is tried again this often (and at once when the agent is active). */
export const HOLD_MS = 15 * 60_000;

/**
 * How a write stands once asked for: taken by the service, stored and waiting its turn, or held
 * for a few seconds so the person can undo it (then sent by the outbox on its own). `waitingFor`
 * says what a queued write waits for: `agent` means its agent is paused and the mark will be
 * recorded when the agent is active again.
 */
export type WriteReceipt =
  /** `answer`: the service's body, for a write of the views (the counts of a block…). */
  | { state: 'saved'; answer?: unknown }
  | { state: 'queued'; reason?: string | undefined; waitingFor?: WaitReason | undefined }
  | { state: 'held'; entryId: string; until: number };
