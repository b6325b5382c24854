import { describe, expect, it } from 'vitest';
import { LETTER_CATEGORIES } from './letters';
import { A0, A1, clocked, expect422, MINUTE, type Json } from './helpers';

describe('sandbox op 15: list letters', () => {
  it('has letters in every category, each selected by its filter', () => {
    const { call } = clocked();
    for (const category of LETTER_CATEGORIES) {
      const data = call('GET', `/api/api/letters?category=${category}`).json.data as Json[];
      expect(data.length, category).toBeGreaterThan(0);
      if (category === 'scanned') expect(data.every((l) => l.qr_scanned)).toBe(true);
      else if (category === 'not_scanned') expect(data.every((l) => l.status === 'delivered' && !l.qr_scanned)).toBe(true);
      else
        expect(
          data.every((l) => l.category === category),
          category,
        ).toBe(true);
    }
    expect422(call('GET', '/api/api/letters?category=lost'), [], ['category']);
    expect422(call('GET', '/api/api/letters?per_page=101'), [], ['per_page']);
  });

  it('masks the address block of a performance-plan contact not yet reached, keys kept, and never searches it', () => {
    const { call } = clocked();
    const kevin = (call('GET', `/api/api/letters?agent_filter=${A1}`).json.data as Json[]).find((l) => l.prospect.firstname === 'Kevin');
    expect(kevin.address).toEqual({
      firstname: 'xxxxx',
      lastname: 'xxxx',
      company: 'xxxxxxx',
      line1: 'xxx xxxxxx xxxxxx',
      line2: null,
      zip: 'xxxxx',
      city: 'xxx xxxxxxxxx',
      country: 'xxxxxx xxxxxx',
    });
    expect(call('GET', '/api/api/letters?search=Howard').json.data).toEqual([]);
    expect(call('GET', '/api/api/letters?search=Paylane').json.data).toHaveLength(1);
    const leon = (call('GET', '/api/api/letters?search=Finaxo').json.data as Json[])[0];
    expect(leon.address).toMatchObject({ firstname: 'Léon', line1: '12 rue de la Paix', zip: '75002', city: 'Paris' });
  });

  it('finds one letter precisely with agent_filter and lead_identifier', () => {
    const { call } = clocked();
    const some = (call('GET', '/api/api/letters?category=delivered').json.data as Json[])[0];
    const one = call('GET', `/api/api/letters?agent_filter=${some.agent_id}&lead_identifier=${some.lead_identifier}`).json.data;
    expect(one.map((l: Json) => l.id)).toEqual([some.id]);
  });
});

describe('sandbox ops 16 to 18: letters to validate, validate, reject', () => {
  it('lists only letters waiting for validation, address masked under the rule', () => {
    const { call } = clocked();
    const data = call('GET', '/api/api/letters/to-validate').json.data as Json[];
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(data.every((l) => l.category === 'to_validate' && l.status === 'validating')).toBe(true);
    expect(data.find((l) => l.agent_id === A1).address.zip).toBe('xxxxx');
    expect422(call('GET', '/api/api/letters/to-validate?per_page=101'), [], ['per_page']);
  });

  it('validates with edited blocks; reject stays possible for 60 minutes; then the letter goes to preparation for good', () => {
    const { call, advance } = clocked();
    const res = call('POST', '/api/api/letters/validate/lt_val01', { blocks: [{ id: 'body', content: 'Nouveau texte.' }] });
    expect(res.json.data).toMatchObject({ category: 'validated', validation: { decision: 'validated', final_at: '2026-03-10T10:00:00.000Z' } });
    expect(res.json.data.blocks.find((b: Json) => b.id === 'body').content).toBe('Nouveau texte.');
    advance(45 * MINUTE);
    expect(call('POST', '/api/api/letters/reject/lt_val01').json.data.category).toBe('rejected');
    expect(call('POST', '/api/api/letters/validate/lt_val01').json.data.category).toBe('validated');
    advance(60 * MINUTE);
    expect422(call('POST', '/api/api/letters/reject/lt_val01'), [], ['status']);
    const letter = (call('GET', '/api/api/letters?category=in_preparation&per_page=100').json.data as Json[]).find((l) => l.id === 'lt_val01');
    expect(letter).toMatchObject({ status: 'generating', validation: null });
  });

  it('rejects; validate stays possible for 60 minutes; then the letter is deleted', () => {
    const { call, advance } = clocked();
    expect(call('POST', '/api/api/letters/reject/lt_val04').json.data.category).toBe('rejected');
    advance(59 * MINUTE);
    expect(call('GET', '/api/api/letters?category=rejected').json.data.some((l: Json) => l.id === 'lt_val04')).toBe(true);
    advance(MINUTE);
    expect(call('POST', '/api/api/letters/validate/lt_val04').status).toBe(404);
    // The seeded decisions run out too: rejected 45 minutes before the start, validated 20 minutes before.
    expect(call('GET', '/api/api/letters?category=rejected').json.data).toEqual([]);
    expect(call('GET', '/api/api/letters?category=validated').json.data).toEqual([]);
  });

  it('refuses unknown blocks and letters past validation with 422, letters of a paused or cancelled agent with 403', () => {
    const { call, sb } = clocked();
    expect422(
      call('POST', '/api/api/letters/validate/lt_val01', {
        blocks: [
          { id: 'ps', content: 'x' },
          { id: 'body', content: 3 },
        ],
      }),
      [],
      ['blocks.0.id', 'blocks.1.content'],
    );
    expect422(call('POST', '/api/api/letters/validate/lt_dlv11'), [], ['status']);
    expect(call('POST', '/api/api/letters/validate/lt_val03')).toMatchObject({ status: 403, json: { message: 'Agent paused' } });
    expect(call('POST', '/api/api/letters/reject/lt_val03').json.message).toBe('Agent paused');
    sb.accounts
      .values()
      .next()
      .value!.agents.find((a) => a.id === A0)!.status = 'cancelled';
    expect(call('POST', '/api/api/letters/reject/lt_val01').json.message).toBe('Agent cancelled');
  });
});
