// The durable outbox: every write is stored before anyone is told, then delivered in order per
// action, within the request budget, across service-worker restarts. Nothing is dropped: an
// entry is delivered, still pending, or in the dead-letter list for a person to retry or discard.
// It also keeps the request budget's state, so that reads and writes counted together are all kept.
// (Over 250 lines: the queue, its waits and the budget it shares with reads change one stored state.)
import { serializeError, type SerializedApiError } from '../api/errors';
import type { OpBody } from '../api/operations';
import type { ViewCall, ViewWrite } from '../api/view-ops';
import { singleFlight } from '../single-flight';
import { judge, serviceLimit, type Meaning, type WaitReason } from './judge';
import {
  DEFAULT_LIMITER,
  EMPTY_LIMITER,
  limitSignal,
  nextAllowedAt,
  noteLimit,
  recordRequest,
  type LimiterConfig,
  type LimiterState,
  type LimitSignal,
  type RequestKind,
} from './limiter';
import { openedProbe, outageWaitMs, probeDueAt, probeSent, type Outage } from './probe';

export type { WaitReason } from './judge';
type MarkOp = 'markSent' | 'markFailed' | 'updateMessage';

/**
 * A write as asked for: an invitation's note or mark and the body it takes, or a write of the
 * options page's views (`call`: the operation and its parameters, checked by the table when sent).
 */
export type Write = { [K in MarkOp]: { op: K; body: OpBody<K> } }[MarkOp] | { op: 'call'; body: ViewCall<ViewWrite> };

interface EntryState {
  id: string;
  actionId: string;
  /** The action's agent, when known: a read-back asks for that agent's actions only. */
  agentId?: string | undefined;
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

/** A write delivered lately: what a page whose answer was lost is told of it (lib/lost-answer.ts). */
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
/** Delivered writes remembered: a page's answer is lost only while its worker stops, seconds. */
const RECENT_DELIVERED = 20;
/** How soon a worker stopped in the middle of a request is woken again (an alarm survives it). */
const RESUME_MS = 5_000;
/** Numbers above this (September 2001 in epoch milliseconds) are times. */
const EPOCH_MS = 1e12;

export interface OutboxDeps {
  load(): Promise<OutboxState>;
  save(state: OutboxState): Promise<void>;
  /** Sends one write and answers the service's body; throws ApiError on failure. */
  send(entry: OutboxEntry): Promise<unknown>;
  /** Reads back whether the service holds what a refused mark meant (a lost first try landed). */
  holds?(entry: OutboxEntry): Promise<boolean>;
  /**
   * A cheap read asking whether the service is back (probe.ts): during an outage it goes instead
   * of a write, its request counted by the outbox as a read. Throws as `send` does. Without it, the
   * head write is tried again instead.
   */
  probe?(): Promise<void>;
  now(): number;
  random(): number;
  /** Asks to be woken at this time (an alarm; it must survive the worker). */
  wakeAt(at: number): void;
  newId(): string;
  config?: LimiterConfig;
  /** The budget as the person set it, read at each delivery (it may change at any time). */
  limits?(): Promise<LimiterConfig>;
  /** Told when an entry leaves the outbox, delivered (with the service's answer) or dead. */
  onSettled?(entry: OutboxEntry, outcome: 'delivered' | 'dead', answer?: unknown): void | Promise<void>;
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

/** The service answered: the outage is over, and so is a streak of limit answers. */
function answered(s: OutboxState): OutboxState {
  return s.outage || s.limiter.limitStreak ? { ...s, outage: undefined, limiter: { ...s.limiter, limitStreak: 0 } } : s;
}

/** When an entry may go: the budget (a read for a read-back), the outage's backoff, its own hold. */
export const dueAt = (s: OutboxState, e: OutboxEntry, now: number, cfg: LimiterConfig): number =>
  Math.max(s.outage?.until ?? 0, nextAllowedAt(s.limiter, now, e.refusal ? 'read' : 'write', cfg), e.notBefore);

/**
 * After the clock went back, every stored time (a number of epoch milliseconds, as every time here
 * is) moves back with it: each wait is as long from now as it was, and the requests of the last
 * minute stay in it for what is left of their minute.
 */
export function shift(s: OutboxState, now: number): OutboxState {
  const d = (s.seenAt ?? now) - now;
  return d > 0 ? (JSON.parse(JSON.stringify(s), (_k, v: unknown) => (typeof v === 'number' && v > EPOCH_MS ? v - d : v)) as OutboxState) : s;
}

/**
 * A mark held for its paused agent is a recheck that will most likely be answered "paused" again:
 * it goes after the writes that can land, which it would otherwise delay by a slot of the budget
 * (the model test found a write delivered half a minute late behind two such rechecks).
 */
const recheck = (e: OutboxEntry): number => (e.waitingFor === 'agent' ? 1 : 0);

/**
 * The next entry that may go now (writes that can land first, then the one tried least recently),
 * or the time something may go. Writes held for a service the person left wait for their choice.
 * During an outage, with a probe, the probe goes first: when it is due, the budget allows a read
 * (a wait the service asked for included) and some write waits for nothing else.
 */
function pick(s: OutboxState, now: number, cfg: LimiterConfig, probing: boolean): { entry?: OutboxEntry; probe?: true; wakeAt?: number } {
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

/** What a delivery came to: delivered (`ok`), or what its failure means, with the answer. */
interface Outcome {
  m: Meaning | 'ok';
  error?: SerializedApiError;
  signal?: LimitSignal | undefined;
  /** A read-back still to make, and the refusal it is for. */
  refusal?: SerializedApiError;
  /** The service's answer to a delivered write. */
  answer?: unknown;
}

/** The stored state once a delivery's outcome is known. */
function settle(s: OutboxState, id: string, { m, error, signal, refusal }: Outcome, now: number, random: () => number): OutboxState {
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
  if (signal) s = { ...s, limiter: noteLimit(s.limiter, signal, now, random) };
  if (m === 'service') {
    const failures = (s.outage?.failures ?? 0) + 1;
    s = { ...s, outage: { failures, until: now + outageWaitMs(failures, random) } };
  }
  const patch = { lastError: error!.message, waitingFor: m as WaitReason, refusal, notBefore: m === 'agent' ? now + HOLD_MS : current.notBefore };
  return { ...s, entries: s.entries.map((e) => (e.id === id ? { ...e, ...patch } : e)) };
}

export function createOutbox(deps: OutboxDeps) {
  const limits = deps.limits ?? (async () => deps.config ?? DEFAULT_LIMITER);
  let queue: Promise<unknown> = Promise.resolve();

  /** One change of the stored state at a time: two writes arriving together must both be kept. */
  function locked<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  /** Changes the stored state, seen at the clock's time (`shift`); nothing is saved when nothing changed. */
  function update(change: (s: OutboxState, now: number) => OutboxState): Promise<OutboxState> {
    return locked(async () => {
      const now = deps.now();
      const loaded = await deps.load();
      const next = change(shift(loaded, now), now);
      if (next !== loaded) await deps.save({ ...next, seenAt: now });
      return next;
    });
  }

  /** Stores a write; held for `holdMs` first when the person may still undo it. */
  async function enqueue(write: Write, actionId: string, agentId?: string, holdMs = 0): Promise<OutboxEntry> {
    const now = deps.now();
    const hold = holdMs > 0 ? { notBefore: now + holdMs, holdUntil: now + holdMs } : { notBefore: 0 };
    const entry: OutboxEntry = { ...write, id: deps.newId(), actionId, agentId, enqueuedAt: now, uncertain: false, ...hold };
    await update((s) => ({ ...s, entries: [...s.entries, entry] }));
    return entry;
  }

  /** Takes back a write never sent (an undo); false when it is gone or may have reached the service. */
  async function cancel(entryId: string): Promise<boolean> {
    let cancelled = false;
    await update((s) => {
      const entry = s.entries.find((e) => e.id === entryId);
      if (!entry || entry.uncertain) return s;
      cancelled = true;
      return { ...s, entries: s.entries.filter((e) => e.id !== entryId) };
    });
    return cancelled;
  }

  /**
   * Spends one request of the budget now if it allows one (undefined), else returns the time it
   * will; `spend: false` only asks. Not spaced: a read, or a fallback try of a write under way.
   */
  async function take(kind: RequestKind, spend = true): Promise<number | undefined> {
    const cfg = await limits();
    let at: number | undefined;
    await update((s, now) => {
      at = nextAllowedAt(s.limiter, now, kind === 'view' ? 'view' : 'read', cfg);
      if (at > now) return s;
      at = undefined;
      return spend ? { ...s, limiter: recordRequest(s.limiter, now, kind) } : s;
    });
    return at;
  }

  /**
   * Tries the entry: delivered, or what its failure means. A retried mark refused in a way its
   * lost first try explains is read back (`holds`, a read of the budget): delivered when the
   * service holds what was meant, refused when it does not; when the read cannot be made now,
   * the read-back waits its turn (the mark is not sent again).
   */
  async function attempt(entry: OutboxEntry): Promise<Outcome> {
    let error = entry.refusal;
    if (!error) {
      try {
        return { m: 'ok', answer: await deps.send(entry) };
      } catch (failure) {
        error = serializeError(failure);
        const m = judge(entry, failure);
        if (m !== 'check') return { m, error, signal: serviceLimit(failure) ? limitSignal(failure) : undefined };
      }
    }
    try {
      return { m: deps.holds && (await deps.holds(entry)) ? 'ok' : 'dead', error };
    } catch (readFailure) {
      // A read refused (it should not be): the refusal stands. Else the read-back waits as the
      // read says (a limit answer to it was noted where it was made).
      const m = judge({ op: 'read', uncertain: false }, readFailure);
      return m === 'dead' ? { m, error } : { m, error: serializeError(readFailure), refusal: error };
    }
  }

  /**
   * The probe, its read counted and the next one planned before it goes (probe.ts): an answer
   * ends the outage (the writes go now), a limit answer holds every request, a 401 pauses.
   */
  async function probe(): Promise<Meaning | 'ok'> {
    try {
      await deps.probe!();
      await update(answered);
      return 'ok';
    } catch (failure) {
      const m = judge({ op: 'read', uncertain: false }, failure);
      await update((s) => (s.outage?.probing ? { ...s, outage: { ...s.outage, probing: false } } : s));
      if (m === 'pause') await update((s) => ({ ...s, pausedForKey: true }));
      else if (serviceLimit(failure)) await update((s, now) => ({ ...s, limiter: noteLimit(s.limiter, limitSignal(failure), now, deps.random) }));
      else if (m !== 'service' && m !== 'limit') await update(answered);
      return m;
    }
  }

  async function deliverOnce(): Promise<boolean> {
    const cfg = await limits();
    let picked: { entry?: OutboxEntry; probe?: true; wakeAt?: number } = {};
    // Stored before sending: if the worker dies now, the entry is redelivered and counted. (A
    // read-back spends its read where it is made.)
    await update((s, now) => {
      picked = pick(s, now, cfg, !!deps.probe);
      if (picked.probe && s.outage) return { ...s, limiter: recordRequest(s.limiter, now, 'read'), outage: probeSent(s.outage, now, deps.random) };
      const e = picked.entry;
      if (!e) return s;
      return {
        ...s,
        limiter: e.refusal ? s.limiter : recordRequest(s.limiter, now, 'write'),
        entries: s.entries.map((x) => (x.id === e.id ? { ...x, uncertain: true, lastTriedAt: now } : x)),
      };
    });
    const { entry, wakeAt } = picked;
    // A worker stopping while the request is out would leave nothing to wake it: it is woken
    // again shortly, and finds the request's stored outcome (or tries again what stayed uncertain).
    if (entry || picked.probe) deps.wakeAt(deps.now() + RESUME_MS);
    // Whatever it found, the next turn delivers the writes or plans the next probe.
    if (picked.probe) return (await probe()) !== 'pause';
    if (!entry) {
      if (wakeAt !== undefined) deps.wakeAt(wakeAt);
      return false;
    }
    const outcome = await attempt(entry);
    await update((s, now) => settle(s, entry.id, outcome, now, deps.random));
    if (outcome.m === 'ok' || outcome.m === 'dead') await deps.onSettled?.(entry, outcome.m === 'ok' ? 'delivered' : 'dead', outcome.answer);
    return outcome.m !== 'pause';
  }

  const delivery = singleFlight(async () => {
    while (await deliverOnce()) {
      // Writes are spaced; the next one may not be due yet, which deliverOnce reports.
    }
  });

  /**
   * Delivers what is due now, one request at a time; asks to be woken for the rest. A call during
   * a delivery makes it look again once done: the write it was called for may have come too late.
   */
  const drain = (): Promise<void> => delivery.run(true);

  async function retry(deadId: string): Promise<void> {
    await update((s) => {
      const dead = s.dead.find((d) => d.id === deadId);
      if (!dead) return s;
      // Sent again, not read back again.
      const { deadAt: _a, reason: _r, error: _e, refusal: _f, ...entry } = dead;
      return { ...s, dead: s.dead.filter((d) => d.id !== deadId), entries: [...s.entries, { ...entry, notBefore: 0 }] };
    });
  }

  /** The service's origin changed: what was made for the old one waits for the person's choice. */
  async function holdFor(origin: string): Promise<void> {
    const held = <T extends OutboxEntry>(e: T): T => (e.heldFor ? e : { ...e, heldFor: origin });
    await update((s) => (s.entries.length || s.dead.length ? { ...s, entries: s.entries.map(held), dead: s.dead.map(held) } : s));
  }

  /** The person's choice for the held writes: sent to the service now set, or discarded. */
  async function releaseHeld(send: boolean): Promise<void> {
    const free = <T extends OutboxEntry>({ heldFor: _h, ...e }: T) => e as T;
    await update((s) =>
      send
        ? { ...s, entries: s.entries.map(free), dead: s.dead.map(free) }
        : { ...s, entries: s.entries.filter((e) => !e.heldFor), dead: s.dead.filter((e) => !e.heldFor) },
    );
  }

  async function discard(deadId: string): Promise<void> {
    await update((s) => ({ ...s, dead: s.dead.filter((d) => d.id !== deadId) }));
  }

  /**
   * An agent is active again: the marks held for a paused agent may go now (those of an agent
   * still paused are answered so again, and held again).
   */
  async function agentActive(): Promise<void> {
    await update((s) => ({ ...s, entries: s.entries.map((e) => (e.waitingFor === 'agent' ? { ...e, notBefore: 0 } : e)) }));
  }

  return {
    enqueue,
    cancel,
    drain,
    retry,
    discard,
    holdFor,
    releaseHeld,
    take,
    agentActive,
    state: deps.load,
    /** A limit answer to a read: nothing goes before the time it allows. */
    limited: (signal: LimitSignal) => update((s, now) => ({ ...s, limiter: noteLimit(s.limiter, signal, now, deps.random) })),
    /** The service answered a read: writes that waited for it are due now. */
    answered: () => update(answered),
    /**
     * A person opened the popup, the options page or a profile with a panel: during an outage the
     * service is asked at once (probe.ts), within the budget.
     */
    opened: async () => {
      await update((s, now) => {
        const outage = openedProbe(s.outage, now);
        return outage === s.outage ? s : { ...s, outage };
      });
      await drain();
    },
    /** The key changed: writes held after a 401 may go. */
    resume: () => update((s) => ({ ...s, pausedForKey: false })),
    /**
     * A person saw the refused list: the oldest of it may now make room for new refusals. A change
     * of the state like any other, so a write stored meanwhile is never written over.
     */
    refusedSeen: () => update((s, now) => ({ ...s, deadSeenAt: now })),
    /**
     * Forget everything: every write, queued or refused, is dropped; how many were queued is
     * returned. The request budget stays: requests already made still count against the service's.
     */
    forget: async () => {
      let queued = 0;
      await update((s) => {
        queued = s.entries.length;
        return { ...EMPTY_OUTBOX, limiter: s.limiter };
      });
      return queued;
    },
  };
}
