import { describe, expect, it } from 'vitest';
import { BOUND, bool, code, cut, id, text, time } from '../../../../lib/api/body/values';
import { normalized } from '../../../../lib/api/body/fold';

describe('values as the service may write them', () => {
  it('reads booleans written as booleans, 0/1 or words, and nothing else', () => {
    expect([true, 1, '1', 'true', 'YES', false, 0, '0', 'false', 'no'].map(bool)).toEqual([true, true, true, true, true, false, false, false, false, false]);
    expect([2, 'maybe', null, undefined, {}].map(bool)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('reads codes from strings or objects, in lowercase', () => {
    expect(code(' Won ')).toBe('won');
    expect(code(normalized({ Value: 'PAUSED', label: 'En pause' }))).toBe('paused');
    expect(code(null)).toBeUndefined();
  });

  it('reads one instant to one form, however it is written', () => {
    const instant = '2025-03-01T10:00:00.000Z';
    for (const written of [
      '2025-03-01T10:00:00.000000Z',
      '2025-03-01T10:00:00Z',
      '2025-03-01T11:00:00+01:00',
      '2025-03-01T05:00:00-0500',
      '2025-03-01T10:00:00',
      '2025-03-01 10:00:00',
      1740823200,
      1740823200000,
      '1740823200',
      normalized({ date: '2025-03-01', time: '10:00:00' }),
      normalized({ date: '2025-03-01', time: '11:00', timezone: '+01:00' }),
      normalized({ dateTime: '2025-03-01T10:00:00Z' }),
    ]) {
      expect(time(written), String(JSON.stringify(written))).toBe(instant);
    }
  });

  it('keeps a date alone as a date, and a day-first date as written', () => {
    expect(time('2025-03-01')).toBe('2025-03-01');
    expect(time(normalized({ date: '2025-3-1' }))).toBe('2025-03-01');
    expect(time('01/03/2025')).toBe('01/03/2025');
  });

  it('reads nothing as a time that only parses loosely, or an epoch out of range', () => {
    for (const v of ['Paris 75001', '1', 'jo 12', 'soon', '2025-02-30', '2025-03-01T25:00:00Z', 42, 1e12 * 50, Number.NaN, true, null]) {
      expect(time(v), String(v)).toBeUndefined();
    }
  });

  it('cuts a text at its bound without splitting a surrogate pair, and refuses an identifier over its bound', () => {
    expect(cut('ab😀', 3)).toBe('ab');
    expect(text('x'.repeat(400))).toHaveLength(BOUND.name);
    expect(text('  ')).toBeUndefined();
    expect(text(42)).toBe('42');
    expect(id('a'.repeat(BOUND.id))).toHaveLength(BOUND.id);
    expect(id('a'.repeat(BOUND.id + 1))).toBeUndefined();
  });
});
