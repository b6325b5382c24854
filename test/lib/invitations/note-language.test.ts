import { describe, expect, it } from 'vitest';
import { noteLanguage } from '../../../lib/invitations/note-language';

describe('a note’s language', () => {
  it.each([
    ['Bonjour Julien, votre parcours chez Acme m’a marqué. Au plaisir d’échanger !', 'fr'],
    ["J'ai vu que vous dirigez l'équipe commerciale : ravi de vous rejoindre.", 'fr'],
    ['Ravi de découvrir Lyon', 'fr'],
    ['Hi Julien, your work at Acme caught my eye. Would love to connect!', 'en'],
    // A French name in an English note stays English.
    ['Hello François, I saw your talk in Lyon and would be glad to connect.', 'en'],
  ])('“%s” is %s', (note, lang) => {
    expect(noteLanguage(note, 'de')).toBe(lang);
  });

  it('is the browser’s language when the words do not say: empty, a name, another language, a tie', () => {
    expect(noteLanguage('', 'fr')).toBe('fr');
    expect(noteLanguage('Julien Moreau', 'en-US')).toBe('en-US');
    expect(noteLanguage('Hallo Julien, ich freue mich auf den Austausch.', 'fr')).toBe('fr');
    expect(noteLanguage('merci thanks', 'en')).toBe('en');
  });
});
