import { describe, expect, it } from 'vitest';
import { readDecision } from '../../../../lib/api/readers/decision';

describe('decision answers (operations 11, 12, 17, 18, skip reply, remove blocklist entry)', () => {
  it('reads when it was decided and when it becomes final', () => {
    expect(
      readDecision({ success: true, data: { validated_at: '2025-03-01T10:00:00Z', definitive_at: '2025-03-01T11:00:00Z' }, message: 'Validated' }),
    ).toEqual({
      decidedAt: '2025-03-01T10:00:00.000Z',
      finalAt: '2025-03-01T11:00:00.000Z',
      message: 'Validated',
    });
  });

  it('finds the dates on the record the answer is about: the letter, the email, the blocklist entry', () => {
    expect(readDecision({ data: { letter: { id: 'lt_1', rejected_at: '2025-03-01T10:00:00Z', undo_until: '2025-03-01T11:00:00Z' } } })).toEqual({
      decidedAt: '2025-03-01T10:00:00.000Z',
      finalAt: '2025-03-01T11:00:00.000Z',
    });
    expect(readDecision({ success: true, email: { skipped_at: '2025-03-02T08:00:00Z' } })).toEqual({ decidedAt: '2025-03-02T08:00:00.000Z' });
    expect(readDecision({ data: { entry: { updated_at: '2025-03-03', grace_until: '2025-03-03T01:00:00Z' } } })).toEqual({
      decidedAt: '2025-03-03',
      finalAt: '2025-03-03T01:00:00.000Z',
    });
  });

  it('prefers the moment of the decision to a later update, and reads a date given as an object', () => {
    expect(
      readDecision({
        data: { updated_at: '2025-03-01T12:00:00Z', decided_at: '2025-03-01T10:00:00Z', cancellable_until: { date: '2025-03-01T11:00:00Z' } },
      }),
    ).toEqual({ decidedAt: '2025-03-01T10:00:00.000Z', finalAt: '2025-03-01T11:00:00.000Z' });
  });

  it('reads the dates of an answer without a data envelope, and its message from `detail`', () => {
    expect(readDecision({ validated_at: '2025-03-01T10:00:00Z', detail: 'Done' })).toEqual({ decidedAt: '2025-03-01T10:00:00.000Z', message: 'Done' });
  });

  it('never fails on an answer without dates or without a body', () => {
    expect(readDecision({ success: true })).toEqual({});
    expect(readDecision(undefined)).toEqual({});
    expect(readDecision('OK')).toEqual({});
    expect(readDecision([{ validated_at: '2025-03-01T10:00:00Z' }])).toEqual({});
    expect(readDecision({ success: true, data: { validated_at: 'soon', definitive_at: 42 }, message: '' })).toEqual({});
  });
});
