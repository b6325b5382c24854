// The outbox's waits: an outage ends at the service's first answer, a limit holds the queue as a
// whole, a paused agent holds its marks, a refusal a lost answer explains is read back.
import { describe, expect, it } from 'vitest';
import { AgentStateError, NetworkError, RateLimitedError, ServerError, ServiceError, TimeoutError, ValidationError } from '../../../lib/api/errors';
import { DEFAULT_LIMITER } from '../../../lib/outbox/limiter';
import { createOutbox, EMPTY_OUTBOX, HOLD_MS, type OutboxEntry, type OutboxState } from '../../../lib/outbox/outbox';

const START = 1_700_000_000_000;

/** An outbox over memory, a settable clock and a service answering as `answer` says. */
function harness(answer: (entry: OutboxEntry, at: number) => void, holds?: (entry: OutboxEntry) => boolean) {
  let now = START;
  let stored: OutboxState = structuredClone(EMPTY_OUTBOX);
  let wake: number | undefined;
  let n = 0;
  const sends: Array<{ id: string; action: string; at: number }> = [];
  const reads: number[] = [];
  const delivered = new Map<string, number>();
  const outbox = createOutbox({
    load: async () => structuredClone(stored),
    save: async (s) => void (stored = structuredClone(s)),
    send: async (entry) => {
      sends.push({ id: entry.id, action: entry.actionId, at: now });
      answer(entry, now);
    },
    ...(holds
      ? {
          holds: async (entry: OutboxEntry) => {
            reads.push(now);
            return holds(entry);
          },
        }
      : {}),
    now: () => now,
    random: () => 0,
    wakeAt: (at) => void (wake = at),
    newId: () => `e${n++}`,
    onSettled: (entry, outcome) => void (outcome === 'delivered' && delivered.set(entry.id, now)),
    config: DEFAULT_LIMITER,
  });
  return {
    outbox,
    sends,
    reads,
    delivered,
    state: () => stored,
    get now() {
      return now;
    },
    set now(t: number) {
      now = t;
    },
    /** Lets time pass from wake to wake (the alarms), up to `ms` or until nothing is queued. */
    async run(ms: number): Promise<void> {
      const end = now + ms;
      while (now < end && stored.entries.length) {
        wake = undefined;
        await outbox.drain();
        if (wake === undefined || wake > end) break;
        now = Math.max(now, wake);
      }
      now = Math.max(now, end);
    },
    async enqueueMarks(count: number): Promise<OutboxEntry[]> {
      const entries: OutboxEntry[] = [];
      for (let i = 0; i < count; i++) entries.push(await outbox.enqueue({ op: 'markSent', body: { metadata: {} } }, `a${i}`));
      return entries;
    },
  };
}

describe('the service returns', () => {
  it('delivers twenty writes queued through an hour-long outage within 60 s of the first answer, none refused', async () => {
    let down = true;
    const h = harness(() => {
      if (down) throw new NetworkError('Failed to fetch');
    });
    await h.enqueueMarks(20);
    await h.run(3_600_000);
    // One probe at a time for the whole queue, never more than a few a minute.
    expect(h.sends.length).toBeLessThanOrEqual(3_600 / 5);
    const back = h.now;
    down = false;
    // A poll's success, as the background reports it.
    await h.outbox.answered();
    await h.run(60_000);
    expect(h.state()).toMatchObject({ entries: [], dead: [] });
    expect(Math.max(...h.delivered.values()) - back).toBeLessThanOrEqual(60_000);
  });

  it('finds the service back by itself within 25 s, with no poll to say so', async () => {
    let down = true;
    const h = harness(() => {
      if (down) throw new ServerError('Service Unavailable', 503);
    });
    await h.enqueueMarks(3);
    await h.run(2 * 3_600_000);
    const back = h.now;
    down = false;
    await h.run(60_000);
    expect(h.state().entries).toEqual([]);
    expect(Math.min(...h.delivered.values()) - back).toBeLessThanOrEqual(25_000);
  });

  it('lets a write that keeps failing wait behind the others instead of holding them', async () => {
    const h = harness((entry) => {
      if (entry.actionId === 'a0') throw new ServerError('Internal Server Error', 500);
    });
    await h.enqueueMarks(5);
    await h.run(10_000);
    expect(h.sends.filter((s) => s.action !== 'a0').length).toBe(4);
    expect(h.state().entries.map((e) => e.actionId)).toEqual(['a0']);
    expect(h.state().dead).toEqual([]);
  });
});

describe('limits are not refusals', () => {
  it('holds the whole queue through a storm of 429 (retry-after 5 s, reset ahead), never before the reset, and refuses nothing', async () => {
    let storm = true;
    let reset = 0;
    const early: number[] = [];
    const h = harness((_e, at) => {
      if (at < reset) early.push(at);
      if (!storm) return;
      reset = at + 30_000;
      throw new RateLimitedError('Too Many Attempts.', 429, 5, { remaining: 0, reset: reset / 1000, retryAfterSeconds: 5, seenAt: at });
    });
    await h.enqueueMarks(5);
    await h.run(10 * 60_000);
    expect(early).toEqual([]);
    // One try per reset for the queue as a whole: twenty in ten minutes, not one per write per wait.
    expect(h.sends.length).toBe(20);
    expect(h.state().dead).toEqual([]);
    expect(h.state().entries.every((e) => e.waitingFor === 'limit')).toBe(true);
    storm = false;
    await h.run(60_000);
    expect(h.state()).toMatchObject({ entries: [], dead: [] });
  });
});

describe('a paused agent', () => {
  it('holds a mark answered "Agent paused" with its reason, tries again every 15 minutes, and at once when the agent is active', async () => {
    let paused = true;
    const h = harness((entry) => {
      if (paused) throw new AgentStateError('paused', 'Agent paused');
      void entry;
    });
    const [mark] = await h.enqueueMarks(1);
    await h.run(1_000);
    expect(h.state().dead).toEqual([]);
    expect(h.state().entries[0]).toMatchObject({ id: mark!.id, waitingFor: 'agent', lastError: 'Agent paused', notBefore: START + HOLD_MS });
    await h.run(HOLD_MS + 1_000);
    expect(h.sends.length).toBe(2);
    paused = false;
    await h.outbox.agentActive();
    await h.run(1_000);
    expect(h.state().entries).toEqual([]);
    expect(h.sends.length).toBe(3);
  });

  it("lets a write that can land go before the recheck of a paused agent's mark due at the same time", async () => {
    // The model test's counterexample, as the outbox sees it: marks of a paused agent whose hold
    // ends as the service returns took the budget's slots before writes that could land.
    let down = false;
    const h = harness((entry) => {
      if (entry.actionId === 'a1') throw new AgentStateError('paused', 'Agent paused');
      if (down) throw new NetworkError('Failed to fetch');
    });
    await h.outbox.enqueue({ op: 'markSent', body: { metadata: {} } }, 'a1');
    await h.run(500);
    expect(h.state().entries[0]).toMatchObject({ waitingFor: 'agent', notBefore: START + HOLD_MS });
    // A write of another action, tried during an outage (so tried after the held mark).
    down = true;
    h.now = START + HOLD_MS - 8_000;
    const ready = await h.outbox.enqueue({ op: 'markSent', body: { metadata: {} } }, 'a2');
    await h.outbox.drain();
    // The service is back, and both are due.
    down = false;
    h.now = START + HOLD_MS + 1_000;
    await h.outbox.drain();
    expect(h.sends.slice(2).map((s) => s.id)).toEqual([ready.id]);
    expect(h.delivered.get(ready.id)).toBe(START + HOLD_MS + 1_000);
    await h.run(2_000);
    expect(h.sends.slice(2).map((s) => s.id)).toEqual([ready.id, 'e0']);
  });

  it('refuses a note on a paused agent, and any write on a cancelled one', async () => {
    const h = harness((entry) => {
      throw entry.op === 'updateMessage' ? new AgentStateError('paused', 'Agent paused') : new AgentStateError('cancelled', 'Agent cancelled');
    });
    await h.outbox.enqueue({ op: 'updateMessage', body: { message: 'x' } }, 'a1');
    await h.outbox.enqueue({ op: 'markSent', body: { metadata: {} } }, 'a2');
    await h.run(5_000);
    expect(h.state().dead.map((d) => [d.op, d.error.message])).toEqual([
      ['updateMessage', 'Agent paused'],
      ['markSent', 'Agent cancelled'],
    ]);
  });
});

describe('a lost answer', () => {
  /** The first try lands but its answer is lost; the retry is refused as the service refuses a second failure. */
  function lostThenRefused(refusal: Error, holds: boolean) {
    let tries = 0;
    return harness(
      () => {
        if (tries++ === 0) throw new TimeoutError(20_000);
        throw refusal;
      },
      () => holds,
    );
  }

  it.each([
    ['409', new ServiceError('Only ready actions can be marked failed', 409)],
    ['422 on status', new ValidationError('The given data was invalid.', { status: 'Only actions in ready can be marked failed.' }, [], [])],
  ])('counts a mark delivered when its retry is refused with %s and the service holds the intended state', async (_name, refusal) => {
    const h = lostThenRefused(refusal, true);
    const entry = await h.outbox.enqueue({ op: 'markFailed', body: { metadata: {} } }, 'a1');
    await h.run(60_000);
    expect(h.state()).toMatchObject({ entries: [], dead: [] });
    expect(h.delivered.has(entry.id)).toBe(true);
    expect(h.reads).toHaveLength(1);
  });

  it("keeps the refusal, in the service's words, when the read-back shows the service does not hold it", async () => {
    const h = lostThenRefused(new ServiceError('Only ready actions can be marked failed', 409), false);
    await h.outbox.enqueue({ op: 'markFailed', body: { metadata: {} } }, 'a1');
    await h.run(60_000);
    expect(h.state().dead).toMatchObject([{ op: 'markFailed', reason: 'Only ready actions can be marked failed', error: { status: 409 } }]);
    // Retried by the person: the mark is sent again, not only read back.
    const sent = h.sends.length;
    await h.outbox.retry(h.state().dead[0]!.id);
    await h.run(5_000);
    expect(h.sends.length).toBe(sent + 1);
  });

  it('makes a read-back that could not be made later, without sending the mark again; a retry by the person sends it', async () => {
    let tries = 0;
    let reads = 0;
    const h = harness(
      () => {
        if (tries++ === 0) throw new TimeoutError(20_000);
        throw new ServiceError('Only ready actions can be marked failed', 409);
      },
      () => {
        if (reads++ === 0) throw new NetworkError('Failed to fetch');
        return false;
      },
    );
    await h.outbox.enqueue({ op: 'markFailed', body: { metadata: {} } }, 'a1');
    await h.run(120_000);
    expect(h.sends).toHaveLength(2);
    expect(h.reads).toHaveLength(2);
    expect(h.state().dead).toMatchObject([{ reason: 'Only ready actions can be marked failed' }]);
    await h.outbox.retry(h.state().dead[0]!.id);
    await h.run(5_000);
    expect(h.sends).toHaveLength(3);
  });

  it('takes a first try refused 409 for a refusal, with no read-back', async () => {
    const h = harness(
      () => {
        throw new ServiceError('Only ready actions can be marked failed', 409);
      },
      () => true,
    );
    await h.outbox.enqueue({ op: 'markFailed', body: { metadata: {} } }, 'a1');
    await h.run(5_000);
    expect(h.state().dead).toHaveLength(1);
    expect(h.reads).toEqual([]);
  });
});

describe('the clock set back', () => {
  it('keeps each wait and each request of the last minute as long from now as it was', async () => {
    const h = harness(() => {});
    for (let i = 0; i < 30; i++) expect(await h.outbox.take('read')).toBeUndefined();
    // The minute's budget is spent; the clock goes back three hours.
    h.now -= 3 * 3_600_000;
    expect(await h.outbox.take('read')).toBe(h.now + 60_500);
    h.now += 60_500;
    expect(await h.outbox.take('read')).toBeUndefined();
    // A retry-after of 30 s, then the clock goes back two hours: still 30 s.
    await h.outbox.limited({ retryAfterSeconds: 30 });
    h.now -= 2 * 3_600_000;
    expect(await h.outbox.take('read', false)).toBe(h.now + 30_000);
    h.now += 30_000;
    expect(await h.outbox.take('read', false)).toBeUndefined();
  });

  it('does not stall the queue for the hours the clock went back', async () => {
    let down = true;
    const h = harness(() => {
      if (down) throw new NetworkError('Failed to fetch');
    });
    await h.enqueueMarks(3);
    await h.run(10 * 60_000);
    h.now -= 5 * 3_600_000;
    down = false;
    const back = h.now;
    await h.run(60_000);
    expect(h.state().entries).toEqual([]);
    expect(Math.max(...h.delivered.values()) - back).toBeLessThanOrEqual(60_000);
  });
});
