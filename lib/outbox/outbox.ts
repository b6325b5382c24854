// The durable outbox: every write is stored before anyone is told, then delivered in order per
// action, within the request budget, across service-worker restarts. Nothing is dropped: an
// entry is delivered, still pending, or in the dead-letter list for a person to retry or discard.
// It also keeps the request budget's state, so that reads and writes counted together are all kept.
// (Over 250 lines: the queue, its waits and the budget it shares with reads change one stored state.)
import type { SerializedApiError } from '../api/errors';
import type { OpBody } from '../api/operations';
import { singleFlight } from '../single-flight';
import { judge, type Verdict, type WaitReason } from './judge';
import {
  deadline,
  DEFAULT_LIMITER,
  EMPTY_LIMITER,
  nextAllowedAt,
  normalize,
  noteLimit,
  outageBackoffMs,
  recordRequest,
  type LimiterConfig,
  type LimiterState,
  type LimitSignal,
} from './limiter';

export type { WaitReason } from './judge';
export type WriteOp = 'markSent' | 'markFailed' | 'updateMessage';

/** A write as asked for: the operation and the body that operation takes. */
export type Write<N extends WriteOp = WriteOp> = { [K in N]: { op: K; body: OpBody<K> } }[N];

interface EntryState {
  id: string;
  actionId: string;
  /** The action's agent, when known: a paused agent's writes go when it is active again. */
  agentId?: string | undefined;
  enqueuedAt: number;
  attempts: number;
  /** Not before this time (a hold: paused agent, missing setup). */
  notBefore: number;
  /** When notBefore was set. */
  waitSince?: number | undefined;
  /** A request for it was sent and may have landed (its answer was lost or not final). Sticky. */
  uncertain: boolean;
  lastError?: string | undefined;
  /** What it waits for, for the person to read. */
  waitingFor?: WaitReason | undefined;
  /** The refusal a read-back may show mistaken (waitingFor `check`). */
  refusal?: SerializedApiError | undefined;
  lastTriedAt?: number | undefined;
}

export type OutboxEntry = EntryState & Write;

export type DeadEntry = OutboxEntry & {
  deadAt: number;
  reason: string;
  /** The answer that refused it, for the sentence a person sees. */
  error: SerializedApiError;
};

/** Writes failing for want of the service: one backoff for the queue, ended by any answer. */
export interface Outage {
  failures: number;
  since: number;
  until: number;
  reason: string;
}

export interface OutboxState {
  entries: OutboxEntry[];
  dead: DeadEntry[];
  limiter: LimiterState;
  /** After a 401 nothing is sent until the key changes. */
  pausedForKey: boolean;
  outage?: Outage | undefined;
}

export const EMPTY_OUTBOX: OutboxState = { entries: [], dead: [], limiter: EMPTY_LIMITER, pausedForKey: false };
/** A write held for its paused agent or for the setup is tried again this often. */
export const HOLD_MS = 15 * 60_000;

export interface OutboxDeps {
  load(): Promise<OutboxState>;
  save(state: OutboxState): Promise<void>;
  /** Sends one write; throws ApiError on failure. */
  send(entry: OutboxEntry): Promise<void>;
  /** Reads back whether the service holds what a refused mark meant (a lost first try landed). */
  holds?(entry: OutboxEntry): Promise<boolean>;
  now(): number;
  random(): number;
  /** Asks to be woken at this time (an alarm; it must survive the worker). */
  wakeAt(at: number): void;
  newId(): string;
  config?: LimiterConfig;
  /** The budget as the person set it, read at each delivery (it may change at any time). */
  limits?(): Promise<LimiterConfig>;
  /** Told when an entry leaves the outbox, delivered or dead. */
  onSettled?(entry: OutboxEntry, outcome: 'delivered' | 'dead'): void | Promise<void>;
}

/** Entries that wait for nothing but their turn: the first pending entry of each action. */
export function heads(entries: OutboxEntry[]): OutboxEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.actionId) && (seen.add(e.actionId), true));
}

const outageWait = (w: WaitReason | undefined) => w === 'service' || w === 'limit';

/** The service answered: the outage is over, and so is a streak of limit answers. */
export function answered(s: OutboxState): OutboxState {
  if (!s.outage && !s.limiter.limitStreak && !s.entries.some((e) => outageWait(e.waitingFor))) return s;
  return {
    ...s,
    outage: undefined,
    limiter: { ...s.limiter, limitStreak: 0 },
    entries: s.entries.map((e) => (outageWait(e.waitingFor) ? { ...e, waitingFor: undefined } : e)),
  };
}

/** When an entry may go: the budget, the outage's backoff, its own hold; a read-back spends a read. */
export function dueAt(s: OutboxState, e: OutboxEntry, now: number, cfg: LimiterConfig): number {
  const check = e.waitingFor === 'check';
  return Math.max(
    s.outage ? deadline(s.outage.until, s.outage.since, now) : 0,
    nextAllowedAt(s.limiter, now, check ? 'read' : 'write', cfg),
    check ? 0 : deadline(e.notBefore, e.waitSince, now),
  );
}

/**
 * The state as seen at `now`: after the clock went back, every wait is as long from now as it was
 * when set (and stored so, or it would slide with the clock).
 */
function rebase(s: OutboxState, now: number): OutboxState {
  const limiter = normalize(s.limiter, now);
  const o = s.outage;
  const outage = o && o.since > now ? { ...o, since: now, until: deadline(o.until, o.since, now) } : o;
  const moved = (e: OutboxEntry) => e.waitSince !== undefined && e.waitSince > now;
  if (limiter === s.limiter && outage === o && !s.entries.some(moved)) return s;
  return { ...s, limiter, outage, entries: s.entries.map((e) => (moved(e) ? { ...e, waitSince: now, notBefore: deadline(e.notBefore, e.waitSince, now) } : e)) };
}

/** The next entry that may go now (the one tried least recently), or the time something may go. */
function pick(s: OutboxState, now: number, cfg: LimiterConfig): { entry?: OutboxEntry; wakeAt?: number } {
  if (s.pausedForKey) return {};
  const timed = heads(s.entries).map((e) => ({ e, at: dueAt(s, e, now, cfg) }));
  if (!timed.length) return {};
  const due = timed.filter((t) => t.at <= now).sort((a, b) => (a.e.lastTriedAt ?? 0) - (b.e.lastTriedAt ?? 0))[0];
  return due ? { entry: due.e } : { wakeAt: Math.min(...timed.map((t) => t.at)) };
}

/** The stored state once a delivery's verdict is known. */
function settle(s: OutboxState, entry: OutboxEntry, verdict: Verdict, now: number, random: () => number): OutboxState {
  const current = s.entries.find((e) => e.id === entry.id);
  if (!current) return s;
  // Any answer but an outage's or a limit's shows the service is back.
  if (verdict.kind !== 'wait' || verdict.for === 'agent' || verdict.for === 'check') s = answered(s);
  const rest = s.entries.filter((e) => e.id !== entry.id);
  switch (verdict.kind) {
    case 'delivered':
      return { ...s, entries: rest };
    case 'dead': {
      const { waitingFor: _w, refusal: _r, ...kept } = current;
      return { ...s, entries: rest, dead: [...s.dead, { ...kept, attempts: current.attempts + 1, deadAt: now, reason: verdict.error.message, error: verdict.error }] };
    }
    case 'pause':
      // Still uncertain: an earlier try of this entry may have landed.
      return { ...s, pausedForKey: true };
    case 'wait': {
      const w = verdict.for;
      const patch: Partial<EntryState> = { attempts: current.attempts + 1, lastError: verdict.error.message, waitingFor: w };
      // A limit answer blocks every request; the extension's own budget (no signal) blocks nothing more.
      if (verdict.signal) s = { ...s, limiter: noteLimit(s.limiter, verdict.signal, now, random) };
      if (w === 'service') {
        const failures = (s.outage?.failures ?? 0) + 1;
        s = { ...s, outage: { failures, since: now, until: now + outageBackoffMs(failures, random), reason: verdict.error.message } };
      }
      if (w === 'agent' || w === 'setup') Object.assign(patch, { notBefore: now + HOLD_MS, waitSince: now });
      if (w === 'check') patch.refusal = verdict.error;
      // A read-back that could not be made is still a read-back to make.
      else if (current.waitingFor === 'check') patch.waitingFor = 'check';
      return { ...s, entries: s.entries.map((e) => (e.id === entry.id ? { ...e, ...patch } : e)) };
    }
  }
}

const refused = (entry: OutboxEntry): Verdict => ({ kind: 'dead', error: entry.refusal ?? { kind: 'service', message: entry.lastError ?? 'Refused' } });

/** What a read-back's failure means: wait for the service or the key, else the refusal stands. */
function checkFailed(entry: OutboxEntry, verdict: Verdict): Verdict {
  const waits = verdict.kind === 'pause' || (verdict.kind === 'wait' && (outageWait(verdict.for) || verdict.for === 'setup'));
  return waits ? verdict : refused(entry);
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

  /** Changes the stored state; a change that returns the same object saves nothing. */
  function update(change: (s: OutboxState) => OutboxState): Promise<OutboxState> {
    return locked(async () => {
      const s = await deps.load();
      const next = change(s);
      if (next !== s) await deps.save(next);
      return next;
    });
  }

  async function enqueue(write: Write, actionId: string, agentId?: string): Promise<OutboxEntry> {
    const entry: OutboxEntry = { ...write, id: deps.newId(), actionId, agentId, enqueuedAt: deps.now(), attempts: 0, notBefore: 0, uncertain: false };
    await update((s) => ({ ...s, entries: [...s.entries, entry] }));
    return entry;
  }

  async function deliverOnce(): Promise<boolean> {
    const now = deps.now();
    const cfg = await limits();
    const { entry, wakeAt } = await locked(async () => {
      const loaded = await deps.load();
      const state = rebase(loaded, now);
      const picked = pick(state, now, cfg);
      const id = picked.entry?.id;
      const check = picked.entry?.waitingFor === 'check';
      // Stored before sending: if the worker dies now, the entry is redelivered and counted.
      if (id) {
        await deps.save({
          ...state,
          limiter: recordRequest(state.limiter, now, check ? 'read' : 'write'),
          entries: state.entries.map((e) => (e.id === id ? { ...e, uncertain: e.uncertain || !check, lastTriedAt: now } : e)),
        });
      } else if (state !== loaded) await deps.save(state);
      return picked;
    });
    if (!entry) {
      if (wakeAt !== undefined) deps.wakeAt(wakeAt);
      return false;
    }
    let verdict: Verdict = { kind: 'delivered' };
    try {
      if (entry.waitingFor !== 'check') await deps.send(entry);
      else if (!(await deps.holds?.(entry))) verdict = refused(entry);
    } catch (error) {
      verdict = entry.waitingFor === 'check' ? checkFailed(entry, judge(entry, error)) : judge(entry, error);
    }
    await update((s) => settle(s, entry, verdict, deps.now(), deps.random));
    if (verdict.kind === 'delivered' || verdict.kind === 'dead') await deps.onSettled?.(entry, verdict.kind);
    return verdict.kind !== 'pause';
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

  /** Lets held entries go now; true when some did. */
  async function release(which: (e: OutboxEntry) => boolean, change: (s: OutboxState) => OutboxState = (s) => s): Promise<boolean> {
    let released = false;
    await update((s) => {
      const next = change(s);
      if (!next.entries.some(which)) return next;
      released = true;
      return { ...next, entries: next.entries.map((e) => (which(e) ? { ...e, notBefore: 0, waitSince: undefined } : e)) };
    });
    return released;
  }

  async function retry(deadId: string): Promise<void> {
    await update((s) => {
      const dead = s.dead.find((d) => d.id === deadId);
      if (!dead) return s;
      const { deadAt: _a, reason: _r, error: _e, ...entry } = dead;
      return { ...s, dead: s.dead.filter((d) => d.id !== deadId), entries: [...s.entries, { ...entry, attempts: 0, notBefore: 0, waitSince: undefined }] };
    });
  }

  async function discard(deadId: string): Promise<void> {
    await update((s) => ({ ...s, dead: s.dead.filter((d) => d.id !== deadId) }));
  }

  /**
   * Spends one request of the budget now if it allows one (undefined), else returns the time it
   * will. `spend: false` only asks. A fallback try of a request under way is not spaced.
   */
  async function take(kind: 'read' | 'write', spend = true, spaced = false): Promise<number | undefined> {
    const cfg = await limits();
    let at: number | undefined;
    await update((s) => {
      const now = deps.now();
      at = nextAllowedAt(s.limiter, now, kind, cfg, spaced);
      const limiter = at > now || !spend ? normalize(s.limiter, now) : recordRequest(s.limiter, now, kind);
      if (at <= now) at = undefined;
      return limiter === s.limiter ? s : { ...s, limiter };
    });
    return at;
  }

  return {
    enqueue,
    drain,
    retry,
    discard,
    take,
    state: deps.load,
    /** Changes the request budget without racing writes. */
    updateLimiter: (change: (limiter: LimiterState) => LimiterState) => update((s) => ({ ...s, limiter: change(s.limiter) })),
    /** A limit answer to a read: nothing goes before the time it allows. */
    limited: (signal: LimitSignal) => update((s) => ({ ...s, limiter: noteLimit(s.limiter, signal, deps.now(), deps.random) })),
    /** The service answered a read: writes that waited for it are due now. True when some were. */
    answered: async () => (await update(answered)).entries.length > 0,
    /** The key changed: writes held after a 401 or for the setup may go. */
    resume: () => release((e) => e.waitingFor === 'setup', (s) => (s.pausedForKey ? { ...s, pausedForKey: false } : s)),
    /** An agent is active again (or any, without an id): its held marks may go now. */
    agentActive: (agentId?: string) => release((e) => e.waitingFor === 'agent' && (!agentId || !e.agentId || e.agentId === agentId)),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
