// @vitest-environment happy-dom
// Never a blank view (issue 37, item 3): an email or a letter to validate whose subject and body sit
// under keys no rule places is shown whole, its members labelled, before Validate is offered; one
// with no text at all offers no Validate; a list that cannot be found is said, with what was there.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { viewCache } from '../../../components/options/use-view-data';
import EmailsView from '../../../components/options/views/emails-view';
import LettersView from '../../../components/options/views/letters-view';
import { BackendContext, type Backend } from '../../../components/shared/backend';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);
beforeEach(() => {
  viewCache.clear();
  location.hash = '';
});

/** A backend whose views' reads answer `bodies` by operation; anything else answers nothing. */
function backendAnswering(bodies: Record<string, unknown>): Backend {
  return {
    ask: vi.fn(async (request: { type: string; call?: { name: string } }) => (request.type === 'viewRead' ? bodies[request.call!.name] : undefined)) as never,
    requestOrigin: vi.fn(async () => true),
    openOptions: vi.fn(),
  };
}

function show(view: 'emails' | 'letters', bodies: Record<string, unknown>) {
  const View = view === 'emails' ? EmailsView : LettersView;
  render(
    <BackendContext.Provider value={backendAnswering(bodies)}>
      <View />
    </BackendContext.Provider>,
  );
}

const french = () => {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
};

const LONG = `Bonjour Jane,\n${'Une phrase de plus. '.repeat(150)}\nCordialement`;
/** An email to validate whose subject and text are under words no rule knows. */
const emailsUnknownWords = {
  data: [{ contact_id: 'ld_1', firstname: 'Jane', lastname: 'Doe', objet: 'Votre salon', corpsDuMessage: LONG }],
};
/** A letter to validate whose blocks are `parts` of `{key, words}`. */
const lettersUnknownWords = {
  data: [{ id: 'lt_1', category: 'to_validate', contact_identifier: 'crm-7', parts: [{ key: 'b1', words: 'Madame, voici notre offre.' }] }],
};

describe('an email to validate whose subject and body the rules cannot place', () => {
  it.each([
    ['en', 'Also in this record, as the service sent it:', 'Validate'],
    ['fr', "Aussi dans cet enregistrement, tel que le service l'a envoyé :", 'Valider'],
  ])('shows its text fields labelled and whole, and then offers Validate (%s)', async (lang, caption, validate) => {
    if (lang === 'fr') french();
    show('emails', { emailsToValidate: emailsUnknownWords });
    const row = (await screen.findByRole('listitem', { name: /^Jane Doe/ })) as HTMLElement;
    const lines = within(row).getByText(caption).closest('.record-lines') as HTMLElement;
    expect(within(lines).getByText('Objet').nextElementSibling?.textContent).toBe('Votre salon');
    // Longer than the 2,000 characters a list shows: whole, nothing to click before deciding.
    expect(within(lines).getByText('Corps du message').nextElementSibling?.textContent).toBe(LONG);
    expect(within(row).getByRole('button', { name: validate })).toBeTruthy();
  });
});

describe('an email or letter with no text at all that could be its content', () => {
  it.each([
    ['en', 'The content of this record could not be read', 'Validate', 'Reject'],
    ['fr', "Le contenu de cet enregistrement n'a pas pu être lu", 'Valider', 'Refuser'],
  ])('replaces Validate with a sentence, the answer’s shape in its details (%s)', async (lang, sentence, validate, reject) => {
    if (lang === 'fr') french();
    show('emails', { emailsToValidate: { data: [{ contact_id: 'ld_2', firstname: 'Tom', lastname: 'Roe', steps_count: 2 }] } });
    const row = (await screen.findByRole('listitem', { name: /^Tom Roe/ })) as HTMLElement;
    expect(within(row).getByText(new RegExp(`^${sentence}`))).toBeTruthy();
    expect(within(row).queryByRole('button', { name: validate })).toBeNull();
    expect(within(row).getByRole('button', { name: reject })).toBeTruthy();
    expect(row.querySelector('details pre')?.textContent).toMatch(
      /^The answer's shape \(emailsToValidate\):\nobject\n {2}data: list \(1\) of object\n {4}contact_id: string/,
    );
  });
});

describe('a letter to validate whose blocks the rules cannot place', () => {
  it.each([
    ['en', 'Validate'],
    ['fr', 'Valider'],
  ])('shows its parts labelled before Validate (%s)', async (lang, validate) => {
    if (lang === 'fr') french();
    show('letters', { lettersToValidate: lettersUnknownWords });
    const row = (await screen.findByRole('listitem', { name: /crm-7/ })) as HTMLElement;
    expect(within(row).getByText('Parts 1 · Words').nextElementSibling?.textContent).toBe('Madame, voici notre offre.');
    expect(within(row).getByRole('button', { name: validate })).toBeTruthy();
  });

  it('offers no Validate for a letter whose content is nowhere', async () => {
    show('letters', { lettersToValidate: { data: [{ id: 'lt_2', category: 'to_validate', contact_identifier: 'crm-8' }] } });
    const row = (await screen.findByRole('listitem', { name: /crm-8/ })) as HTMLElement;
    expect(within(row).getByText(/^The content of this record could not be read/)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Validate' })).toBeNull();
  });
});

describe('a list whose records cannot be found', () => {
  const noList = { success: true, data: { total: 3, items_v2: { a: 1 }, updated: '2026-11-28T09:00:00Z', pages: [1, 2] } };

  it.each([
    [
      'en',
      'The service answered, but no list of “To validate” was found in its answer. It had: total (number), items_v2 (object), updated (time), pages (list of 2).',
    ],
    [
      'fr',
      'Le service a répondu, mais aucune liste « À valider » n’a été trouvée dans sa réponse. Elle contenait : total (nombre), items_v2 (objet), updated (date), pages (liste de 2).',
    ],
  ])('says so with what the answer had, never an empty list (%s)', async (lang, sentence) => {
    if (lang === 'fr') french();
    show('emails', { emailsToValidate: noList });
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('span')?.textContent?.replace(/'/g, '’')).toBe(sentence.replace(/'/g, '’'));
    expect(screen.queryByText(lang === 'en' ? 'No contact email waits for validation.' : "Aucun e-mail de contact n'attend de validation.")).toBeNull();
  });

  it('tells a list found and empty from no list: the empty one says nothing waits', async () => {
    show('emails', { emailsToValidate: { success: true, data: [] } });
    await screen.findByText(/As of/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('No contact email waits for validation.')).toBeTruthy();
  });
});

describe('the all-emails list', () => {
  it('cuts a long unplaced value at 2,000 characters with Show all', async () => {
    const long = 'x1 '.repeat(1_000);
    show('emails', { listEmails: { data: [{ id: 'em_1', subject: 'Hello', remarque: long }] }, emailsToValidate: { data: [] } });
    fireEvent.click(await screen.findByRole('button', { name: 'All emails' }));
    const button = await screen.findByRole('button', { name: 'Show all (3,000 characters)' });
    expect(button.closest('dd')?.textContent?.length).toBeLessThan(2_100);
    fireEvent.click(button);
    expect(screen.getByText('Remarque').nextElementSibling?.textContent).toBe(long);
  });
});

describe('records without an identifier (issue 49)', () => {
  const noIds = { data: [1, 2, 3].map((n) => ({ de: `p${n}@example.com`, objet: `Re: salon ${n}`, corps: `Merci ${n}` })) };
  it.each([
    ['en', 'The service sent this record without an identifier', 'No reply waits'],
    ['fr', 'Le service a envoyé cet enregistrement sans identifiant', 'Aucune réponse'],
  ])('are each a row with all they hold, and the view never says nothing waits (%s)', async (lang, label, nothing) => {
    if (lang === 'fr') french();
    location.hash = '#emails/replies';
    show('emails', { emailsToHandle: noIds });
    const rows = await screen.findAllByText(new RegExp(`^${label}`));
    expect(rows).toHaveLength(3);
    expect(screen.getByRole('list', { name: lang === 'en' ? '3 records without identifier' : '3 enregistrements sans identifiant' })).toBeTruthy();
    for (const n of [1, 2, 3]) expect(screen.getByText(`Re: salon ${n}`)).toBeTruthy();
    expect(screen.queryByText(new RegExp(nothing))).toBeNull();
  });
});
