import { describe, expect, it } from 'vitest';
import { decisionOp, decisionsOf, opposite, recordDecision, type DecisionRecord } from '../../../lib/views/decisions';

const HOUR = 60 * 60_000;
const rec = (id: string, at: number, verdict: DecisionRecord['verdict'] = 'validated'): DecisionRecord => ({ kind: 'email', id, verdict, at, label: id });

describe('review decisions', () => {
  it('names the operation of each verdict and its opposite', () => {
    expect(decisionOp('email', 'validated')).toBe('validateEmail');
    expect(decisionOp('email', opposite('validated'))).toBe('rejectEmail');
    expect(decisionOp('letter', 'rejected')).toBe('rejectLetter');
    expect(decisionOp('letter', opposite('rejected'))).toBe('validateLetter');
  });

  it('replaces an earlier verdict on the same item, keeps others newest first, and forgets final ones after a day', () => {
    let all = recordDecision({}, rec('a', 0), 0);
    all = recordDecision(all, rec('b', 10), 10);
    all = recordDecision(all, rec('a', 20, 'rejected'), 20);
    expect(decisionsOf(all, 'email').map((d) => [d.id, d.verdict])).toEqual([
      ['a', 'rejected'],
      ['b', 'validated'],
    ]);
    expect(decisionsOf(all, 'letter')).toEqual([]);
    const later = recordDecision(all, rec('c', 26 * HOUR), 26 * HOUR);
    expect(decisionsOf(later, 'email').map((d) => d.id)).toEqual(['c']);
  });
});
