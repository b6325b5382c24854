import { describe, expect, it } from 'vitest';
import { bool, code, date, figures, recordsIn } from '../../../../lib/api/readers/fields';

describe('shared field readers', () => {
  it('reads booleans written as booleans, 0/1 or words, and nothing else', () => {
    expect([true, 1, '1', 'true', 'YES', false, 0, '0', 'false', 'no'].map(bool)).toEqual([true, true, true, true, true, false, false, false, false, false]);
    expect([2, 'maybe', null, undefined, {}].map(bool)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('reads dates that start as dates, kept as written', () => {
    expect(date('2025-03-01T10:00:00.000000Z')).toBe('2025-03-01T10:00:00.000000Z');
    expect(date('2025-03-01 10:00:00')).toBe('2025-03-01 10:00:00');
    expect(date('01/03/2025')).toBe('01/03/2025');
    expect(date({ dateTime: '2025-03-01T10:00:00Z' })).toBe('2025-03-01T10:00:00Z');
    // Date.parse alone would take these for dates.
    expect(date('Paris 75001')).toBeUndefined();
    expect(date('1')).toBeUndefined();
    expect(date('jo 12')).toBeUndefined();
  });

  it('reads codes from strings or objects, in lowercase', () => {
    expect(code(' Won ')).toBe('won');
    expect(code({ value: 'PAUSED', label: 'En pause' })).toBe('paused');
    expect(code(null)).toBeUndefined();
  });

  it('collects numbers by path, two levels deep, without ids or the indicator', () => {
    expect(figures({ success: 1, agent_id: 3, a: 1, b: { c: 2, d: { e: 3 } }, s: 'x' })).toEqual({ a: 1, 'b.c': 2 });
  });

  it('names where it looked when no list is found', () => {
    expect(() => recordsIn({ data: {} }, ['things'], 'things')).toThrow(
      'No list of things found in the response (looked under things, data, items, results, records, rows)',
    );
  });
});
