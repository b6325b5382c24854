import { describe, expect, it } from 'vitest';
import { readLetterList } from '../../../../lib/api/readers/letters';

const letter = {
  id: 'lt_1',
  status: 'validating',
  category: 'to_validate',
  lead_identifier: 'crm-42',
  lead: { firstname: 'Élodie', lastname: 'Le Bihan', company: 'Acme' },
  address: { name: 'Élodie Le Bihan', company: 'Acme', line1: '3 rue de Siam', zip: '29200', city: 'Brest', country: 'France' },
  blocks: [
    { id: 'intro', content: 'Madame,' },
    { id: 2, content: 'Suite' },
  ],
  pdf_url: 'https://cdn.example/lt_1.pdf',
  created_at: '2025-03-01T09:00:00Z',
  delivered_at: null,
  agent_id: 'ag_1',
};

describe('letters (operations 15 and 16)', () => {
  it.each([
    ['a bare array', [letter]],
    ['data', { success: true, data: [letter] }],
    ['letters', { letters: [letter] }],
    ['data.letters', { data: { letters: [letter] } }],
    ['data.data (a paginator)', { data: { data: [letter], next_page_url: null } }],
  ])('finds the letters in %s', (_, body) => {
    expect(readLetterList(body).letters.map((l) => l.id)).toEqual(['lt_1']);
  });

  it('reads status, category, identifier, address lines, blocks and dates', () => {
    expect(readLetterList([letter]).letters[0]).toEqual({
      id: 'lt_1',
      status: 'validating',
      category: 'to_validate',
      leadIdentifier: 'crm-42',
      contactName: 'Élodie Le Bihan',
      company: 'Acme',
      address: { masked: false, lines: ['Élodie Le Bihan', 'Acme', '3 rue de Siam', '29200 Brest', 'France'] },
      blocks: [
        { id: 'intro', content: 'Madame,' },
        { id: '2', content: 'Suite', numericId: true },
      ],
      previewUrl: 'https://cdn.example/lt_1.pdf',
      dates: { created_at: '2025-03-01T09:00:00.000Z' },
      agentId: 'ag_1',
    });
  });

  it('reads an address given as text or as lines', () => {
    expect(readLetterList([{ id: 'a', address: '3 rue de Siam\n29200 Brest' }]).letters[0]?.address).toEqual({
      masked: false,
      lines: ['3 rue de Siam', '29200 Brest'],
    });
    expect(readLetterList([{ id: 'a', address: { lines: ['A', ' ', 'B'] } }]).letters[0]?.address).toEqual({ masked: false, lines: ['A', 'B'] });
  });

  it('reads a masked address block as masked, keeping none of its lines', () => {
    const masked = [
      { id: 'a', address: { name: 'Xxxxx Xxxxx', line1: 'x xxx xx xxxx', zip: 'xxxxx', city: 'xxxxx' } },
      { id: 'b', address: { line1: '***', city: 'Brest' } },
      { id: 'c', address: { line1: '3 rue de Siam', masked: true } },
      { id: 'd', is_masked: true, address: { line1: '3 rue de Siam' } },
    ];
    const letters = readLetterList(masked).letters;
    expect(letters.map((l) => l.address)).toEqual([{ masked: true }, { masked: true }, { masked: true }, { masked: true }]);
    expect(JSON.stringify(letters)).not.toMatch(/Siam|Brest/);
  });

  it('skips a letter holding a block too long to be sent back whole, rather than cutting it', () => {
    const list = readLetterList([
      { id: 'a', blocks: [{ id: 'b1', content: 'x'.repeat(100_001) }] },
      { id: 'b', blocks: [{ id: 'b1', content: 'Madame,' }] },
    ]);
    expect(list.letters.map((l) => l.id)).toEqual(['b']);
    expect(list.skipped).toBe(1);
  });

  it('keeps statuses and categories it does not know', () => {
    expect(readLetterList([{ id: 'a', status: 'archived', category: 'lost' }]).letters[0]).toMatchObject({ status: 'archived', category: 'lost' });
  });

  it('fails clearly when no list is found, and counts records without id', () => {
    expect(() => readLetterList({ success: true, data: { total: 0 } })).toThrow(/No list of letters/);
    expect(readLetterList([letter, { status: 'sending' }]).skipped).toBe(1);
  });
});
