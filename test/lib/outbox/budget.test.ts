// The request budget and the outage's wait as the outbox stores them (lib/outbox/budget.ts), as
// pure transitions: what a read spends, what a limit answer blocks, what ends an outage, and the
// probe's bookkeeping.
import { describe, expect, it } from 'vitest';
import { RateLimitedError, ServerError } from '../../../lib/api/errors';
import { announcedLimit, answered, noteLimited, opened, outageGrown, probeFailed, take } from '../../../lib/outbox/budget';
import { EMPTY_LIMITER, recordRequest } from '../../../lib/outbox/limiter';
import { EMPTY_OUTBOX, type OutboxState } from '../../../lib/outbox/state';

const NOW = 1_700_000_000_000;
const CFG = { capPerMinute: 3, writeSpacingMs: 1000 };
const never = () => 0;
const withRequests = (...at: number[]): OutboxState => ({ ...EMPTY_OUTBOX, limiter: at.reduce((l, t) => recordRequest(l, t, 'read'), EMPTY_LIMITER) });

describe('spending the budget', () => {
  it('spends a read while the minute has room, not spaced after a write', () => {
    const s = { ...EMPTY_OUTBOX, limiter: recordRequest(EMPTY_LIMITER, NOW - 10, 'write') };
    const { state, at } = take(s, NOW, 'read', CFG, true);
    expect(at).toBeUndefined();
    expect(state.limiter.sent).toEqual([NOW - 10, NOW]);
  });

  it('only asks when told not to spend, and changes nothing', () => {
    const s = withRequests(NOW - 10);
    expect(take(s, NOW, 'read', CFG, false)).toEqual({ state: s });
  });

  it('says when the next read may go once the minute is full, and spends nothing', () => {
    const s = withRequests(NOW - 3_000, NOW - 2_000, NOW - 1_000);
    const { state, at } = take(s, NOW, 'read', CFG, true);
    expect(state).toBe(s);
    expect(at).toBe(NOW - 3_000 + 60_500);
  });

  it('spends nothing while the minute is full, even a millisecond before its oldest request leaves it', () => {
    const first = NOW - 3_000;
    const s = withRequests(first, NOW - 2_000, NOW - 1_000);
    expect(take(s, first + 59_999, 'read', CFG, true)).toEqual({ state: s, at: first + 60_500 });
    expect(take(s, first + 60_500, 'read', CFG, true).state.limiter.sent).toEqual([NOW - 2_000, NOW - 1_000, first + 60_500]);
  });

  it('keeps a third of the minute from the views’ reads', () => {
    const s = withRequests(NOW - 1_000, NOW - 500);
    expect(take(s, NOW, 'view', CFG, true).at).toBe(NOW - 1_000 + 60_500);
    expect(take(s, NOW, 'read', CFG, true).at).toBeUndefined();
  });
});

describe('limits and outages', () => {
  it('blocks every request until a limit answer’s end, longer at each one in a row, until the service answers', () => {
    const once = noteLimited(EMPTY_OUTBOX, {}, NOW, never);
    expect(once.limiter.blockedUntil).toBe(NOW + 60_000);
    const twice = noteLimited(once, {}, NOW, never);
    expect(twice.limiter).toMatchObject({ blockedUntil: NOW + 120_000, limitStreak: 2 });
    expect(answered(twice).limiter.limitStreak).toBe(0);
  });

  it('ends an outage at the service’s first answer, and changes nothing when there was none', () => {
    const s = { ...EMPTY_OUTBOX, outage: { failures: 4, until: NOW + 20_000 } };
    expect(answered(s).outage).toBeUndefined();
    expect(answered(EMPTY_OUTBOX)).toBe(EMPTY_OUTBOX);
  });

  it('waits 5 s, 10 s, then 20 s between the queue’s tries while the service is away', () => {
    let s: OutboxState = EMPTY_OUTBOX;
    const waits = [1, 2, 3, 4].map(() => {
      s = outageGrown(s, NOW, never);
      return s.outage!.until - NOW;
    });
    expect(waits).toEqual([5_000, 10_000, 20_000, 20_000]);
  });

  it('reads the signal of a limit the service announced, and none from the extension’s own budget', () => {
    const service = new RateLimitedError('Too Many Attempts.', 429, 20, { retryAfterSeconds: 20, remaining: 0, reset: 1_700_000_045, seenAt: NOW });
    expect(announcedLimit(service)).toEqual({ retryAfterSeconds: 20, remaining: 0, reset: 1_700_000_045 });
    expect(announcedLimit(new RateLimitedError('The request budget is spent for now', 0, 3, undefined))).toBeUndefined();
    expect(announcedLimit(new ServerError('down', 503))).toBeUndefined();
  });
});

describe('the probe', () => {
  const out = { ...EMPTY_OUTBOX, outage: { failures: 2, until: NOW + 20_000, probedAt: NOW - 10_000, probing: true } };

  it('is due at once when a person opens a page, unless one went in the last five seconds', () => {
    const quiet = { ...EMPTY_OUTBOX, outage: { failures: 2, until: NOW + 20_000, probedAt: NOW - 10_000 } };
    expect(opened(quiet, NOW).outage?.until).toBe(NOW);
    const recent = { ...EMPTY_OUTBOX, outage: { failures: 2, until: NOW + 20_000, probedAt: NOW - 2_000 } };
    expect(opened(recent, NOW)).toBe(recent);
    expect(opened(EMPTY_OUTBOX, NOW)).toBe(EMPTY_OUTBOX);
  });

  it('no longer out after it failed for want of the service, the outage left as its start planned it', () => {
    expect(probeFailed(out, 'service', undefined, NOW, never).outage).toEqual({ failures: 2, until: NOW + 20_000, probedAt: NOW - 10_000, probing: false });
  });

  it('pauses the queue on a 401, and holds every request on a limit the service announced', () => {
    expect(probeFailed(out, 'pause', undefined, NOW, never)).toMatchObject({ pausedForKey: true, outage: { probing: false } });
    const limited = probeFailed(out, 'limit', { retryAfterSeconds: 30 }, NOW, never);
    expect(limited.limiter.blockedUntil).toBe(NOW + 30_000);
    expect(limited.outage?.probing).toBe(false);
  });

  it('ends the outage on any other answer of the service', () => {
    expect(probeFailed(out, 'dead', undefined, NOW, never).outage).toBeUndefined();
    expect(probeFailed(out, 'agent', undefined, NOW, never).outage).toBeUndefined();
  });
});
