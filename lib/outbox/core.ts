// The outbox's queue as pure functions over its stored state (state.ts): a write stored, picked,
// settled by its answer, held, released, taken back or sent again, and every stored time moved
// back with a clock set back. The shell (outbox.ts) locks, loads, applies one of these, stores the
// result, and makes the requests they decide; the request budget's and the outage's bookkeeping
// is in budget.ts.
import { serializeError, type SerializedApiError } from '../api/errors';
import { announcedLimit, answered, noteLimited, outageGrown } from './budget';
import { judge, type Meaning, type WaitReason } from './judge';
import { nextAllowedAt, recordRequest, type LimiterConfig, type LimitSignal } from './limiter';
import { probeDueAt, probeSent } from './probe';
import { type DeadEntry, type DeliveredEntry, EMPTY_OUTBOX, HOLD_MS, type OutboxEntry, type OutboxState, type Write, type WritePerson } from './state';

/** Delivered writes remembered: a page's answer is lost only while its worker stops, seconds. */
const RECENT_DELIVERED = 20;
/** Numbers above this (September 2001 in epoch milliseconds) are times. */
const EPOCH_MS = 1e12;

/** A write as stored when asked for; held for `holdMs` first when the person may still undo it. */
export function newEntry(write: Write, id: string, actionId: string, agentId: string | undefined, now: number, holdMs = 0, person?: WritePerson): OutboxEntry {
  const hold = holdMs > 0 ? { notBefore: now + holdMs, holdUntil: now + holdMs } : { notBefore: 0 };
  return { ...write, id, actionId, agentId, ...(person ? { person } : {}), enqueuedAt: now, uncertain: false, ...hold };
}

/** A write stored: it goes after those of its action already waiting. */
export const enqueue = (s: OutboxState, entry: OutboxEntry): OutboxState => ({ ...s, entries: [...s.entries, entry] });

/** Takes back a write never sent (an undo); not when it is gone or may have reached the service. */
export function cancel(s: OutboxState, entryId: string): { state: OutboxState; cancelled: boolean } {
  const entry = s.entries.find((e) => e.id === entryId);
  if (!entry || entry.uncertain) return { state: s, cancelled: false };
  return { state: { ...s, entries: s.entries.filter((e) => e.id !== entryId) }, cancelled: true };
}

/** A refused write queued again at the end, to be sent again (not read back again). */
export function retry(s: OutboxState, deadId: string): OutboxState {
  const dead = s.dead.find((d) => d.id === deadId);
  if (!dead) return s;
  const { deadAt: _a, reason: _r, error: _e, refusal: _f, ...entry } = dead;
  return { ...s, dead: s.dead.filter((d) => d.id !== deadId), entries: [...s.entries, { ...entry, notBefore: 0 }] };
}

export const discard = (s: OutboxState, deadId: string): OutboxState => ({ ...s, dead: s.dead.filter((d) => d.id !== deadId) });

/**
 * A refused write whose invitation was read again: its refusal becomes what was found (handled
 * elsewhere), and nothing is left to retry. Unchanged when it is gone (discarded meanwhile).
 */
export function foundHandled(s: OutboxState, deadId: string, error: SerializedApiError): OutboxState {
  if (!s.dead.some((d) => d.id === deadId)) return s;
  return { ...s, dead: s.dead.map((d) => (d.id === deadId ? { ...d, error, reason: error.message } : d)) };
}

/** A delivered write the person must hear of (a mark another one replaced): listed with the refused, once. */
export const told = (s: OutboxState, dead: DeadEntry): OutboxState => ({ ...s, dead: [...s.dead.filter((d) => d.id !== dead.id), dead] });

/** The service's origin changed: what was made for the old one waits for the person's choice. */
export function holdFor(s: OutboxState, origin: string): OutboxState {
  const held = <T extends OutboxEntry>(e: T): T => (e.heldFor ? e : { ...e, heldFor: origin });
  return s.entries.length || s.dead.length ? { ...s, entries: s.entries.map(held), dead: s.dead.map(held) } : s;
}

/** The person's choice for the held writes: sent to the service now set, or discarded. */
export function releaseHeld(s: OutboxState, send: boolean): OutboxState {
  const free = <T extends OutboxEntry>({ heldFor: _h, ...e }: T) => e as T;
  return send
    ? { ...s, entries: s.entries.map(free), dead: s.dead.map(free) }
    : { ...s, entries: s.entries.filter((e) => !e.heldFor), dead: s.dead.filter((e) => !e.heldFor) };
}

/**
 * An agent is active again: the marks held for a paused agent may go now (those of an agent still
 * paused are answered so again, and held again).
 */
export const agentActive = (s: OutboxState): OutboxState => ({
  ...s,
  entries: s.entries.map((e) => (e.waitingFor === 'agent' ? { ...e, notBefore: 0 } : e)),
});

/** The key changed: writes held after a 401 may go. */
export const resume = (s: OutboxState): OutboxState => ({ ...s, pausedForKey: false });

/** A person saw the refused list: the oldest of it may now make room for new refusals (store.ts). */
export const refusedSeen = (s: OutboxState, now: number): OutboxState => ({ ...s, deadSeenAt: now });

/** Forget everything: every write, queued or refused, goes; the budget stays (its requests were made). */
export const forget = (s: OutboxState): { state: OutboxState; queued: number } => ({
  state: { ...EMPTY_OUTBOX, limiter: s.limiter },
  queued: s.entries.length,
});

/**
 * After the clock went back, every stored time (a number of epoch milliseconds, as every time here
 * is) moves back with it: each wait is as long from now as it was, and the requests of the last
 * minute stay in it for what is left of their minute.
 */
export function shift(s: OutboxState, now: number): OutboxState {
  const d = (s.seenAt ?? now) - now;
  return d > 0 ? (JSON.parse(JSON.stringify(s), (_k, v: unknown) => (typeof v === 'number' && v > EPOCH_MS ? v - d : v)) as OutboxState) : s;
}

/** Entries that wait for nothing but their turn: the first pending entry of each action. */
function heads(entries: OutboxEntry[]): OutboxEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    if (seen.has(e.actionId)) return false;
    seen.add(e.actionId);
    return true;
  });
}

/** When an entry may go: the budget (a read for a read-back), the outage's backoff, its own hold. */
export const dueAt = (s: OutboxState, e: OutboxEntry, now: number, cfg: LimiterConfig): number =>
  Math.max(s.outage?.until ?? 0, nextAllowedAt(s.limiter, now, e.refusal ? 'read' : 'write', cfg), e.notBefore);

/**
 * A mark held for its paused agent is a recheck that will most likely be answered "paused" again:
 * it goes after the writes that can land, which it would otherwise delay by a slot of the budget
 * (the model test found a write delivered half a minute late behind two such rechecks).
 */
const recheck = (e: OutboxEntry): number => (e.waitingFor === 'agent' ? 1 : 0);

/** What goes next: an entry, the probe, or nothing before `wakeAt` (nothing at all: no wake). */
export interface Turn {
  entry?: OutboxEntry;
  probe?: true;
  wakeAt?: number;
}

/**
 * The next entry that may go now (writes that can land first, then the one tried least recently),
 * or the time something may go. Writes held for a service the person left wait for their choice.
 * During an outage, with a probe, the probe goes first: when it is due, the budget allows a read
 * (a wait the service asked for included) and some write waits for nothing else.
 */
export function pick(s: OutboxState, now: number, cfg: LimiterConfig, probing: boolean): Turn {
  if (s.pausedForKey) return {};
  const first = heads(s.entries).filter((e) => !e.heldFor);
  if (probing && s.outage && first.length) {
    const at = Math.max(probeDueAt(s.outage), nextAllowedAt(s.limiter, now, 'read', cfg), Math.min(...first.map((e) => e.notBefore)));
    return at <= now ? { probe: true } : { wakeAt: at };
  }
  const timed = first.map((e) => ({ e, at: dueAt(s, e, now, cfg) }));
  if (!timed.length) return {};
  const due = timed.filter((t) => t.at <= now).sort((a, b) => recheck(a.e) - recheck(b.e) || (a.e.lastTriedAt ?? 0) - (b.e.lastTriedAt ?? 0))[0];
  return due ? { entry: due.e } : { wakeAt: Math.min(...timed.map((t) => t.at)) };
}

/**
 * The state stored before the turn's request goes (so that a worker stopped during it finds it
 * counted): the probe's read and the next probe planned, or the entry's write counted and the
 * entry uncertain from now on (a read-back spends its read where it is made).
 */
export function started(s: OutboxState, turn: Turn, now: number, random: () => number): OutboxState {
  if (turn.probe && s.outage) return { ...s, limiter: recordRequest(s.limiter, now, 'read'), outage: probeSent(s.outage, now, random) };
  const e = turn.entry;
  if (!e) return s;
  return {
    ...s,
    limiter: e.refusal ? s.limiter : recordRequest(s.limiter, now, 'write'),
    entries: s.entries.map((x) => (x.id === e.id ? { ...x, uncertain: true, lastTriedAt: now } : x)),
  };
}

/** What a delivery came to: delivered (`ok`), or what its failure means, with the answer. */
export interface Outcome {
  m: Meaning | 'ok';
  error?: SerializedApiError;
  signal?: LimitSignal | undefined;
  /** A read-back still to make, and the refusal it is for. */
  refusal?: SerializedApiError;
  /** The service's answer to a delivered write. */
  answer?: unknown;
}

/** A write's request failed: what that means for it (`check`: read back before believing it). */
export const sendFailed = (entry: OutboxEntry, failure: unknown): Outcome & { error: SerializedApiError } => ({
  m: judge(entry, failure),
  error: serializeError(failure),
  signal: announcedLimit(failure),
});

/**
 * A read-back failed: a refusal of the read (it should not be one) lets the write's refusal stand;
 * else the read-back waits as the read says (a limit answer to it was noted where it was made).
 */
export function readBackFailed(refusal: SerializedApiError, failure: unknown): Outcome {
  const m = judge({ op: 'read', uncertain: false }, failure);
  return m === 'dead' ? { m, error: refusal } : { m, error: serializeError(failure), refusal };
}

/** The stored state once a delivery's outcome is known. */
export function settle(s: OutboxState, id: string, { m, error, signal, refusal }: Outcome, now: number, random: () => number): OutboxState {
  const current = s.entries.find((e) => e.id === id);
  if (!current) return s;
  const rest = s.entries.filter((e) => e.id !== id);
  // Any answer but an outage's or a limit's shows the service is back.
  if (m !== 'service' && m !== 'limit') s = answered(s);
  if (m === 'ok') {
    const done: DeliveredEntry = { id: current.id, actionId: current.actionId, op: current.op, enqueuedAt: current.enqueuedAt, deliveredAt: now };
    return { ...s, entries: rest, delivered: [...(s.delivered ?? []), done].slice(-RECENT_DELIVERED) };
  }
  if (m === 'dead') return { ...s, entries: rest, dead: [...s.dead, { ...current, deadAt: now, reason: error!.message, error: error! }] };
  // Still uncertain: an earlier try of this entry may have landed.
  if (m === 'pause') return { ...s, pausedForKey: true };
  // A limit answer blocks every request; the extension's own budget (no signal) blocks nothing more.
  if (signal) s = noteLimited(s, signal, now, random);
  if (m === 'service') s = outageGrown(s, now, random);
  const patch = { lastError: error!.message, waitingFor: m as WaitReason, refusal, notBefore: m === 'agent' ? now + HOLD_MS : current.notBefore };
  return { ...s, entries: s.entries.map((e) => (e.id === id ? { ...e, ...patch } : e)) };
}
