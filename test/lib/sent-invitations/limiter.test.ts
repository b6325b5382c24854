import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { takeWithdrawal, WITHDRAW_WINDOW_MS } from '../../../lib/sent-invitations/limiter';
import { PROPERTY_RUNS, PROPERTY_RUNS_LABEL } from '../../helpers/runs';

const NOW = 1_000_000;

describe('withdrawals a minute', () => {
  it('lets K start within a minute, then says when the next may', () => {
    let times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const taken = takeWithdrawal(times, NOW + i * 1000, 5);
      if (!taken.ok) throw new Error('refused');
      times = taken.times;
    }
    expect(takeWithdrawal(times, NOW + 5000, 5)).toEqual({ ok: false, until: NOW + WITHDRAW_WINDOW_MS });
    expect(takeWithdrawal(times, NOW + WITHDRAW_WINDOW_MS, 5)).toMatchObject({ ok: true });
  });

  it('holds no longer than a minute when the clock went back', () => {
    const taken = takeWithdrawal([NOW + 3_600_000], NOW, 1);
    expect(taken).toEqual({ ok: false, until: NOW + WITHDRAW_WINDOW_MS });
  });

  it(`never lets more than K start in any minute, and refuses only until the time it gives (${PROPERTY_RUNS_LABEL} cases)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.integer({ min: 0, max: 30_000 }), { maxLength: 40 }), (k, gaps) => {
        let times: number[] = [];
        const started: number[] = [];
        let now = NOW;
        for (const gap of gaps) {
          now += gap;
          const taken = takeWithdrawal(times, now, k);
          if (taken.ok) {
            times = taken.times;
            started.push(now);
          } else {
            expect(taken.until).toBeGreaterThan(now);
            expect(takeWithdrawal(times, taken.until - 1, k).ok).toBe(false);
            expect(takeWithdrawal(times, taken.until, k).ok).toBe(true);
          }
        }
        for (const t of started) expect(started.filter((s) => s >= t && s < t + WITHDRAW_WINDOW_MS).length).toBeLessThanOrEqual(k);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
