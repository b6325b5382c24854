import { describe, expect, it } from 'vitest';
import { paceOf, pruneLog } from '../../../lib/invitations/pace';

const DAY = 86_400_000;
const now = Date.parse('2026-11-22T12:00:00Z');
const stats = (total: number, fetchedAt: number) => ({ stats: { total, days: [], agents: [], figures: {} }, fetchedAt });

describe('weekly pace', () => {
  it("adds the extension's own sends after the service's figure was fetched", () => {
    expect(paceOf(stats(40, now - DAY), [now - 2 * DAY, now - 3600_000], now, 100)).toEqual({ sent: 41, cap: 100, level: 'ok', known: true });
  });

  it('warns from 80 % and is over at the cap', () => {
    expect(paceOf(stats(79, now), [], now, 100).level).toBe('ok');
    expect(paceOf(stats(80, now), [], now, 100).level).toBe('warn');
    expect(paceOf(stats(100, now), [], now, 100).level).toBe('over');
  });

  it('counts only its own log of the last 7 days when the figure is older than a week', () => {
    expect(paceOf(stats(90, now - 8 * DAY), [now - DAY, now - 9 * DAY], now, 100).sent).toBe(1);
    expect(pruneLog([now - DAY, now - 8 * DAY], now)).toEqual([now - DAY]);
  });

  it("says the service's figure is unknown rather than counting it as none, before it is read or when it is stale", () => {
    expect(paceOf(null, [now - DAY], now, 100)).toEqual({ sent: 1, cap: 100, level: 'ok', known: false });
    expect(paceOf(stats(90, now - 8 * DAY), [], now, 100).known).toBe(false);
    expect(paceOf(stats(0, now), [], now, 100).known).toBe(true);
  });
});
