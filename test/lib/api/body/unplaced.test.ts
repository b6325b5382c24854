import { describe, expect, it } from 'vitest';
import { linesOf, readableKey } from '../../../../lib/api/body/unplaced';
import { normalized } from '../../../../lib/api/body/fold';
import { readEmailList, readEmailsToValidate } from '../../../../lib/api/readers/emails';
import { readLetterList } from '../../../../lib/api/readers/letters';

describe('readableKey', () => {
  it.each([
    ['ai_draft', 'AI draft'],
    ['aiDraft', 'AI draft'],
    ['AIDraft', 'AI draft'],
    ['ai-draft', 'AI draft'],
    ['crm_url', 'CRM URL'],
    ['profileURL', 'Profile URL'],
    ['external_id', 'External ID'],
    ['SCREAMING_CASE_KEY', 'Screaming case key'],
    ['step2Body', 'Step 2 body'],
  ])('writes %s as "%s"', (key, words) => expect(readableKey(key)).toBe(words));
});

describe('what the rules do not place', () => {
  it('shows no line for a value the service masked: three x, * or • at least and no other letter or digit', () => {
    const raw = normalized({
      email: 'xxxxx.xxxx@xxxx.xxx',
      phone: '+x xxx xxx',
      stars: '****',
      dots: 'X•X',
      two: 'xx',
      name: 'Xavier',
      code: 'x-1x',
    });
    expect(linesOf(raw).map((l) => l.value)).toEqual(['xx', 'Xavier', 'x-1x']);
  });

  it('lists a record two references name once, under the first', () => {
    const body = {
      data: [
        {
          id: 'em_1',
          type: 'emails',
          attributes: { subject: 'Hello' },
          relationships: { venue: { data: { type: 'places', id: 'p1' } }, backup: { data: { type: 'places', id: 'p1' } } },
        },
      ],
      included: [{ type: 'places', id: 'p1', attributes: { city: 'Lyon' } }],
    };
    expect(readEmailList(body).emails[0]?.extra).toEqual([{ label: 'Venue · City', value: 'Lyon' }]);
  });

  it('shows every text and number of an email the rules place in part, labelled, and not the id nor what was placed', () => {
    const body = { data: [{ id: 'em_1', subject: 'Hello', aiDraft: 'A draft reply', score: 7, isRead: true, nothing: null }] };
    const [email] = readEmailList(body).emails;
    expect(email?.subject).toBe('Hello');
    expect(email?.extra).toEqual([
      { label: 'AI draft', value: 'A draft reply' },
      { label: 'Score', value: '7' },
    ]);
  });

  it('labels a nested member by its path, leaves out the agent and the kind beside the id, and shows a wrapper the rules merged once', () => {
    const body = {
      data: [
        {
          id: 'lt_1',
          type: 'letters',
          attributes: { category: 'to_validate', contactIdentifier: 'crm-1', parts: [{ key: 'b1', words: 'Dear Jane,' }] },
          agent: { id: 'ag_1', status: 'active' },
        },
      ],
    };
    const [letter] = readLetterList(body).letters;
    expect(letter?.blocks).toEqual([]);
    expect(letter?.extra).toEqual([
      { label: 'Parts 1 · Key', value: 'b1' },
      { label: 'Parts 1 · Words', value: 'Dear Jane,' },
    ]);
  });

  it('counts as placed a first name in the full name, a time written as epoch and a code in another case', () => {
    const body = {
      data: [{ contactId: 'ld_1', firstname: 'Jane', lastname: 'Doe', subject: 'Hi', messages: ['Text'], createdAt: 1_764_000_000, category: 'NEW' }],
    };
    const [email] = readEmailsToValidate(body).emails;
    expect(email?.contactName).toBe('Jane Doe');
    expect(email?.extra).toEqual([{ label: 'Category', value: 'NEW' }]);
  });

  it('shows no line of a record the service masks in part: what it hides is not shown another way', () => {
    const body = { data: [{ id: 'lt_1', category: 'to_validate', addressMasked: true, address: { line1: '3 rue de Siam', city: 'Brest' }, note: 'n' }] };
    const [letter] = readLetterList(body).letters;
    expect(letter?.address).toEqual({ masked: true });
    expect(letter?.extra).toBeUndefined();
  });

  it('keeps a long text whole (up to the shown texts bound) rather than cut', () => {
    const long = 'word '.repeat(1_000);
    const [email] = readEmailList({ data: [{ id: 'em_1', subject: 'S', corps: long }] }).emails;
    expect(email?.extra).toEqual([{ label: 'Corps', value: long }]);
  });
});
