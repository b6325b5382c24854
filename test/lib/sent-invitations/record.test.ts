import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bounded,
  DAY_MS,
  delivered,
  ended,
  pendingTo,
  RECORD_DAYS,
  RECORD_MAX,
  type SentInvitation,
  withoutAction,
  withSent,
} from '../../../lib/sent-invitations/record';
import { PROPERTY_RUNS, PROPERTY_RUNS_LABEL } from '../../helpers/runs';

const NOW = Date.parse('2026-11-20T09:00:00Z');
const sent = (actionId: string, slug: string, daysAgo: number, more: Partial<SentInvitation> = {}): SentInvitation => ({
  actionId,
  slug,
  note: 'Hello',
  sentAt: NOW - daysAgo * DAY_MS,
  ...more,
});

describe('the record of invitations sent', () => {
  it('keeps one entry per action: marked again, the later mark replaces the first', () => {
    const record = withSent([sent('na_1', 'jane', 3)], sent('na_1', 'jane', 0, { note: 'Second' }), NOW);
    expect(record).toEqual([sent('na_1', 'jane', 0, { note: 'Second' })]);
  });

  it(`drops invitations sent ${RECORD_DAYS} days ago or more, keeps the rest oldest first`, () => {
    const record = bounded([sent('b', 'b', 2), sent('old', 'o', RECORD_DAYS), sent('a', 'a', RECORD_DAYS - 1)], NOW);
    expect(record.map((i) => i.actionId)).toEqual(['a', 'b']);
  });

  it('keeps an invitation stored with a time ahead of the clock (the clock went back)', () => {
    expect(bounded([sent('ahead', 'x', -2)], NOW)).toHaveLength(1);
  });

  it(`keeps at most ${RECORD_MAX} entries, the newest`, () => {
    const many = Array.from({ length: RECORD_MAX + 50 }, (_, i) => sent(`na_${i}`, `p${i}`, 100 - i / 20));
    const record = bounded(many, NOW);
    expect(record).toHaveLength(RECORD_MAX);
    expect(record[0]!.actionId).toBe('na_50');
    expect(record.at(-1)!.actionId).toBe(`na_${RECORD_MAX + 49}`);
  });

  it(`whatever is added, holds one entry per action, oldest first, each sent within ${RECORD_DAYS} days (${PROPERTY_RUNS_LABEL} cases)`, () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: -5, max: 400 })), { maxLength: 60 }), (marks) => {
        let record: SentInvitation[] = [];
        for (const [action, age] of marks) record = withSent(record, sent(`na_${action}`, `p${action}`, age), NOW);
        for (let i = 1; i < record.length; i++) expect(record[i]!.sentAt).toBeGreaterThanOrEqual(record[i - 1]!.sentAt);
        expect(new Set(record.map((r) => r.actionId)).size).toBe(record.length);
        const last = new Map(marks.map(([action, age]) => [`na_${action}`, age]));
        expect(record.map((r) => r.actionId).sort()).toEqual(
          [...last]
            .filter(([, age]) => age < RECORD_DAYS)
            .map(([id]) => id)
            .sort(),
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('forgets a mark taken back, and records when the service took one (once)', () => {
    const record = [sent('na_1', 'jane', 1), sent('na_2', 'ana', 1)];
    expect(withoutAction(record, 'na_1')).toEqual([record[1]]);
    const once = delivered(record, 'na_2', NOW);
    expect(once[1]!.deliveredAt).toBe(NOW);
    expect(delivered(once, 'na_2', NOW + 5)).toBe(once);
  });

  it('ends every pending invitation of the profile when it is withdrawn or accepted, and only once', () => {
    const record = [sent('na_1', 'jane', 40, { withdrawnAt: NOW - 30 * DAY_MS }), sent('na_2', 'jane', 20), sent('na_3', 'ana', 20)];
    const after = ended(record, 'jane', 'withdrawnAt', NOW);
    expect(after.map((i) => i.withdrawnAt)).toEqual([NOW - 30 * DAY_MS, NOW, undefined]);
    expect(ended(after, 'jane', 'acceptedAt', NOW)).toBe(after);
    expect(pendingTo(after, 'jane')).toBe(false);
    expect(pendingTo(after, 'ana')).toBe(true);
    expect(ended(record, 'ana', 'acceptedAt', NOW)[2]!.acceptedAt).toBe(NOW);
  });
});
