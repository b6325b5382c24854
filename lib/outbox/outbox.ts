// The durable outbox: every write is stored before anyone is told, then delivered in order per
// action, within the request budget, across service-worker restarts. Nothing is dropped: an
// entry is delivered, still pending, or in the dead-letter list for a person to retry or discard.
// It also keeps the request budget's state, so that reads and writes counted together are all kept.
// This is the shell: it changes the stored state one change at a time, each a pure transition of
// core.ts or budget.ts, and makes the requests and wakes those decide.
import type { SerializedApiError } from '../api/errors';
import { serial } from '../storage/serial';
import { singleFlight } from '../util/single-flight';
import * as budget from './budget';
import * as core from './core';
import { judge, type Meaning } from './judge';
import { DEFAULT_LIMITER, type LimiterConfig, type LimitSignal, type RequestKind } from './limiter';
import { type DeadEntry, EMPTY_OUTBOX, HOLD_MS, type OutboxEntry, type OutboxState, type Write, type WritePerson } from './state';

export type { WaitReason } from './judge';
export type { DeadEntry, DeliveredEntry, OutboxEntry, OutboxState, Write, WritePerson } from './state';
export { EMPTY_OUTBOX, HOLD_MS };

/** How soon a worker stopped in the middle of a request is woken again (an alarm survives it). */
const RESUME_MS = 5_000;

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

type Transition<R> = (s: OutboxState, now: number) => R;

/** The stored state, changed one change at a time: two writes arriving together must both be kept. */
function storedState(deps: Pick<OutboxDeps, 'now' | 'load' | 'save'>) {
  const locked = serial();

  /**
   * Changes the stored state, seen at the clock's time (`shift`), and answers what the change
   * found besides; nothing is saved when nothing changed.
   */
  function change<R extends { state: OutboxState }>(transition: Transition<R>): Promise<R> {
    return locked(async () => {
      const now = deps.now();
      const loaded = await deps.load();
      const result = transition(core.shift(loaded, now), now);
      if (result.state !== loaded) await deps.save({ ...result.state, seenAt: now });
      return result;
    });
  }

  /** A change that answers the new state. */
  const update = async (transition: Transition<OutboxState>): Promise<OutboxState> => (await change((s, now) => ({ state: transition(s, now) }))).state;

  /** A change its caller waits for and needs nothing back from. */
  const run = async (transition: Transition<OutboxState>): Promise<void> => {
    await update(transition);
  };

  return { change, update, run };
}

type Stored = ReturnType<typeof storedState>;

/**
 * Tries the entry: delivered, or what its failure means. A retried mark refused in a way its
 * lost first try explains is read back (`holds`, a read of the budget): delivered when the
 * service holds what was meant, refused when it does not; when the read cannot be made now,
 * the read-back waits its turn (the mark is not sent again).
 */
async function attempt(deps: Pick<OutboxDeps, 'send' | 'holds'>, entry: OutboxEntry): Promise<core.Outcome> {
  let error = entry.refusal;
  if (!error) {
    try {
      return { m: 'ok', answer: await deps.send(entry) };
    } catch (failure) {
      const outcome = core.sendFailed(entry, failure);
      if (outcome.m !== 'check') return outcome;
      error = outcome.error;
    }
  }
  try {
    return { m: deps.holds && (await deps.holds(entry)) ? 'ok' : 'dead', error };
  } catch (readFailure) {
    return core.readBackFailed(error, readFailure);
  }
}

/**
 * The probe, its read counted and the next one planned before it goes (probe.ts): an answer
 * ends the outage (the writes go now), a limit answer holds every request, a 401 pauses.
 */
async function probe(deps: Pick<OutboxDeps, 'probe' | 'random'>, { update }: Stored): Promise<Meaning | 'ok'> {
  try {
    await deps.probe!();
    await update(budget.answered);
    return 'ok';
  } catch (failure) {
    const m = judge({ op: 'read', uncertain: false }, failure);
    await update((s, now) => budget.probeFailed(s, m, budget.announcedLimit(failure), now, deps.random));
    return m;
  }
}

/**
 * Delivers what is due now, one request at a time; asks to be woken for the rest. A call during
 * a delivery makes it look again once done: the write it was called for may have come too late.
 */
function deliverer(deps: OutboxDeps, limits: () => Promise<LimiterConfig>, stored: Stored): () => Promise<void> {
  async function deliverOnce(): Promise<boolean> {
    const cfg = await limits();
    // Stored before sending: if the worker dies now, the entry is redelivered and counted. (A
    // read-back spends its read where it is made.)
    const { turn } = await stored.change((s, now) => {
      const next = core.pick(s, now, cfg, !!deps.probe);
      return { state: core.started(s, next, now, deps.random), turn: next };
    });
    const { entry, wakeAt } = turn;
    // A worker stopping while the request is out would leave nothing to wake it: it is woken
    // again shortly, and finds the request's stored outcome (or tries again what stayed uncertain).
    if (entry || turn.probe) deps.wakeAt(deps.now() + RESUME_MS);
    // Whatever it found, the next turn delivers the writes or plans the next probe.
    if (turn.probe) return (await probe(deps, stored)) !== 'pause';
    if (!entry) {
      if (wakeAt !== undefined) deps.wakeAt(wakeAt);
      return false;
    }
    const outcome = await attempt(deps, entry);
    await stored.update((s, now) => core.settle(s, entry.id, outcome, now, deps.random));
    if (outcome.m === 'ok' || outcome.m === 'dead') await deps.onSettled?.(entry, outcome.m === 'ok' ? 'delivered' : 'dead', outcome.answer);
    return outcome.m !== 'pause';
  }

  const delivery = singleFlight(async () => {
    while (await deliverOnce()) {
      // Writes are spaced; the next one may not be due yet, which deliverOnce reports.
    }
  });
  return () => delivery.run(true);
}

export function createOutbox(deps: OutboxDeps) {
  const limits = deps.limits ?? (async () => deps.config ?? DEFAULT_LIMITER);
  const stored = storedState(deps);
  const { change, update, run } = stored;
  const drain = deliverer(deps, limits, stored);

  return {
    /** Stores a write; held for `holdMs` first when the person may still undo it. */
    enqueue: async (write: Write, actionId: string, agentId?: string, holdMs = 0, person?: WritePerson): Promise<OutboxEntry> => {
      const now = deps.now();
      const entry = core.newEntry(write, deps.newId(), actionId, agentId, now, holdMs, person);
      await run((s) => core.enqueue(s, entry));
      return entry;
    },
    /** Takes back a write never sent (an undo); false when it is gone or may have reached the service. */
    cancel: async (entryId: string): Promise<boolean> => (await change((s) => core.cancel(s, entryId))).cancelled,
    drain,
    retry: (deadId: string) => run((s) => core.retry(s, deadId)),
    discard: (deadId: string) => run((s) => core.discard(s, deadId)),
    /** A refused write's invitation was read again: the refusal says what was found, with nothing to retry. */
    foundHandled: (deadId: string, error: SerializedApiError) => run((s) => core.foundHandled(s, deadId, error)),
    /** A delivered write the person must hear of (a mark replaced by a later one), listed with the refused. */
    told: (dead: DeadEntry) => run((s) => core.told(s, dead)),
    /** The service's origin changed: what was made for the old one waits for the person's choice. */
    holdFor: (origin: string) => run((s) => core.holdFor(s, origin)),
    /** The person's choice for the held writes: sent to the service now set, or discarded. */
    releaseHeld: (send: boolean) => run((s) => core.releaseHeld(s, send)),
    /**
     * Spends one request of the budget now if it allows one (undefined), else returns the time it
     * will; `spend: false` only asks. Not spaced: a read, or a fallback try of a write under way.
     */
    take: async (kind: RequestKind, spend = true): Promise<number | undefined> => {
      const cfg = await limits();
      return (await change((s, now) => budget.take(s, now, kind, cfg, spend))).at;
    },
    /**
     * An agent is active again: the marks held for a paused agent may go now (those of an agent
     * still paused are answered so again, and held again).
     */
    agentActive: () => run(core.agentActive),
    state: deps.load,
    /** A limit answer to a read: nothing goes before the time it allows. */
    limited: (signal: LimitSignal) => update((s, now) => budget.noteLimited(s, signal, now, deps.random)),
    /** The service answered a read: writes that waited for it are due now. */
    answered: () => update(budget.answered),
    /**
     * A person opened the popup, the options page or a profile with a panel: during an outage the
     * service is asked at once (probe.ts), within the budget.
     */
    opened: async () => {
      await update(budget.opened);
      await drain();
    },
    /** The key changed: writes held after a 401 may go. */
    resume: () => update(core.resume),
    /**
     * A person saw the refused list: the oldest of it may now make room for new refusals. A change
     * of the state like any other, so a write stored meanwhile is never written over.
     */
    refusedSeen: () => update(core.refusedSeen),
    /**
     * Forget everything: every write, queued or refused, is dropped; how many were queued is
     * returned. The request budget stays: requests already made still count against the service's.
     */
    forget: async () => (await change(core.forget)).queued,
  };
}
