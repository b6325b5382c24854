// The outbox's queue as pure transitions over its stored state (lib/outbox/core.ts), without the
// shell: no storage, no lock, no request. Each test gives a state and reads the one that follows.
// (Over 250 lines: one file for core.ts as the tests mirror lib/, and its transitions are many.)
import { describe, expect, it } from 'vitest';
import { ServerError, ServiceError, UnauthorizedError, ValidationError } from '../../../lib/api/errors';
import {
  agentActive,
  cancel,
  discard,
  dueAt,
  enqueue,
  forget,
  holdFor,
  newEntry,
  pick,
  readBackFailed,
  refusedSeen,
  releaseHeld,
  resume,
  retry,
  sendFailed,
  settle,
  shift,
  started,
} from '../../../lib/outbox/core';
import { EMPTY_LIMITER, recordRequest } from '../../../lib/outbox/limiter';
import { EMPTY_OUTBOX, HOLD_MS, type DeadEntry, type OutboxEntry, type OutboxState } from '../../../lib/outbox/state';
import { entry, outboxWith } from '../../helpers/outbox-entries';

const NOW = 1_700_000_000_000;
const CFG = { capPerMinute: 5, writeSpacingMs: 1000 };
const never = () => 0;
/** Entry `i` for action `action` (several entries of one action queue behind each other). */
const of = (i: number, action: string, patch: Partial<Pick<OutboxEntry, 'notBefore' | 'lastTriedAt' | 'waitingFor'>> = {}): OutboxEntry => ({
  ...entry(i),
  actionId: action,
  ...patch,
});
const refusedOne = (i: number): DeadEntry => ({ ...entry(i), deadAt: NOW, reason: 'Refused', error: { kind: 'validation', message: 'Refused' } });

describe('storing and taking back writes', () => {
  it('stores a write due at once, or held until its undo ends, neither of them sent yet', () => {
    const write = { op: 'markSent', body: { metadata: {} } } as const;
    expect(newEntry(write, 'e1', 'a1', 'ag1', NOW)).toEqual({
      ...write,
      id: 'e1',
      actionId: 'a1',
      agentId: 'ag1',
      enqueuedAt: NOW,
      notBefore: 0,
      uncertain: false,
    });
    expect(newEntry(write, 'e2', 'a1', undefined, NOW, 5_000)).toMatchObject({ notBefore: NOW + 5_000, holdUntil: NOW + 5_000, uncertain: false });
  });

  it('queues a new write after those already waiting', () => {
    const s = enqueue(outboxWith([entry(1)]), entry(2));
    expect(s.entries.map((e) => e.id)).toEqual(['w1', 'w2']);
  });

  it('takes back a write never sent, but neither one that may have reached the service nor one already gone', () => {
    const s = outboxWith([entry(1), { ...entry(2), uncertain: true }]);
    const taken = cancel(s, 'w1');
    expect(taken.cancelled).toBe(true);
    expect(taken.state.entries.map((e) => e.id)).toEqual(['w2']);
    // Nothing changed: the same state, which the shell then does not store again.
    expect(cancel(s, 'w2')).toEqual({ state: s, cancelled: false });
    expect(cancel(s, 'w9').state).toBe(s);
  });

  it('queues a refused write again at the end, due at once and without the refusal it was read back for', () => {
    const dead: DeadEntry = { ...refusedOne(1), notBefore: NOW + HOLD_MS, refusal: { kind: 'service', message: 'Conflict' } };
    const s = retry(outboxWith([entry(2)], [dead]), 'w1');
    expect(s.dead).toEqual([]);
    expect(s.entries.map((e) => e.id)).toEqual(['w2', 'w1']);
    const again = s.entries[1]!;
    expect(again).toMatchObject({ notBefore: 0 });
    for (const key of ['deadAt', 'reason', 'error', 'refusal']) expect(again).not.toHaveProperty(key);
    expect(retry(s, 'w1')).toBe(s);
  });

  it('discards a refused write and nothing else', () => {
    const s = discard(outboxWith([entry(1)], [refusedOne(2), refusedOne(3)]), 'w2');
    expect(s.dead.map((d) => d.id)).toEqual(['w3']);
    expect(s.entries.map((e) => e.id)).toEqual(['w1']);
  });

  it('forgets every write, queued or refused, keeping the requests already counted, and says how many were queued', () => {
    const limiter = recordRequest(EMPTY_LIMITER, NOW, 'write');
    const { state, queued } = forget({ ...outboxWith([entry(1), entry(2)], [refusedOne(3)]), limiter, pausedForKey: true });
    expect(queued).toBe(2);
    expect(state).toEqual({ ...EMPTY_OUTBOX, limiter });
  });

  it('notes when the refused list was seen, and lets writes held after a 401 go once the key changed', () => {
    expect(refusedSeen(EMPTY_OUTBOX, NOW).deadSeenAt).toBe(NOW);
    expect(resume({ ...EMPTY_OUTBOX, pausedForKey: true }).pausedForKey).toBe(false);
  });
});

describe('writes held for a service the person left', () => {
  it('holds every queued and refused write for the origin left, and keeps the first origin of one already held', () => {
    const s = holdFor(outboxWith([entry(1), { ...entry(2), heldFor: 'https://first.example' }], [refusedOne(3)]), 'https://old.example');
    expect(s.entries.map((e) => e.heldFor)).toEqual(['https://old.example', 'https://first.example']);
    expect(s.dead[0]!.heldFor).toBe('https://old.example');
    expect(holdFor(EMPTY_OUTBOX, 'https://old.example')).toBe(EMPTY_OUTBOX);
  });

  it('sends the held writes to the service now set, or discards them and only them, as the person chooses', () => {
    const s = outboxWith([{ ...entry(1), heldFor: 'https://old.example' }, entry(2)], [{ ...refusedOne(3), heldFor: 'https://old.example' }]);
    const sent = releaseHeld(s, true);
    expect([...sent.entries, ...sent.dead].some((e) => 'heldFor' in e)).toBe(false);
    expect(sent.entries.map((e) => e.id)).toEqual(['w1', 'w2']);
    const dropped = releaseHeld(s, false);
    expect(dropped.entries.map((e) => e.id)).toEqual(['w2']);
    expect(dropped.dead).toEqual([]);
  });
});

describe('which write goes next', () => {
  it('picks only the first write of each action, so that one action’s writes go in the order they were made', () => {
    const s = outboxWith([of(1, 'a', { lastTriedAt: NOW - 10 }), of(2, 'a'), of(3, 'b', { lastTriedAt: NOW - 5 })]);
    expect(pick(s, NOW, CFG, false).entry?.id).toBe('w1');
    // w1 waits (its action's hold): w2 is not picked before it, the other action's head is.
    const held = outboxWith([of(1, 'a', { notBefore: NOW + 60_000 }), of(2, 'a'), of(3, 'b')]);
    expect(pick(held, NOW, CFG, false).entry?.id).toBe('w3');
  });

  it('sends nothing while paused for the key, and nothing held for a service the person left', () => {
    expect(pick({ ...outboxWith([entry(1)]), pausedForKey: true }, NOW, CFG, false)).toEqual({});
    expect(pick(outboxWith([{ ...entry(1), heldFor: 'https://old.example' }]), NOW, CFG, false)).toEqual({});
  });

  it('sends the writes that can land before a mark rechecked for its paused agent, then the one tried least recently', () => {
    const s = outboxWith([
      of(1, 'a', { waitingFor: 'agent', lastTriedAt: NOW - 100_000 }),
      of(2, 'b', { lastTriedAt: NOW - 50 }),
      of(3, 'c', { lastTriedAt: NOW - 500 }),
    ]);
    expect(pick(s, NOW, CFG, false).entry?.id).toBe('w3');
    expect(pick(outboxWith([s.entries[0]!]), NOW, CFG, false).entry?.id).toBe('w1');
  });

  it('when nothing is due, says the earliest time something will be', () => {
    const s = outboxWith([of(1, 'a', { notBefore: NOW + 9_000 }), of(2, 'b', { notBefore: NOW + 4_000 })]);
    expect(pick(s, NOW, CFG, false)).toEqual({ wakeAt: NOW + 4_000 });
    // The budget's spacing is a wait like the others.
    const spaced = { ...outboxWith([entry(1)]), limiter: recordRequest(EMPTY_LIMITER, NOW - 200, 'write') };
    expect(pick(spaced, NOW, CFG, false)).toEqual({ wakeAt: NOW + 800 });
    expect(dueAt(spaced, entry(1), NOW, CFG)).toBe(NOW + 800);
  });

  it('during an outage, with a probe, asks the probe first when it is due, else says when it will be', () => {
    const outage = { failures: 2, until: NOW + 3_000 };
    const s = { ...outboxWith([entry(1)]), outage };
    expect(pick(s, NOW, CFG, true)).toEqual({ wakeAt: NOW + 3_000 });
    expect(pick(s, NOW + 3_000, CFG, true)).toEqual({ probe: true });
    // Without a probe, the head write itself is tried when the outage's wait is over.
    expect(pick(s, NOW + 3_000, CFG, false).entry?.id).toBe('w1');
    // Nothing to deliver, nothing to ask.
    expect(pick({ ...EMPTY_OUTBOX, outage }, NOW + 3_000, CFG, true)).toEqual({});
  });
});

describe('what is stored before a request goes', () => {
  it('counts a write and marks it uncertain; a read-back spends its read where it is made, not here', () => {
    const s = outboxWith([entry(1)]);
    const next = started(s, { entry: entry(1) }, NOW, never);
    expect(next.entries[0]).toMatchObject({ uncertain: true, lastTriedAt: NOW });
    expect(next.limiter).toMatchObject({ sent: [NOW], writes: [NOW], lastWriteAt: NOW });
    const readBack = { ...entry(1), refusal: { kind: 'service' as const, message: 'Conflict' } };
    expect(started(outboxWith([readBack]), { entry: readBack }, NOW, never).limiter).toBe(EMPTY_LIMITER);
  });

  it('counts the probe as a read and plans the next one, marked as out', () => {
    const s = { ...outboxWith([entry(1)]), outage: { failures: 1, until: NOW } };
    const next = started(s, { probe: true }, NOW, never);
    expect(next.limiter.sent).toEqual([NOW]);
    expect(next.limiter.writes).toEqual([]);
    expect(next.outage).toEqual({ failures: 2, until: NOW + 10_000, probedAt: NOW, probing: true });
  });

  it('stores nothing new when nothing goes', () => {
    const s = outboxWith([entry(1)]);
    expect(started(s, { wakeAt: NOW + 1 }, NOW, never)).toBe(s);
  });
});

describe('what an answer does to the queue', () => {
  const tried = (patch: Partial<OutboxState> = {}): OutboxState => ({ ...outboxWith([{ ...entry(1), uncertain: true }, entry(2)]), ...patch });

  it('removes a delivered write, remembers the last twenty delivered, and ends an outage and a limit streak', () => {
    const delivered = Array.from({ length: 20 }, (_, i) => ({ id: `d${i}`, actionId: 'x', op: 'markSent' as const, enqueuedAt: 0, deliveredAt: 0 }));
    const s = tried({ outage: { failures: 3, until: NOW + 20_000 }, limiter: { ...EMPTY_LIMITER, limitStreak: 2 }, delivered });
    const next = settle(s, 'w1', { m: 'ok' }, NOW, never);
    expect(next.entries.map((e) => e.id)).toEqual(['w2']);
    expect(next.delivered).toHaveLength(20);
    expect(next.delivered!.at(-1)).toEqual({ id: 'w1', actionId: 'a1', op: 'markSent', enqueuedAt: 1001, deliveredAt: NOW });
    expect(next.outage).toBeUndefined();
    expect(next.limiter.limitStreak).toBe(0);
  });

  it('moves a refused write to the refused list with the words of its refusal', () => {
    const error = { kind: 'validation' as const, message: 'The note is too long' };
    const next = settle(tried(), 'w1', { m: 'dead', error }, NOW, never);
    expect(next.entries.map((e) => e.id)).toEqual(['w2']);
    expect(next.dead).toEqual([{ ...entry(1), uncertain: true, deadAt: NOW, reason: 'The note is too long', error }]);
  });

  it('keeps a write answered 401, still uncertain, and pauses the whole queue', () => {
    const next = settle(tried(), 'w1', { m: 'pause', error: { kind: 'unauthorized', message: 'Unauthenticated.' } }, NOW, never);
    expect(next.pausedForKey).toBe(true);
    expect(next.entries).toEqual(tried().entries);
  });

  it('keeps a write the service did not answer, says why, and makes the whole queue wait longer at each try', () => {
    const error = { kind: 'network' as const, message: 'Failed to fetch' };
    const once = settle(tried(), 'w1', { m: 'service', error }, NOW, never);
    expect(once.entries[0]).toMatchObject({ id: 'w1', lastError: 'Failed to fetch', waitingFor: 'service', notBefore: 0 });
    expect(once.outage).toEqual({ failures: 1, until: NOW + 5_000 });
    expect(settle(once, 'w1', { m: 'service', error }, NOW, never).outage).toEqual({ failures: 2, until: NOW + 10_000 });
  });

  it('blocks every request until the end of a limit the service announced, and nothing more for the extension’s own budget', () => {
    const error = { kind: 'rate-limited' as const, message: 'Too Many Attempts.' };
    const announced = settle(tried(), 'w1', { m: 'limit', error, signal: { retryAfterSeconds: 20 } }, NOW, never);
    expect(announced.limiter.blockedUntil).toBe(NOW + 20_000);
    expect(announced.entries[0]).toMatchObject({ waitingFor: 'limit' });
    expect(settle(tried(), 'w1', { m: 'limit', error }, NOW, never).limiter.blockedUntil).toBe(0);
  });

  it('holds a mark for its paused agent for fifteen minutes, and keeps the refusal a read-back is due for', () => {
    const error = { kind: 'agent-paused' as const, message: 'Agent paused' };
    const held = settle(tried(), 'w1', { m: 'agent', error }, NOW, never);
    expect(held.entries[0]).toMatchObject({ waitingFor: 'agent', notBefore: NOW + HOLD_MS });
    const refusal = { kind: 'service' as const, message: 'Only ready actions can be marked failed.' };
    const waiting = settle(tried(), 'w1', { m: 'service', error: { kind: 'network', message: 'Failed to fetch' }, refusal }, NOW, never);
    expect(waiting.entries[0]!.refusal).toEqual(refusal);
  });

  it('makes the marks held for a paused agent due at once when an agent is active again, and only those', () => {
    const s = agentActive(
      outboxWith([
        { ...entry(1), waitingFor: 'agent', notBefore: NOW + HOLD_MS },
        { ...entry(2), notBefore: NOW + 5_000 },
      ]),
    );
    expect(s.entries.map((e) => e.notBefore)).toEqual([0, NOW + 5_000]);
  });

  it('changes nothing for an answer about a write no longer queued', () => {
    const s = tried();
    expect(settle(s, 'w9', { m: 'ok' }, NOW, never)).toBe(s);
  });
});

describe('what a failure means for a write', () => {
  it('takes a mark refused as its lost first try explains for a read-back, and any other refusal as final', () => {
    const conflict = new ServiceError('Only ready actions can be marked failed.', 409);
    expect(sendFailed({ ...entry(1), uncertain: true }, conflict)).toMatchObject({ m: 'check', error: { kind: 'service', status: 409 } });
    expect(sendFailed(entry(1), conflict).m).toBe('dead');
    expect(sendFailed(entry(1), new UnauthorizedError('Unauthenticated.'))).toMatchObject({ m: 'pause', signal: undefined });
  });

  it('lets the refusal stand when the read-back is refused, and keeps it for later when the read-back found no service', () => {
    const refusal = new ValidationError('Only actions in ready can be marked failed.', {}, [], ['status']).toJSON();
    expect(readBackFailed(refusal, new ValidationError('Bad query', {}, [], ['status']))).toEqual({ m: 'dead', error: refusal });
    expect(readBackFailed(refusal, new ServerError('down', 503))).toEqual({ m: 'service', error: new ServerError('down', 503).toJSON(), refusal });
  });
});

describe('a clock set back', () => {
  it('moves every stored time back by the jump, so that each wait is as long from now as it was, and leaves counts alone', () => {
    const s: OutboxState = {
      ...outboxWith([{ ...entry(1), notBefore: NOW + 9_000, lastTriedAt: NOW - 1_000 }]),
      limiter: recordRequest(EMPTY_LIMITER, NOW - 30_000, 'write'),
      outage: { failures: 3, until: NOW + 20_000 },
      seenAt: NOW,
    };
    const back = NOW - 3_600_000;
    const moved = shift(s, back);
    expect(moved.entries[0]).toMatchObject({ notBefore: back + 9_000, lastTriedAt: back - 1_000, enqueuedAt: 1001 });
    expect(moved.outage).toEqual({ failures: 3, until: back + 20_000 });
    expect(moved.limiter.sent).toEqual([back - 30_000]);
    expect(dueAt(moved, moved.entries[0]!, back, CFG) - back).toBe(dueAt(s, s.entries[0]!, NOW, CFG) - NOW);
  });

  it('leaves the state as it is when the clock did not go back', () => {
    const s = { ...outboxWith([entry(1)]), seenAt: NOW };
    expect(shift(s, NOW)).toBe(s);
    expect(shift(s, NOW + 60_000)).toBe(s);
    expect(shift(EMPTY_OUTBOX, NOW)).toBe(EMPTY_OUTBOX);
  });
});
