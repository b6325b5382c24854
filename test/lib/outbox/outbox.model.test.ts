// Model-based test of the outbox and limiter (fast-check): random schedules of enqueues, polls,
// worker restarts (memory cleared, storage kept, sometimes in the middle of a delivery), answers
// of every kind, outages (down, 5xx, 429 storms), clocks set back, and the service's return, after
// which every queued write must be delivered within 60 s (at the cap's pace, after any wait the
// service asked for). Then the service recovers for good and the invariants are checked.
// (Over 250 lines: the model service, its clock and the checks belong together.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AgentStateError,
  NetworkError,
  RateLimitedError,
  ServerError,
  ServiceError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from '../../../lib/api/errors';
import { DEFAULT_LIMITER, WINDOW_MS } from '../../../lib/outbox/limiter';
import { shift } from '../../../lib/outbox/core';
import { createOutbox, EMPTY_OUTBOX, HOLD_MS, type OutboxEntry, type OutboxState, type Write } from '../../../lib/outbox/outbox';
import { MODEL_RUNS, MODEL_RUNS_LABEL } from '../../helpers/runs';

type WriteOp = 'markSent' | 'markFailed' | 'updateMessage';
type Fault = 'ok' | '401' | '403-paused' | '429-retry' | '429-bare' | '403-reset' | '5xx' | 'network' | 'timeout' | 'die';
type Mode = 'up' | 'down' | '5xx' | 'storm-retry' | 'storm-reset';
type Status = 'ready' | 'sent' | 'failed';

const ACTIONS = ['a1', 'a2', 'a3', 'a4'];
// A small cap, so that schedules reach it; writes spaced by a second as in production.
const CONFIG = { ...DEFAULT_LIMITER, capPerMinute: 5 };
const RETURN_MS = 60_000;

type Command =
  | { kind: 'enqueue'; action: string; op: WriteOp; note: string }
  | { kind: 'drain' }
  | { kind: 'poll' }
  | { kind: 'advance'; ms: number }
  | { kind: 'clockBack'; ms: number }
  | { kind: 'restart' }
  | { kind: 'faults'; next: Fault[] }
  | { kind: 'outage'; mode: Exclude<Mode, 'up'>; ms: number }
  /** The service answers again: the 60-second delivery is checked. */
  | { kind: 'return'; pollInMs: number }
  /** Many writes at once, then drains a second apart: the pace at which the cap matters. */
  | { kind: 'burst'; writes: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('enqueue' as const),
      action: fc.constantFrom(...ACTIONS),
      op: fc.constantFrom<WriteOp>('markSent', 'markFailed', 'updateMessage'),
      note: fc.constantFrom('A', 'B', 'C'),
    }),
  },
  { weight: 4, arbitrary: fc.constant({ kind: 'drain' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'poll' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(fc.constantFrom(1_000, 1_000, 1_500), fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 30_000, max: 7_200_000 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clockBack' as const), ms: fc.integer({ min: 1_000, max: 6 * 3_600_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('burst' as const), writes: fc.integer({ min: 3, max: 12 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('faults' as const),
      next: fc.array(fc.constantFrom<Fault>('ok', '401', '403-paused', '429-retry', '429-bare', '403-reset', '5xx', 'network', 'timeout', 'die'), {
        maxLength: 4,
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('outage' as const),
      mode: fc.constantFrom<Exclude<Mode, 'up'>>('down', '5xx', 'storm-retry', 'storm-reset'),
      ms: fc.integer({ min: 1_000, max: 10 * 60_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('return' as const), pollInMs: fc.integer({ min: 0, max: 59_999 }) }) },
);

class Died extends Error {}

async function run(commands: Command[], seed: number, conflict: 409 | 422): Promise<void> {
  // Real time (the service's); the client's clock is `real + skew`, and only ever set back.
  let real = 1_700_000_000_000;
  let skew = 0;
  const clock = () => real + skew;
  let stored: OutboxState = structuredClone(EMPTY_OUTBOX);
  const service = new Map<string, { status: Status; message: string | null }>(ACTIONS.map((a) => [a, { status: 'ready', message: null }]));
  const pausedAgent = new Set<string>();
  let faults: Fault[] = [];
  let mode: Mode = 'up';
  /** Every request (writes, polls, read-backs) in real time. */
  const sends: number[] = [];
  const writeSends: number[] = [];
  /** Which entry each write was for (in the order of writeSends). */
  const writeIds: string[] = [];
  const applied: Array<{ id: string; action: string }> = [];
  let serviceBlockedUntil = 0;
  const enqueued: OutboxEntry[] = [];
  const delivered = new Map<string, number>();
  /** Entries the service answered "Agent paused", with when (real time): not tried again for 15 minutes. */
  const held = new Map<string, number>();
  let rng = seed;
  const random = () => (rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let ids = 0;
  let wake: number | undefined;
  // Recorded, not thrown: an exception inside send would be taken by the outbox for a failure.
  const violations: string[] = [];

  function apply(entry: OutboxEntry): void {
    const s = service.get(entry.actionId)!;
    if (pausedAgent.has(entry.actionId)) throw new AgentStateError('paused', 'Agent paused');
    if (entry.op === 'markSent') s.status = 'sent';
    else if (entry.op === 'markFailed') {
      if (s.status !== 'ready') {
        throw conflict === 409
          ? new ServiceError('Only ready actions can be marked failed.', 409)
          : new ValidationError('Only actions in ready can be marked failed.', {}, [], ['status']);
      }
      s.status = 'failed';
    } else if (entry.op === 'updateMessage') {
      if (s.status !== 'ready') throw new ValidationError('Not pending or ready', {}, [], ['status']);
      s.message = entry.body.message;
    }
    applied.push({ id: entry.id, action: entry.actionId });
  }

  /** One request reaching (or not) the service: what the outage or the next fault makes of it. */
  function request(): Fault {
    if (real < serviceBlockedUntil) violations.push(`request at ${real} before the service's retry-after ${serviceBlockedUntil}`);
    sends.push(real);
    if (mode === 'down') return 'network';
    if (mode === '5xx') return '5xx';
    if (mode === 'storm-retry') return '429-retry';
    if (mode === 'storm-reset') return '403-reset';
    return faults.shift() ?? 'ok';
  }

  function fail(fault: Exclude<Fault, 'ok' | '403-paused' | 'die'>): never {
    switch (fault) {
      case '401':
        throw new UnauthorizedError('Unauthenticated.');
      case '429-retry':
        serviceBlockedUntil = real + 20_000;
        throw new RateLimitedError('Too Many Attempts.', 429, 20, { retryAfterSeconds: 20, seenAt: real });
      case '429-bare':
        throw new RateLimitedError('Too Many Attempts.', 429, undefined, undefined);
      case '403-reset':
        serviceBlockedUntil = real + 45_000;
        // With remaining 0, a retry-after shorter than the reset must not let a request go earlier.
        throw new RateLimitedError('rate limit', 403, 5, { remaining: 0, reset: Math.ceil((real + 45_000) / 1000), retryAfterSeconds: 5, seenAt: real });
      case '5xx':
        throw new ServerError('down', 503);
      case 'network':
        throw new NetworkError('Failed to fetch');
      case 'timeout':
        throw new TimeoutError(20_000);
    }
  }

  function instance() {
    let dead = false;
    const created = createOutbox({
      load: async () => structuredClone(stored),
      save: async (s) => {
        if (dead) throw new Died();
        stored = structuredClone(s);
      },
      now: clock,
      random,
      newId: () => `e${ids++}`,
      wakeAt: (at) => {
        wake = at;
      },
      onSettled: (entry, outcome) => {
        if (outcome === 'delivered') delivered.set(entry.id, real);
      },
      config: CONFIG,
      send: async (entry) => {
        const since = held.get(entry.id);
        if (since !== undefined && real < since + HOLD_MS) violations.push(`${entry.id} retried at ${real}, ${real - since} ms after "Agent paused"`);
        const last = writeSends.at(-1);
        if (last !== undefined && real < last + CONFIG.writeSpacingMs) violations.push(`write at ${real}, less than a second after ${last}`);
        writeSends.push(real);
        writeIds.push(entry.id);
        const fault = request();
        const applyNoting = () => {
          try {
            apply(entry);
          } catch (error) {
            if (error instanceof AgentStateError) held.set(entry.id, real);
            throw error;
          }
        };
        switch (fault) {
          case 'ok':
            return applyNoting();
          case '403-paused':
            pausedAgent.add(entry.actionId);
            return applyNoting();
          case 'timeout':
            apply(entry); // The service did it; the answer is lost.
            return fail('timeout');
          case 'die':
            apply(entry);
            dead = true;
            throw new Died();
          default:
            return fail(fault);
        }
      },
      // The read-back (op 23 by status): a request like any other.
      // The read-back (op 23 by status), a read like any other: within the budget, as the
      // background's service module makes it (a limit error of status 0 when the budget is spent).
      holds: async (entry) => {
        const at = await created.take('read');
        if (at !== undefined) throw new RateLimitedError('The request budget is spent for now', 0, Math.ceil((at - clock()) / 1000), undefined);
        const fault = request();
        if (fault !== 'ok' && fault !== '403-paused' && fault !== 'die') {
          try {
            fail(fault);
          } catch (error) {
            // As the background's reads do (lib/background/service.ts): a limit answer is noted
            // with the budget where the read was made, then thrown.
            if (error instanceof RateLimitedError && error.status)
              await created.limited({ retryAfterSeconds: error.retryAfterSeconds, remaining: error.rateLimit?.remaining, reset: error.rateLimit?.reset });
            throw error;
          }
        }
        return service.get(entry.actionId)!.status === (entry.op === 'markSent' ? 'sent' : 'failed');
      },
    });
    return created;
  }

  let outbox = instance();
  const drain = async () => {
    try {
      await outbox.drain();
    } catch (error) {
      if (!(error instanceof Died)) throw error;
      outbox = instance();
    }
  };

  /** A poll as the background makes it: within the budget; any answer tells the outbox the service is back. */
  async function poll(): Promise<void> {
    if ((await outbox.take('read')) !== undefined) return;
    const fault = request();
    if (fault === '429-retry' || fault === '403-reset') {
      try {
        fail(fault);
      } catch (error) {
        await outbox.limited({
          retryAfterSeconds: (error as RateLimitedError).retryAfterSeconds,
          remaining: (error as RateLimitedError).rateLimit?.remaining,
          reset: (error as RateLimitedError).rateLimit?.reset,
        });
      }
    } else if (fault !== '5xx' && fault !== 'network' && fault !== 'timeout') {
      await outbox.answered();
      await drain();
    }
  }

  /** Time passes to the next thing due (a wake, or a poll every minute), up to `until` (real time). */
  async function runUntil(until: number, done: () => boolean, firstPoll = real + 60_000): Promise<void> {
    let nextPoll = firstPoll;
    while (!done() && real < until) {
      wake = undefined;
      await drain();
      const wakeReal = wake === undefined ? Infinity : real + Math.max(0, wake - clock());
      real = Math.min(until, Math.max(real, Math.min(wakeReal, nextPoll)));
      if (real >= nextPoll) {
        await poll();
        nextPoll += 60_000;
      }
    }
  }

  /** The service answers again: what was queued for want of it goes within 60 s, at the cap's pace. */
  async function serviceReturns(pollInMs: number): Promise<void> {
    mode = 'up';
    faults = [];
    const t = real;
    if (stored.pausedForKey) return;
    // The state as the outbox sees it at this moment (times moved back if the clock went back).
    const seen = shift(stored, clock());
    const blockedReal = seen.limiter.blockedUntil - skew;
    const start = Math.max(t, blockedReal);
    const stuck = new Set(stored.entries.filter((e) => pausedAgent.has(e.actionId) || e.waitingFor === 'agent').map((e) => e.actionId));
    const waiting = stored.entries.filter((e) => !stuck.has(e.actionId)).map((e) => e.id);
    // Requests of the last minute, as the budget counts them.
    const used = Math.max(sends.filter((s) => s > t - WINDOW_MS && s <= t).length, seen.limiter.sent.filter((s) => s > clock() - WINDOW_MS).length);
    const settled = (id: string) => !stored.entries.some((e) => e.id === id);
    const [sendsBefore, writesBefore] = [sends.length, writeIds.length];
    await runUntil(start + 20 * 60_000, () => waiting.every(settled), t + pollInMs);
    // Every request made since the return but the waiting writes' own: polls, read-backs, and the
    // rechecks of a paused agent's marks (uncounted once, which let a schedule exceed the bound).
    const mine = new Set(waiting);
    const others = sends.length - sendsBefore - writeIds.slice(writesBefore).filter((id) => mine.has(id)).length;
    const bound = start + RETURN_MS * Math.ceil((waiting.length + used + others) / CONFIG.capPerMinute);
    for (const id of waiting) {
      expect(settled(id), `${id} still queued ${real - t} ms after the service's return`).toBe(true);
      const at = delivered.get(id);
      if (at !== undefined && at > t) expect(at, `${id} delivered ${at - t} ms after the return (bound ${bound - t} ms)`).toBeLessThanOrEqual(bound);
    }
  }

  for (const c of commands) {
    if (c.kind === 'enqueue') {
      const write: Write = c.op === 'updateMessage' ? { op: c.op, body: { message: c.note } } : { op: c.op, body: { metadata: {} } };
      enqueued.push(await outbox.enqueue(write, c.action));
    } else if (c.kind === 'drain') await drain();
    else if (c.kind === 'poll') await poll();
    else if (c.kind === 'advance') real += c.ms;
    else if (c.kind === 'clockBack') skew -= c.ms;
    else if (c.kind === 'restart') outbox = instance();
    else if (c.kind === 'burst') {
      for (let i = 0; i < c.writes; i++) enqueued.push(await outbox.enqueue({ op: 'markSent', body: { metadata: {} } }, ACTIONS[i % ACTIONS.length]!));
      for (let i = 0; i < c.writes; i++) {
        await drain();
        real += 1_000;
      }
    } else if (c.kind === 'outage') {
      mode = c.mode;
      await runUntil(real + c.ms, () => false);
    } else if (c.kind === 'return') await serviceReturns(c.pollInMs);
    else faults = [...c.next];
  }

  // The service recovers for good; the person fixes the key; paused agents are active again.
  mode = 'up';
  faults = [];
  pausedAgent.clear();
  held.clear();
  await outbox.resume();
  await outbox.agentActive();
  await runUntil(real + 24 * 3_600_000, () => !stored.entries.length);
  checks();

  function checks() {
    expect(violations).toEqual([]);
    // No entry lost: each is delivered or dead; none pending once the service is back.
    expect(stored.entries).toEqual([]);
    const dead = new Set(stored.dead.map((d) => d.id));
    for (const e of enqueued) expect(delivered.has(e.id) || dead.has(e.id)).toBe(true);
    // Only the service's own refusals are dead: never a limit, an outage or a paused agent.
    // (A note on a paused agent's action is refused: only marks are held for the agent.)
    for (const d of stored.dead)
      expect(d.op === 'updateMessage' ? ['validation', 'service', 'agent-paused'] : ['validation', 'service'], `${d.id} dead for ${d.error.kind}`).toContain(
        d.error.kind,
      );
    // A write the service holds is never dead-lettered as refused (a lost answer then a 409 or a
    // 422 "only from ready" means the earlier try landed: the read-back shows it).
    const heldByService = new Set(applied.map((a) => a.id));
    for (const d of stored.dead)
      if (/only (actions in )?ready/i.test(d.reason)) expect(heldByService.has(d.id), `${d.id} held but dead: ${d.reason}`).toBe(false);
    // Per action, the service applied the writes in the order they were made.
    const order = new Map(enqueued.map((e, i) => [e.id, i]));
    for (const action of ACTIONS) {
      const seq = applied.filter((a) => a.action === action).map((a) => order.get(a.id)!);
      for (let i = 1; i < seq.length; i++) expect(seq[i]!).toBeGreaterThanOrEqual(seq[i - 1]!);
    }
    // The service's final state is the last intended one: every write that was not dead-lettered,
    // applied in order by the service's own rules.
    for (const action of ACTIONS) {
      const mine = enqueued.filter((e) => e.actionId === action);
      if (mine.some((e) => dead.has(e.id))) continue;
      const model = { status: 'ready' as Status, message: null as string | null };
      for (const e of mine) {
        if (e.op === 'markSent') model.status = 'sent';
        else if (e.op === 'markFailed' && model.status === 'ready') model.status = 'failed';
        else if (e.op === 'updateMessage' && model.status === 'ready') model.message = e.body.message;
      }
      expect(service.get(action)).toEqual(model);
    }
    // Never more requests in any 60-second window than the cap, whatever the client's clock did.
    for (let i = CONFIG.capPerMinute; i < sends.length; i++) {
      expect(sends[i]! - sends[i - CONFIG.capPerMinute]!, `more than ${CONFIG.capPerMinute} requests in the minute to ${sends[i]}`).toBeGreaterThanOrEqual(
        WINDOW_MS,
      );
    }
  }
}

/**
 * Counterexamples found, tried first on every run (fast-check's `examples`) and on their own below.
 * The first: two marks held for a paused agent come due as the service returns; tried before the
 * writes that could land, they took the budget's last slots and a write went 60.5 s after the
 * return (core.ts, `recheck`, now sends them last; the bound counts their requests).
 */
const COUNTEREXAMPLES: Array<[Command[], number, 409 | 422]> = [
  [
    [
      { kind: 'faults', next: ['403-paused', '403-paused', '429-retry'] },
      { kind: 'burst', writes: 8 },
      { kind: 'outage', mode: 'down', ms: 14_999 },
      { kind: 'advance', ms: 4_464 },
      { kind: 'advance', ms: 870_537 },
      { kind: 'return', pollInMs: 4_001 },
      { kind: 'outage', mode: 'down', ms: 1_000 },
    ],
    1,
    409,
  ],
  // A lost mark's read-back answered 429: the model's read-back did not note the limit as the
  // background's reads do, so the next request went before the service's retry-after (CI, FC_SEED
  // -713050663 at 6aae733; it failed on 247605f too).
  [
    [
      { kind: 'faults', next: ['timeout', 'ok', '429-retry'] },
      { kind: 'enqueue', action: 'a1', op: 'markFailed', note: 'A' },
      { kind: 'drain' },
      { kind: 'advance', ms: 30_000 },
      { kind: 'drain' },
    ],
    1,
    409,
  ],
];

describe('outbox and limiter, model-based', () => {
  it.each(COUNTEREXAMPLES.map((c, i) => [i + 1, c] as const))('holds on counterexample %i', async (_i, [commands, seed, conflict]) => {
    await run(commands, seed, conflict);
  });

  it(`keeps every write, in order, within the budget, and delivers within 60 s of the return, over ${MODEL_RUNS_LABEL} random schedules`, async () => {
    let schedules = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 40, size: 'max' }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom<409 | 422>(409, 422),
        async (commands, seed, conflict) => {
          schedules++;
          await run(commands, seed, conflict);
        },
      ),
      { numRuns: MODEL_RUNS, examples: COUNTEREXAMPLES },
    );
    // fast-check counts the examples among the runs.
    expect(schedules).toBe(MODEL_RUNS);
  }, 300_000);
});
