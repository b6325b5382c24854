// Model test of the outbox's pure core (lib/outbox/core.ts, budget.ts), without its shell: random
// schedules of writes, turns answered in every way (delivered, refused, a conflict read back, no
// service, limits announced or the extension's own, a paused agent, 401), polls, undos, retries,
// origins left and chosen, pages opened, time passing and clocks set back, each applied to the
// stored state as the shell applies it. Checked at every step: a write is picked only at the head
// of its action, never while paused or held; no write is lost or kept twice; requests stay within
// the cap, a second apart for writes, never inside a wait the service asked for. Then the service
// answers for good, and every write leaves the queue.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentStateError, NetworkError, RateLimitedError, ServiceError, UnauthorizedError, ValidationError } from '../../../lib/api/errors';
import * as budget from '../../../lib/outbox/budget';
import * as core from '../../../lib/outbox/core';
import { isAnswer, judge } from '../../../lib/outbox/judge';
import { WINDOW_MS } from '../../../lib/outbox/limiter';
import { EMPTY_OUTBOX, type OutboxEntry, type OutboxState, type Write } from '../../../lib/outbox/state';
import { PROPERTY_RUNS, PROPERTY_RUNS_LABEL } from '../../helpers/runs';

type Answer = 'ok' | 'refused' | 'conflict' | 'away' | 'limit' | 'own-limit' | 'paused-agent' | '401';
type Command =
  | { kind: 'enqueue'; action: string; op: 'markSent' | 'markFailed' | 'updateMessage'; hold: boolean }
  | { kind: 'turn'; answer: Answer; holds: boolean }
  | { kind: 'poll'; answer: 'ok' | 'away' | 'limit' }
  | { kind: 'undo' | 'retry' | 'discard'; which: number }
  | { kind: 'holdFor' | 'agentActive' | 'resume' | 'opened' }
  | { kind: 'release'; send: boolean }
  | { kind: 'advance'; ms: number }
  | { kind: 'clockBack'; ms: number };

const CFG = { capPerMinute: 5, writeSpacingMs: 1000 };
const RETRY_AFTER_S = 20;
const READ = { op: 'read', uncertain: false };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('enqueue' as const),
      action: fc.constantFrom('a1', 'a2', 'a3'),
      op: fc.constantFrom('markSent' as const, 'markFailed' as const, 'updateMessage' as const),
      hold: fc.boolean(),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('turn' as const),
      answer: fc.constantFrom<Answer>('ok', 'ok', 'ok', 'refused', 'conflict', 'away', 'limit', 'own-limit', 'paused-agent', '401'),
      holds: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('poll' as const), answer: fc.constantFrom('ok' as const, 'away' as const, 'limit' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'retry' as const, 'discard' as const), which: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('holdFor' as const, 'agentActive' as const, 'resume' as const, 'opened' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), send: fc.boolean() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 10_000, max: 1_200_000 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clockBack' as const), ms: fc.integer({ min: 1_000, max: 3 * 3_600_000 }) }) },
);

/** What the service answers a request, as the client throws it. */
function failure(answer: Exclude<Answer, 'ok'>): Error {
  switch (answer) {
    case 'refused':
      return new ValidationError('The note is too long', {}, [], ['message']);
    case 'conflict':
      return new ServiceError('Only ready actions can be marked failed.', 409);
    case 'away':
      return new NetworkError('Failed to fetch');
    case 'limit':
      return new RateLimitedError('Too Many Attempts.', 429, RETRY_AFTER_S, { retryAfterSeconds: RETRY_AFTER_S, seenAt: 0 });
    case 'own-limit':
      return new RateLimitedError('The request budget is spent for now', 0, 1, undefined);
    case 'paused-agent':
      return new AgentStateError('paused', 'Agent paused');
    case '401':
      return new UnauthorizedError('Unauthenticated.');
  }
}

function simulate(commands: Command[], probing: boolean): string[] {
  let real = 1_700_000_000_000;
  let skew = 0;
  const clock = () => real + skew;
  let s: OutboxState = structuredClone(EMPTY_OUTBOX);
  const violations: string[] = [];
  const requests: Array<{ at: number; write: boolean }> = [];
  /** The end of the last wait the service asked for (real time). */
  let serviceWait = 0;
  let ids = 0;
  const made: string[] = [];
  /** Writes that left the queue for good: delivered, taken back, discarded. */
  const gone = new Set<string>();

  /** One change of the stored state, as the shell makes it: seen at the clock's time, then stamped. */
  function change<R extends { state: OutboxState }>(transition: (s: OutboxState, now: number) => R): R {
    const now = clock();
    const result = transition(core.shift(s, now), now);
    s = { ...result.state, seenAt: now };
    return result;
  }
  const update = (transition: (s: OutboxState, now: number) => OutboxState) => change((x, now) => ({ state: transition(x, now) }));

  function request(write: boolean, answer: Answer): void {
    if (real < serviceWait) violations.push(`request at ${real} inside the service's wait to ${serviceWait}`);
    requests.push({ at: real, write });
    if (answer === 'limit') serviceWait = real + RETRY_AFTER_S * 1000;
  }

  /** A read as the background's service module makes it: within the budget, its answer told to the outbox. */
  function read(answer: Answer): Error | undefined {
    const { at } = change((x, now) => budget.take(x, now, 'read', CFG, true));
    if (at !== undefined) return new RateLimitedError('The request budget is spent for now', 0, 1, undefined);
    request(false, answer);
    // A read is not refused as a write is: the service's other answers are its list.
    const error = answer === 'ok' || answer === 'conflict' || answer === 'paused-agent' ? undefined : failure(answer);
    const signal = budget.announcedLimit(error);
    if (signal) update((x, now) => budget.noteLimited(x, signal, now, () => 0.5));
    else if (!error || isAnswer(error)) update(budget.answered);
    return error;
  }

  /** The shell's read-back of a refused mark: delivered when the service holds it, else refused; or it waits as the read says. */
  function readBack(refusal: NonNullable<OutboxEntry['refusal']>, answer: Answer, holds: boolean): core.Outcome {
    const error = read(answer);
    return error ? core.readBackFailed(refusal, error) : { m: holds ? 'ok' : 'dead', error: refusal };
  }

  function outcome(entry: OutboxEntry, answer: Answer, holds: boolean): core.Outcome {
    if (entry.refusal) return readBack(entry.refusal, answer, holds);
    request(true, answer);
    if (answer === 'ok') return { m: 'ok' };
    const failed = core.sendFailed(entry, failure(answer));
    return failed.m === 'check' ? readBack(failed.error, 'ok', holds) : failed;
  }

  function turn(answer: Answer, holds: boolean): void {
    const { turn: next, before } = change((x, now) => {
      const t = core.pick(x, now, CFG, probing);
      return { state: core.started(x, t, now, () => 0.5), turn: t, before: x };
    });
    const { entry } = next;
    if (entry) {
      const head = before.entries.find((e) => e.actionId === entry.actionId);
      if (head?.id !== entry.id) violations.push(`${entry.id} picked before ${head?.id}, the head of its action`);
      if (before.pausedForKey || entry.heldFor) violations.push(`${entry.id} picked while paused or held`);
      if (core.dueAt(before, entry, clock(), CFG) > clock()) violations.push(`${entry.id} picked before it was due`);
      const o = outcome(entry, answer, holds);
      update((x, now) => core.settle(x, entry.id, o, now, () => 0.5));
      if (o.m === 'ok') gone.add(entry.id);
    } else if (next.probe) {
      request(false, answer);
      if (answer === 'ok') update(budget.answered);
      else update((x, now) => budget.probeFailed(x, judge(READ, failure(answer)), budget.announcedLimit(failure(answer)), now, () => 0.5));
    }
  }

  const pickId = (list: Array<{ id: string }>, which: number) => list[which % Math.max(1, list.length)]?.id ?? 'none';

  function step(c: Command): void {
    if (c.kind === 'enqueue') {
      const write: Write = c.op === 'updateMessage' ? { op: c.op, body: { message: 'A note' } } : { op: c.op, body: { metadata: {} } };
      const entry = core.newEntry(write, `e${ids++}`, c.action, undefined, clock(), c.hold ? 5_000 : 0);
      made.push(entry.id);
      update((x) => core.enqueue(x, entry));
    } else if (c.kind === 'turn') turn(c.answer, c.holds);
    else if (c.kind === 'poll') read(c.answer);
    else if (c.kind === 'undo') {
      const id = pickId(s.entries, c.which);
      const sent = s.entries.find((e) => e.id === id)?.uncertain;
      const { cancelled } = change((x) => core.cancel(x, id));
      if (cancelled && sent) violations.push(`${id} taken back after it may have reached the service`);
      if (cancelled) gone.add(id);
    } else if (c.kind === 'retry') update((x) => core.retry(x, pickId(x.dead, c.which)));
    else if (c.kind === 'discard') {
      const id = pickId(s.dead, c.which);
      if (s.dead.some((d) => d.id === id)) gone.add(id);
      update((x) => core.discard(x, id));
    } else if (c.kind === 'holdFor') update((x) => core.holdFor(x, 'https://old.example'));
    else if (c.kind === 'release') {
      if (!c.send) for (const e of [...s.entries, ...s.dead]) if (e.heldFor) gone.add(e.id);
      update((x) => core.releaseHeld(x, c.send));
    } else if (c.kind === 'agentActive') update(core.agentActive);
    else if (c.kind === 'resume') update(core.resume);
    else if (c.kind === 'opened') update(budget.opened);
    else if (c.kind === 'advance') real += c.ms;
    else if (c.kind === 'clockBack') skew -= c.ms;
  }

  /** Each write made is queued, refused or gone, once. */
  function accounted(): void {
    const kept = [...s.entries, ...s.dead].map((e) => e.id);
    if (new Set(kept).size !== kept.length) violations.push(`a write kept twice: ${kept.join(', ')}`);
    for (const id of made) if (!kept.includes(id) && !gone.has(id)) violations.push(`${id} lost`);
  }

  for (const c of commands) {
    step(c);
    accounted();
  }
  // The service answers for good; the key is fixed, agents active, held writes sent.
  for (const c of ['resume', 'agentActive'] as const) step({ kind: c });
  step({ kind: 'release', send: true });
  for (let i = 0; i < 400 && s.entries.length; i++) {
    const { turn: next } = change((x, now) => ({ state: x, turn: core.pick(x, now, CFG, probing) }));
    if (next.wakeAt !== undefined) real += Math.max(0, next.wakeAt - clock());
    else turn('ok', true);
  }
  accounted();
  if (s.entries.length) violations.push(`still queued once the service answered: ${s.entries.map((e) => e.id).join(', ')}`);

  const sorted = requests.map((r) => r.at);
  for (let i = CFG.capPerMinute; i < sorted.length; i++)
    if (sorted[i]! - sorted[i - CFG.capPerMinute]! < WINDOW_MS) violations.push(`more than ${CFG.capPerMinute} requests in the minute to ${sorted[i]}`);
  const writes = requests.filter((r) => r.write).map((r) => r.at);
  for (let i = 1; i < writes.length; i++) if (writes[i]! - writes[i - 1]! < CFG.writeSpacingMs) violations.push(`writes at ${writes[i - 1]} and ${writes[i]}`);
  return violations;
}

describe('the outbox’s pure core, model-based', () => {
  it(`picks each action's head only, loses nothing, keeps the budget and every wait, and empties once the service answers, over ${PROPERTY_RUNS_LABEL} random schedules`, () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 60 }), fc.boolean(), (commands, probing) => {
        expect(simulate(commands, probing)).toEqual([]);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
