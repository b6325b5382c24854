// The durable outbox: every write is stored before anyone is told, then delivered in order per
// action, within the request budget, across service-worker restarts. Nothing is dropped: an
// entry is delivered, still pending, or in the dead-letter list for a person to retry or discard.
import { ApiError, RateLimitedError, serializeError, ValidationError, type SerializedApiError } from '../api/errors';
import type { OpBody } from '../api/operations';
import { singleFlight } from '../single-flight';
import {
  backoffMs,
  DEFAULT_LIMITER,
  EMPTY_LIMITER,
  limitSignal,
  limitWaitUntil,
  nextAllowedAt,
  recordRequest,
  type LimiterConfig,
  type LimiterState,
} from './limiter';

export type WriteOp = 'markSent' | 'markFailed' | 'updateMessage';

/** A write as asked for: the operation and the body that operation takes. */
export type Write<N extends WriteOp = WriteOp> = { [K in N]: { op: K; body: OpBody<K> } }[N];

interface EntryState {
  id: string;
  actionId: string;
  enqueuedAt: number;
  attempts: number;
  /** Not before this time (a retry deadline). */
  notBefore: number;
  /** A request for it was sent and may have landed (its answer was lost or not final). Sticky. */
  uncertain: boolean;
  lastError?: string | undefined;
  /** Held back until then so the person can undo it (the popup's undo toast). */
  holdUntil?: number | undefined;
}

export type OutboxEntry = EntryState & Write;

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
}

export const EMPTY_OUTBOX: OutboxState = { entries: [], dead: [], limiter: EMPTY_LIMITER, pausedForKey: false };
export const MAX_ATTEMPTS = 8;

export interface OutboxDeps {
  load(): Promise<OutboxState>;
  save(state: OutboxState): Promise<void>;
  /** Sends one write; throws ApiError on failure. */
  send(entry: OutboxEntry): Promise<void>;
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

type Verdict = { kind: 'delivered' } | { kind: 'dead'; reason: string; error?: unknown } | { kind: 'retry'; at: number; reason: string; limit?: number } | { kind: 'pause' };

/** What a failed delivery means for its entry. */
export function judge(entry: OutboxEntry, error: unknown, now: number, random: () => number): Verdict {
  const attempt = entry.attempts + 1;
  if (!(error instanceof ApiError)) return attempt >= MAX_ATTEMPTS ? { kind: 'dead', reason: String(error), error } : { kind: 'retry', at: now + backoffMs(attempt, random), reason: String(error) };
  switch (error.kind) {
    case 'unauthorized':
      return { kind: 'pause' };
    case 'rate-limited': {
      const at = limitWaitUntil(limitSignal(error as RateLimitedError), now, attempt, random);
      return attempt >= MAX_ATTEMPTS ? { kind: 'dead', reason: error.message, error } : { kind: 'retry', at, reason: error.message, limit: at };
    }
    case 'validation':
      // A failed mark whose earlier answer was lost: "only from ready" means it landed.
      if (entry.uncertain && entry.op === 'markFailed' && (error as ValidationError).invalidFields.includes('status')) return { kind: 'delivered' };
      return { kind: 'dead', reason: error.message, error };
    case 'agent-paused':
    case 'agent-cancelled':
    case 'not-found':
    case 'invalid-request':
    case 'service':
      return { kind: 'dead', reason: error.message, error };
    default:
      return attempt >= MAX_ATTEMPTS ? { kind: 'dead', reason: error.message, error } : { kind: 'retry', at: now + backoffMs(attempt, random), reason: error.message };
  }
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

  function update(change: (s: OutboxState) => OutboxState): Promise<OutboxState> {
    return locked(async () => {
      const next = change(await deps.load());
      await deps.save(next);
      return next;
    });
  }

  /** Stores a write; held for `holdMs` first when the person may still undo it. */
  async function enqueue(write: Write, actionId: string, holdMs = 0): Promise<OutboxEntry> {
    const now = deps.now();
    const hold = holdMs > 0 ? { notBefore: now + holdMs, holdUntil: now + holdMs } : { notBefore: 0 };
    const entry: OutboxEntry = { ...write, id: deps.newId(), actionId, enqueuedAt: now, attempts: 0, uncertain: false, ...hold };
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

  /** The next entry that may go now, or the time something may go. */
  function pick(state: OutboxState, now: number, cfg: LimiterConfig): { entry?: OutboxEntry; wakeAt?: number } {
    if (state.pausedForKey || !state.entries.length) return {};
    const gate = nextAllowedAt(state.limiter, now, 'write', cfg);
    const candidates = heads(state.entries);
    const due = candidates.filter((e) => e.notBefore <= now);
    if (gate > now) return { wakeAt: Math.min(...candidates.map((e) => Math.max(e.notBefore, gate))) };
    if (due.length) return { entry: due[0] };
    return { wakeAt: Math.min(...candidates.map((e) => e.notBefore)) };
  }

  async function deliverOnce(): Promise<boolean> {
    const now = deps.now();
    const cfg = await limits();
    const { entry, wakeAt } = await locked(async () => {
      const state = await deps.load();
      const picked = pick(state, now, cfg);
      // Stored before sending: if the worker dies now, the entry is redelivered and counted.
      if (picked.entry) {
        const id = picked.entry.id;
        await deps.save({
          ...state,
          limiter: recordRequest(state.limiter, now, 'write'),
          entries: state.entries.map((e) => (e.id === id ? { ...e, uncertain: true } : e)),
        });
      }
      return picked;
    });
    if (!entry) {
      if (wakeAt !== undefined) deps.wakeAt(wakeAt);
      return false;
    }
    let verdict: Verdict;
    try {
      await deps.send(entry);
      verdict = { kind: 'delivered' };
    } catch (error) {
      verdict = judge(entry, error, deps.now(), deps.random);
    }
    await update((s) => {
      const current = s.entries.find((e) => e.id === entry.id);
      if (!current) return s;
      const rest = s.entries.filter((e) => e.id !== entry.id);
      switch (verdict.kind) {
        case 'delivered':
          return { ...s, entries: rest };
        case 'dead':
          return {
            ...s,
            entries: rest,
            dead: [...s.dead, { ...current, attempts: current.attempts + 1, deadAt: deps.now(), reason: verdict.reason, error: serializeError(verdict.error ?? verdict.reason) }],
          };
        case 'pause':
          // Still uncertain: an earlier try of this entry may have landed.
          return { ...s, pausedForKey: true };
        case 'retry':
          return {
            ...s,
            limiter: verdict.limit ? { ...s.limiter, blockedUntil: Math.max(s.limiter.blockedUntil, verdict.limit) } : s.limiter,
            entries: s.entries.map((e) =>
              e.id === entry.id ? { ...e, attempts: e.attempts + 1, notBefore: verdict.at, lastError: verdict.reason } : e,
            ),
          };
      }
    });
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

  async function retry(deadId: string): Promise<void> {
    await update((s) => {
      const dead = s.dead.find((d) => d.id === deadId);
      if (!dead) return s;
      const { deadAt: _a, reason: _r, error: _e, ...entry } = dead;
      return { ...s, dead: s.dead.filter((d) => d.id !== deadId), entries: [...s.entries, { ...entry, attempts: 0, notBefore: 0 }] };
    });
  }

  async function discard(deadId: string): Promise<void> {
    await update((s) => ({ ...s, dead: s.dead.filter((d) => d.id !== deadId) }));
  }

  /** Changes the request budget (a read spent, a wait the service asked for) without racing writes. */
  async function updateLimiter(change: (limiter: LimiterState) => LimiterState): Promise<void> {
    await update((s) => ({ ...s, limiter: change(s.limiter) }));
  }

  async function resume(): Promise<void> {
    await update((s) => ({ ...s, pausedForKey: false }));
  }

  return { enqueue, cancel, drain, retry, discard, resume, updateLimiter };
}
