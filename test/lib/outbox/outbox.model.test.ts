// Model-based test of the outbox and limiter (fast-check): random schedules of enqueues, worker
// restarts (memory cleared, storage kept, sometimes in the middle of a delivery), answers of every
// kind and clock jumps; then the service recovers and the invariants are checked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentStateError, NetworkError, RateLimitedError, ServerError, TimeoutError, UnauthorizedError, ValidationError } from '../../../lib/api/errors';
import { DEFAULT_LIMITER, WINDOW_MS } from '../../../lib/outbox/limiter';
import { createOutbox, EMPTY_OUTBOX, type OutboxEntry, type OutboxState, type Write, type WriteOp } from '../../../lib/outbox/outbox';
import { PROPERTY_RUNS, PROPERTY_RUNS_LABEL } from '../../helpers/runs';

type Fault = 'ok' | '401' | '403-paused' | '429-retry' | '429-bare' | '403-reset' | '5xx' | 'network' | 'timeout' | 'die';
type Status = 'ready' | 'sent' | 'failed';

const ACTIONS = ['a1', 'a2', 'a3'];
// A small cap, so that schedules reach it; writes spaced by a second as in production.
const CONFIG = { ...DEFAULT_LIMITER, capPerMinute: 5 };

type Command =
  | { kind: 'enqueue'; action: string; op: WriteOp; note: string }
  | { kind: 'drain' }
  | { kind: 'advance'; ms: number }
  | { kind: 'restart' }
  | { kind: 'faults'; next: Fault[] }
  /** Many writes at once, then drains a second apart: the pace at which the cap matters. */
  | { kind: 'burst'; writes: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('enqueue' as const), action: fc.constantFrom(...ACTIONS), op: fc.constantFrom<WriteOp>('markSent', 'markFailed', 'updateMessage'), note: fc.constantFrom('A', 'B', 'C') }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'drain' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.oneof(fc.constantFrom(1_000, 1_000, 1_500), fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 30_000, max: 7_200_000 })) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('burst' as const), writes: fc.integer({ min: 3, max: 12 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('faults' as const), next: fc.array(fc.constantFrom<Fault>('ok', '401', '403-paused', '429-retry', '429-bare', '403-reset', '5xx', 'network', 'timeout', 'die'), { maxLength: 4 }) }) },
);

class Died extends Error {}

async function run(commands: Command[], seed: number): Promise<void> {
  let now = 1_000_000;
  let stored: OutboxState = structuredClone(EMPTY_OUTBOX);
  const service = new Map<string, { status: Status; message: string | null }>(ACTIONS.map((a) => [a, { status: 'ready', message: null }]));
  const pausedAgent = new Set<string>();
  let faults: Fault[] = [];
  const sends: number[] = [];
  const applied: Array<{ id: string; action: string }> = [];
  let serviceBlockedUntil = 0;
  const enqueued: OutboxEntry[] = [];
  const delivered = new Set<string>();
  let rng = seed;
  const random = () => ((rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let ids = 0;
  let wake: number | undefined;
  // Recorded, not thrown: an exception inside send would be taken by the outbox for a failure.
  const violations: string[] = [];

  function apply(entry: OutboxEntry): void {
    const s = service.get(entry.actionId)!;
    if (pausedAgent.has(entry.actionId)) throw new AgentStateError('paused', 'Agent paused');
    if (entry.op === 'markSent') s.status = 'sent';
    else if (entry.op === 'markFailed') {
      if (s.status !== 'ready') throw new ValidationError('Only actions in ready can be marked failed.', {}, [], ['status']);
      s.status = 'failed';
    } else {
      if (s.status !== 'ready') throw new ValidationError('Not pending or ready', {}, [], ['status']);
      s.message = entry.body.message;
    }
    applied.push({ id: entry.id, action: entry.actionId });
  }

  function instance() {
    let dead = false;
    const outbox = createOutbox({
      load: async () => structuredClone(stored),
      save: async (s) => {
        if (dead) throw new Died();
        stored = structuredClone(s);
      },
      now: () => now,
      random,
      newId: () => `e${ids++}`,
      wakeAt: (at) => {
        wake = at;
      },
      onSettled: (entry, outcome) => {
        if (outcome === 'delivered') delivered.add(entry.id);
      },
      config: CONFIG,
      send: async (entry) => {
        // Invariant: nothing before its retry deadline, nor before the service's retry-after.
        const current = stored.entries.find((e) => e.id === entry.id)!;
        if (now < current.notBefore) violations.push(`${entry.id} sent at ${now} before its deadline ${current.notBefore}`);
        if (now < serviceBlockedUntil) violations.push(`${entry.id} sent at ${now} before the service's retry-after ${serviceBlockedUntil}`);
        sends.push(now);
        const fault = faults.shift() ?? 'ok';
        switch (fault) {
          case 'ok':
            return apply(entry);
          case '401':
            throw new UnauthorizedError('Unauthenticated.');
          case '403-paused':
            pausedAgent.add(entry.actionId);
            return apply(entry);
          case '429-retry':
            serviceBlockedUntil = now + 20_000;
            throw new RateLimitedError('Too Many Attempts.', 429, 20, { retryAfterSeconds: 20, seenAt: now });
          case '429-bare':
            throw new RateLimitedError('Too Many Attempts.', 429, undefined, undefined);
          case '403-reset':
            serviceBlockedUntil = now + 45_000;
            throw new RateLimitedError('rate limit', 403, undefined, { remaining: 0, reset: Math.ceil((now + 45_000) / 1000), seenAt: now });
          case '5xx':
            throw new ServerError('down', 503);
          case 'network':
            throw new NetworkError('Failed to fetch');
          case 'timeout':
            apply(entry); // The service did it; the answer is lost.
            throw new TimeoutError(20_000);
          case 'die':
            apply(entry);
            dead = true;
            throw new Died();
        }
      },
    });
    return outbox;
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

  {
    for (const c of commands) {
      if (c.kind === 'enqueue') {
        const write: Write = c.op === 'updateMessage' ? { op: c.op, body: { message: c.note } } : { op: c.op, body: { metadata: {} } };
        enqueued.push(await outbox.enqueue(write, c.action));
      } else if (c.kind === 'drain') await drain();
      else if (c.kind === 'advance') now += c.ms;
      else if (c.kind === 'restart') outbox = instance();
      else if (c.kind === 'burst') {
        for (let i = 0; i < c.writes; i++) enqueued.push(await outbox.enqueue({ op: 'markSent', body: { metadata: {} } }, ACTIONS[i % ACTIONS.length]!));
        for (let i = 0; i < c.writes; i++) {
          await drain();
          now += 1_000;
        }
      } else faults = [...c.next];
    }
  }
  {
    // The service recovers; the person fixes the key; time passes until nothing is due.
    faults = [];
    pausedAgent.clear();
    await outbox.resume();
    for (let i = 0; i < 200 && stored.entries.length; i++) {
      wake = undefined;
      await drain();
      if (wake !== undefined) now = Math.max(now, wake);
    }
    checks();
  }

  function checks() {
    expect(violations).toEqual([]);
    // No entry lost: each is delivered or dead; none pending once the service is back.
    expect(stored.entries).toEqual([]);
    const dead = new Set(stored.dead.map((d) => d.id));
    for (const e of enqueued) expect(delivered.has(e.id) || dead.has(e.id)).toBe(true);
    // A write the service holds is never dead-lettered as refused (a lost answer then a 422 "only
    // from ready" means the earlier try landed).
    const held = new Set(applied.map((a) => a.id));
    for (const d of stored.dead) if (/only actions in ready/i.test(d.reason)) expect(held.has(d.id), `${d.id} held but dead: ${d.reason}`).toBe(false);
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
    // Never more requests in any 60-second window than the cap.
    for (let i = 0; i < sends.length; i++) {
      const inWindow = sends.filter((t) => t > sends[i]! - WINDOW_MS && t <= sends[i]!).length;
      expect(inWindow).toBeLessThanOrEqual(CONFIG.capPerMinute);
    }
  }
}

describe('outbox and limiter, model-based', () => {
  it(`keeps every write, in order, within the budget, over ${PROPERTY_RUNS_LABEL} random schedules`, async () => {
    let schedules = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40, size: 'max' }), fc.integer({ min: 1, max: 2 ** 30 }), async (commands, seed) => {
        schedules++;
        await run(commands, seed);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect(schedules).toBe(PROPERTY_RUNS);
  }, 240_000);
});
