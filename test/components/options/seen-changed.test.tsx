// @vitest-environment happy-dom
// A validation refused because the email or letter changed elsewhere since it was shown (issue 51,
// item 2): the row says so in plain words, offers no Retry, and shows the new version to decide on.
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { viewCache } from '../../../components/options/use-view-data';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { renderOptionsAt } from '../../helpers/options';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);
beforeEach(() => viewCache.clear());

const LANGS = [
  ['en', 'Validate', /^Not sent: this changed elsewhere since you saw it\. Review the version shown here before you decide\.$/, 'Retry'],
  [
    'fr',
    'Valider',
    /^Non envoyé : ce contenu a été modifié ailleurs depuis que vous l’avez vu\. Relisez la version affichée ici avant de décider\.$/,
    'Réessayer',
  ],
] as const;

async function openView(lang: 'en' | 'fr', hash: string) {
  if (lang === 'fr') fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
  const wired = sandboxBackend();
  await configure();
  await renderOptionsAt(wired, hash);
  return wired.sandbox.accounts.get(DEMO_KEY)!.book;
}

const rowOf = async (name: RegExp) => (await screen.findAllByText(name))[0]!.closest('li') as HTMLElement;

describe('a validation of what changed since it was shown', () => {
  it.each(LANGS)('an email: refused in words, nothing validated, the new text shown for review (%s)', async (lang, validate, refusal, retry) => {
    const book = await openView(lang, '#emails');
    const row = await rowOf(/^Léon Marchal/);
    const contact = book.contacts.find((c) => c.id === 'ld_leonMrc1')!;
    const [key] = Object.keys(contact.draft!.messages);
    // Replaced, not changed in place: the seed's objects are shared by the tests.
    contact.draft = { ...contact.draft!, messages: { ...contact.draft!.messages, [key!]: 'Bonjour Léon, a text rewritten from another browser.' } };
    fireEvent.click(within(row).getByRole('button', { name: validate }));
    await screen.findByText(refusal);
    expect(contact.decision).toBeFalsy();
    const again = (await screen.findByText(/a text rewritten from another browser/)).closest('li.review-item') as HTMLElement;
    await within(again).findByText(refusal);
    expect(within(again).queryByRole('button', { name: retry })).toBeNull();
    expect(within(again).getByRole('button', { name: validate })).toBeTruthy();
  });

  it.each(LANGS)('a letter: refused in words, nothing validated, the new block shown for review (%s)', async (lang, validate, refusal) => {
    const book = await openView(lang, '#letters');
    const letter = book.letters.find((l) => l.id === 'lt_val04')!;
    const row = await rowOf(new RegExp(`^${letter.address.firstname} ${letter.address.lastname}`));
    letter.blocks = letter.blocks.map((b, i) => (i === 0 ? { ...b, content: 'Madame, Monsieur, a block rewritten elsewhere.' } : b));
    fireEvent.click(within(row).getByRole('button', { name: validate }));
    await screen.findByText(refusal);
    expect(letter.decision).toBeFalsy();
    await screen.findByText(/a block rewritten elsewhere/);
  });
});
