import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  EMPTY_LIMITER,
  limitWaitUntil,
  MAX_RESET_AHEAD_MS,
  nextAllowedAt,
  noteLimit,
  outageBackoffMs,
  recordRequest,
} from '../../../lib/outbox/limiter';
import { createOutbox, EMPTY_OUTBOX, type OutboxState } from '../../../lib/outbox/outbox';

const CFG = { capPerMinute: 5, writeSpacingMs: 1000 };

describe('limiter', () => {
  it('spaces writes by a second and lets reads through', () => {
    const s = recordRequest(EMPTY_LIMITER, 10_000, 'write');
    expect(nextAllowedAt(s, 10_200, 'write', CFG)).toBe(11_000);
    expect(nextAllowedAt(s, 10_200, 'read', CFG)).toBe(10_200);
  });

  it('holds the sixth request of a minute until the first leaves the window', () => {
    let s = EMPTY_LIMITER;
    for (let i = 0; i < 5; i++) s = recordRequest(s, 1_000 * i, 'read');
    expect(nextAllowedAt(s, 5_000, 'read', CFG)).toBe(60_500);
    expect(nextAllowedAt(s, 60_501, 'read', CFG)).toBe(60_501);
  });

  it('keeps the arrival margin for a request asked for between 60 and 60.5 s after the oldest of a full minute', () => {
    let s = EMPTY_LIMITER;
    for (let i = 0; i < 5; i++) s = recordRequest(s, 1_000 * i, 'read');
    expect(nextAllowedAt(s, 60_001, 'read', CFG)).toBe(60_500);
    expect(nextAllowedAt(s, 60_400, 'view', CFG)).toBe(62_500);
    // Recorded meanwhile, the oldest is still counted until its margin has passed.
    s = recordRequest(s, 60_300, 'write');
    expect(nextAllowedAt(s, 60_400, 'read', CFG)).toBe(61_500);
  });

  it('follows spec 002: never before the reset when remaining is 0, whatever retry-after says; else retry-after; else a minute, then longer', () => {
    // remaining 0: a retry-after shorter than the reset does not let the next try go earlier.
    expect(limitWaitUntil({ retryAfterSeconds: 7, remaining: 0, reset: 100 }, 1_000, 1, () => 0)).toBe(100_000);
    // ...and a longer one is honoured too.
    expect(limitWaitUntil({ retryAfterSeconds: 200, remaining: 0, reset: 100 }, 1_000, 1, () => 0)).toBe(201_000);
    expect(limitWaitUntil({ remaining: 0, reset: 100 }, 1_000, 1, () => 0)).toBe(100_000);
    expect(limitWaitUntil({ retryAfterSeconds: 7, remaining: 3, reset: 100 }, 1_000, 1, () => 0)).toBe(8_000);
    // A reset already past: retry-after, else the minute rule.
    expect(limitWaitUntil({ retryAfterSeconds: 7, remaining: 0, reset: 1 }, 5_000, 1, () => 0)).toBe(12_000);
    expect(limitWaitUntil({}, 1_000, 1, () => 0)).toBe(61_000);
    expect(limitWaitUntil({}, 1_000, 3, () => 0)).toBe(241_000);
  });

  it('takes a reset hours ahead (a clock disagreement) for an hour at most', () => {
    expect(limitWaitUntil({ remaining: 0, reset: 10 * 3600 }, 0, 1, () => 0)).toBe(3_600_000);
  });

  it('waits in full for any reset within the hour (the deviation from spec 002 starts beyond it)', () => {
    const now = 1_700_000_000_000;
    const reset = (ms: number) => Math.round((now + ms) / 1000);
    expect(limitWaitUntil({ remaining: 0, reset: reset(59 * 60_000) }, now, 1, () => 0)).toBe(reset(59 * 60_000) * 1000);
    expect(limitWaitUntil({ remaining: 0, reset: reset(MAX_RESET_AHEAD_MS) }, now, 1, () => 0)).toBe(now + MAX_RESET_AHEAD_MS);
    expect(limitWaitUntil({ remaining: 0, reset: reset(MAX_RESET_AHEAD_MS + 60_000) }, now, 1, () => 0)).toBe(now + MAX_RESET_AHEAD_MS);
    // A retry-after the service gives is never shortened, even beyond the hour.
    expect(limitWaitUntil({ remaining: 0, reset: reset(3 * 3_600_000), retryAfterSeconds: 7200 }, now, 1, () => 0)).toBe(now + 7_200_000);
  });

  it('grows the wait over limit answers in a row, and blocks every request until it ends', () => {
    let s = EMPTY_LIMITER;
    const waits = [1, 2, 3].map(() => {
      s = noteLimit(s, {}, 0, () => 0);
      return s.blockedUntil;
    });
    expect(waits).toEqual([60_000, 120_000, 240_000]);
    expect(nextAllowedAt(s, 1_000, 'read', CFG)).toBe(240_000);
  });

  it('backs off exponentially from a minute, with jitter that only lengthens the wait', () => {
    expect([1, 2, 3].map((a) => backoffMs(a, () => 0))).toEqual([60_000, 120_000, 240_000]);
    expect(backoffMs(1, () => 0.999)).toBeGreaterThan(60_000);
    expect(backoffMs(1, () => 0.999)).toBeLessThanOrEqual(72_000);
    expect(backoffMs(30, () => 0)).toBe(3_600_000);
  });

  it('tries again within seconds while the service is out: 5 s, 10 s, then every 20 s', () => {
    expect([1, 2, 3, 4, 40].map((f) => outageBackoffMs(f, () => 0))).toEqual([5_000, 10_000, 20_000, 20_000, 20_000]);
    expect(outageBackoffMs(9, () => 0.999)).toBeLessThanOrEqual(24_000);
  });
});

describe('outbox delivery pace', () => {
  it('sends at most the cap in a minute, a second apart', async () => {
    let now = 0;
    let stored: OutboxState = structuredClone(EMPTY_OUTBOX);
    const sends: number[] = [];
    let wake = 0;
    let n = 0;
    const outbox = createOutbox({
      load: async () => structuredClone(stored),
      save: async (s) => void (stored = structuredClone(s)),
      send: async () => void sends.push(now),
      now: () => now,
      random: () => 0,
      wakeAt: (at) => void (wake = at),
      newId: () => `e${n++}`,
      config: CFG,
    });
    for (let i = 0; i < 8; i++) await outbox.enqueue({ op: 'markSent', body: {} }, `a${i}`);
    for (let i = 0; i < 20 && stored.entries.length; i++) {
      await outbox.drain();
      now = Math.max(now, wake);
    }
    expect(sends).toEqual([0, 1_000, 2_000, 3_000, 4_000, 60_500, 61_500, 62_500]);
  });
});

describe('outbox under concurrency', () => {
  it('keeps every write when many arrive at once, while a delivery is under way', async () => {
    let stored: OutboxState = structuredClone(EMPTY_OUTBOX);
    let n = 0;
    let sent = 0;
    const slowStore = async () => new Promise((r) => setTimeout(r, Math.random() * 3));
    const outbox = createOutbox({
      load: async () => {
        await slowStore();
        return structuredClone(stored);
      },
      save: async (s) => {
        await slowStore();
        stored = structuredClone(s);
      },
      send: async () => {
        await slowStore();
        sent++;
      },
      now: () => Date.now(),
      random: () => 0,
      wakeAt: () => {},
      newId: () => `e${n++}`,
      config: CFG,
    });
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => outbox.enqueue({ op: 'markSent', body: {} }, `a${i}`)),
      // Reads spent by the background at the same time (polls), on the same stored state.
      ...Array.from({ length: 10 }, () => outbox.take('read')),
      outbox.drain(),
      ...Array.from({ length: 5 }, (_, i) => outbox.enqueue({ op: 'updateMessage', body: { message: 'x' } }, `b${i}`).then(() => outbox.drain())),
    ]);
    // Every write is delivered or still pending, once.
    expect(sent + stored.entries.length).toBe(25);
    expect(new Set(stored.entries.map((e) => e.id)).size).toBe(stored.entries.length);
  });
});

describe("the views' share of the budget", () => {
  it('lets reads of the views use at most two thirds of the minute, leaving the rest to polling and writes', () => {
    let s = EMPTY_LIMITER;
    const cfg = { capPerMinute: 30, writeSpacingMs: 1000 };
    for (let i = 0; i < 20; i++) s = recordRequest(s, i * 100, 'view');
    // 20 of 30 used: a view waits for the minute to free a slot, polling and writes do not.
    expect(nextAllowedAt(s, 2_000, 'view', cfg)).toBe(60_500);
    expect(nextAllowedAt(s, 2_000, 'read', cfg)).toBe(2_000);
    expect(nextAllowedAt(s, 2_000, 'write', cfg)).toBe(2_000);
    for (let i = 0; i < 10; i++) s = recordRequest(s, 2_000 + i * 1000, 'read');
    expect(nextAllowedAt(s, 12_000, 'read', cfg)).toBe(60_500);
  });

  it('still lets one view read go at the smallest cap', () => {
    expect(nextAllowedAt(EMPTY_LIMITER, 0, 'view', { capPerMinute: 1, writeSpacingMs: 1000 })).toBe(0);
    expect(nextAllowedAt(recordRequest(EMPTY_LIMITER, 0, 'view'), 1, 'view', { capPerMinute: 1, writeSpacingMs: 1000 })).toBe(60_500);
  });
});
