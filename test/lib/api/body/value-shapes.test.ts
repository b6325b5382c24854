import { describe, expect, it } from 'vitest';
import { readAccount } from '../../../../lib/api/reader';
import { readEmailsToHandle } from '../../../../lib/api/readers/emails';

const BODY = 'Bonjour,\nMerci pour votre message, je serai au salon jeudi.\nÀ bientôt';

describe('fields placed by the shape of their value, where no word is known (issue 49)', () => {
  it('reads a reply to handle whose keys are words of another language: sender, subject and text', () => {
    const [email] = readEmailsToHandle({ daten: [{ email_id: 'em_1', absender: 'jane@example.com', betreff: 'Re: Salon', inhalt: BODY }] }).emails;
    expect(email?.from).toEqual({ masked: false, value: 'jane@example.com' });
    expect(email?.subject).toBe('Re: Salon');
    expect(email?.received).toBe(BODY);
  });

  it('places nothing when two values could be the same field', () => {
    const [email] = readEmailsToHandle({
      daten: [{ email_id: 'em_1', a: 'jane@example.com', b: 'tom@example.com', betreff: 'Re: Salon', inhalt: BODY }],
    }).emails;
    expect(email?.from).toBeUndefined();
    expect(email?.extra?.map((l) => l.value)).toEqual(expect.arrayContaining(['jane@example.com', 'tom@example.com']));
  });

  it('names an agent by its one short text, never by its id or status', () => {
    const { agents } = readAccount({
      utilisateur: { email: 'a@b.co' },
      agents: [{ id: 'ag_1', status: 'active', is_active: true, internal_note: null, libelle: 'Salons Lyon' }],
    });
    expect(agents[0]?.name).toBe('Salons Lyon');
  });
});
