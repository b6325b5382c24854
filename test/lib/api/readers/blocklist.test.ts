import { describe, expect, it } from 'vitest';
import { readBlocklist, readBlocklistAdded } from '../../../../lib/api/readers/blocklist';

describe('blocklist (operations 19 and 20)', () => {
  const entries = [
    { id: 'bl_1', type: 'email', value: 'jo@acme.fr', created_at: '2025-01-02T00:00:00Z' },
    { id: 'bl_2', type: 'address', value: 'elodie|le-bihan|29200' },
  ];

  it.each([
    ['a bare array', entries],
    ['data', { success: true, data: entries }],
    ['blocklist', { blocklist: entries }],
    ['entries', { entries }],
    ['data.data (a paginator)', { data: { data: entries, total: 2 } }],
  ])('finds the entries in %s', (_, body) => {
    expect(readBlocklist(body).entries.map((e) => e.id)).toEqual(['bl_1', 'bl_2']);
  });

  it('reads id, type, value and date', () => {
    expect(readBlocklist(entries).entries[0]).toEqual({ id: 'bl_1', type: 'email', value: 'jo@acme.fr', createdAt: '2025-01-02T00:00:00.000Z' });
  });

  it("gives an entry without type the type its value's format shows, and keeps an unknown type", () => {
    const list = readBlocklist([
      { id: 1, value: '123456789' },
      { id: 2, value: 'acme.fr' },
      { id: 3, type: 'phone', value: '+33' },
    ]).entries;
    expect(list.map((e) => e.type)).toEqual(['siren', 'domain', 'phone']);
  });

  it('counts entries without a value, and fails clearly without a list', () => {
    expect(readBlocklist([{ id: 'x', type: 'email' }]).skipped).toBe(1);
    expect(() => readBlocklist({ success: true })).toThrow(/No list of blocklist entries/);
  });

  it('reads the entry an add gives back, or nothing', () => {
    expect(readBlocklistAdded({ success: true, data: { id: 'bl_3', type: 'domain', value: 'acme.fr' } })).toEqual({
      entry: { id: 'bl_3', type: 'domain', value: 'acme.fr' },
    });
    expect(readBlocklistAdded({ success: true, message: 'Added' })).toEqual({ message: 'Added' });
    expect(readBlocklistAdded(undefined)).toEqual({});
  });
});
