// The last 7 days against the cap beside the 7 days before (issue 50 item 6): the service's figures
// when it gives them, else this browser's record; failed counted only when the service counts them;
// a date without a time is its UTC day.
import { describe, expect, it } from 'vitest';
import { DAY_MS, type SentInvitation } from '../../../lib/sent-invitations/record';
import { utcDay, weekFigures } from '../../../lib/sent-invitations/week-figures';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const at = (daysAgo: number): SentInvitation => ({ actionId: `a${daysAgo}`, slug: `s${daysAgo}`, note: null, sentAt: NOW - daysAgo * DAY_MS });
const snapshot = (figures: Record<string, number>) => ({ stats: { total: 4, days: [], agents: [], figures }, fetchedAt: NOW });

describe('weekFigures', () => {
  it('counts the 7 days before from the record, the 7th day back in them and the 14th out', () => {
    const f = weekFigures(snapshot({}), [], [at(1), at(7), at(10), at(13.9), at(14)], NOW, 100);
    expect(f).toMatchObject({ before: 3, beforeFromService: false, failed: undefined, pace: { sent: 4, cap: 100, known: true } });
  });

  it("takes the service's failed count and its 7 days before when it gives them, never a rate", () => {
    expect(weekFigures(snapshot({ failed_count: 2, previous_week: 9 }), [], [at(10)], NOW, 100)).toMatchObject({
      failed: 2,
      before: 9,
      beforeFromService: true,
    });
    expect(weekFigures(snapshot({ failure_rate: 12 }), [], [], NOW, 100).failed).toBeUndefined();
    expect(weekFigures(snapshot({ 'invitations.failed': 0 }), [], [], NOW, 100).failed).toBe(0);
  });

  it('reads a date alone as its UTC day, and a time as the UTC day it falls in', () => {
    expect(utcDay('2026-12-01')).toBe(Date.parse('2026-12-01T00:00:00Z'));
    expect(utcDay('2026-12-01T23:30:00-02:00')).toBe(Date.parse('2026-12-02T00:00:00Z'));
    expect(utcDay('Monday')).toBeUndefined();
  });
});
