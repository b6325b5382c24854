import { describe, expect, it } from 'vitest';
import { GRACE_MS, graceOf } from '../../../lib/invitations/grace';

const T0 = Date.parse('2025-03-10T09:00:00Z');
const min = 60_000;

describe('grace period of a validation or rejection', () => {
  it('can be undone for 60 minutes right after the decision', () => {
    expect(graceOf(T0, T0)).toEqual({ final: false, minutesLeft: 60, msLeft: GRACE_MS, endsAt: T0 + GRACE_MS });
  });

  it('rounds the minutes left up, so the last seconds still say 1 minute', () => {
    expect(graceOf(T0, T0 + 20 * min + 1)).toMatchObject({ final: false, minutesLeft: 40 });
    expect(graceOf(T0, T0 + 59 * min + 30_000)).toMatchObject({ final: false, minutesLeft: 1, msLeft: 30_000 });
  });

  it('is final at 60 minutes and after', () => {
    expect(graceOf(T0, T0 + GRACE_MS)).toEqual({ final: true });
    expect(graceOf(T0, T0 + 3 * GRACE_MS)).toEqual({ final: true });
  });

  it('reads ISO dates and Date objects', () => {
    expect(graceOf('2025-03-10T09:00:00Z', new Date(T0 + 45 * min))).toMatchObject({ minutesLeft: 15 });
    expect(graceOf(new Date(T0), T0 + 10 * min)).toMatchObject({ minutesLeft: 50 });
  });

  it('counts a decision time ahead of now as made now', () => {
    expect(graceOf(T0 + 5 * min, T0)).toMatchObject({ final: false, minutesLeft: 60, endsAt: T0 + GRACE_MS });
  });

  it('offers no undo for a decision time it cannot read', () => {
    expect(graceOf('yesterday-ish', T0)).toEqual({ final: true });
    expect(graceOf(Number.NaN, T0)).toEqual({ final: true });
  });
});
