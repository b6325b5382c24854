import { describe, expect, it } from 'vitest';
import { postalIdentity } from './blocklist';
import { clocked, expect422, type Json } from './helpers';

const PATH = '/api/api/blocklist';

describe('sandbox op 19: list the blocklist', () => {
  it('lists entries of every type, filters by type (all = every type), lowers per_page above 100 to 100', () => {
    const { call } = clocked();
    const all = call('GET', PATH).json.data as Json[];
    expect(new Set(all.map((e) => e.type))).toEqual(new Set(['email', 'domain', 'company', 'siren', 'address']));
    expect(call('GET', `${PATH}?type=all`).json.data).toHaveLength(all.length);
    expect((call('GET', `${PATH}?type=address`).json.data as Json[]).every((e) => e.type === 'address')).toBe(true);
    expect(all[0]).toEqual({ id: expect.any(String), type: expect.any(String), value: expect.any(String), created_at: expect.any(String) });
    expect(call('GET', `${PATH}?per_page=1000`).json.meta.per_page).toBe(100);
    expect(call('GET', `${PATH}?per_page=2&page=2`).json.meta).toMatchObject({ current_page: 2, per_page: 2, total: all.length });
    expect422(call('GET', `${PATH}?type=phone`), [], ['type']);
  });
});

describe('sandbox op 20: add to the blocklist', () => {
  it('adds each type (201) and answers 200 with the entry already there', () => {
    const { call } = clocked();
    const cases: Array<[string, string, string]> = [
      ['email', 'Jane.Doe@Acme.example', 'jane.doe@acme.example'],
      ['domain', 'https://www.Acme.example/about', 'acme.example'],
      ['company', 'Acme Holding', 'Acme Holding'],
      ['siren', '732 829 320', '732829320'],
      ['address', 'jean-pierre|dupont|69003', 'jean-pierre|dupont|69003'],
    ];
    for (const [type, value, stored] of cases) {
      const res = call('POST', PATH, { type, value });
      expect([res.status, res.json.data.type, res.json.data.value, res.json.data.already_present]).toEqual([201, type, stored, false]);
    }
    const again = call('POST', PATH, { type: 'company', value: 'Acme Holding' });
    expect([again.status, again.json.data.already_present]).toEqual([200, true]);
  });

  it("detects the type from the value's format", () => {
    const { call } = clocked();
    expect(call('POST', PATH, { type: 'company', value: 'ceo@acme.example' }).json.data.type).toBe('email');
    expect(call('POST', PATH, { type: 'company', value: '123456789' }).json.data.type).toBe('siren');
    expect(call('POST', PATH, { type: 'email', value: 'acme.example' }).json.data.type).toBe('domain');
  });

  it('wants addresses already slugged, and type and value present (422 with the three fields)', () => {
    const { call } = clocked();
    expect422(call('POST', PATH, { type: 'address', value: 'Jean|Dupont|69003' }), [], ['value']);
    expect422(call('POST', PATH, { type: 'address', value: 'élodie|garnier|69003' }), [], ['value']);
    expect422(call('POST', PATH, {}), ['type', 'value'], []);
    expect422(call('POST', PATH, { type: 'phone', value: '0600000000' }), [], ['type']);
    expect422(call('POST', PATH, { type: 'siren', value: '12345' }), [], ['value']);
  });

  it('makes postal identities with French-locale slugs', () => {
    expect(postalIdentity('Élodie', "O'Connor-Bœuf", '69003')).toBe('elodie|oconnor-boeuf|69003');
    expect(postalIdentity('Jean François', 'Lefèvre', '75011')).toBe('jean-francois|lefevre|75011');
  });
});

describe('sandbox op 21: remove from the blocklist', () => {
  it('removes by id or by exact value, from the query or the body', () => {
    const { call } = clocked();
    expect(call('DELETE', `${PATH}?id=bl_dm03`).json.data.removed.map((e: Json) => e.value)).toEqual(['concurrent-direct.example']);
    expect(call('DELETE', PATH, { value: 'Groupe Concurrent' }).json.data).toMatchObject({ by: 'value', removed: [{ id: 'bl_co04' }] });
    expect((call('GET', PATH).json.data as Json[]).map((e) => e.id)).not.toContain('bl_co04');
  });

  it('lets id win over value when both are given', () => {
    const { call } = clocked();
    const res = call('DELETE', `${PATH}?id=bl_sr05&value=${encodeURIComponent('zoe|perrin|69002')}`);
    expect(res.json.data).toMatchObject({ by: 'id', removed: [{ id: 'bl_sr05' }] });
    expect((call('GET', PATH).json.data as Json[]).map((e) => e.id)).toContain('bl_ad06');
    // An unknown id is 404 even when the value exists.
    expect(call('DELETE', `${PATH}?id=bl_nope&value=${encodeURIComponent('zoe|perrin|69002')}`).status).toBe(404);
  });

  it('answers 422 when neither id nor value is given (the spec leaves the status unstated)', () => {
    expect422(clocked().call('DELETE', PATH), ['id', 'value'], []);
  });
});
