// @vitest-environment happy-dom
// Never a blank view (issue 37, item 3) in the queue: a ready invitation whose note or prospect sits
// under a key the reading rules do not know shows it, labelled, where the row shows its note, in the
// popup and in the desk, which share the queue.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { actionsItem, syncStatusItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { renderDesk } from '../../helpers/desk';
import { renderPopup } from '../../helpers/popup';

afterEach(cleanup);

/** Ready actions as a service with its own words might send them: the note and a city under keys the rules do not know. */
const OWN_WORDS = {
  data: [
    {
      id: 'ac_1',
      status: 'ready',
      ai_invitation_text: 'Bonjour Léa, votre retour sur le salon m’a intéressé.',
      contact: { firstname: 'Léa', lastname: 'Martin', network_url: 'https://www.linkedin.com/in/lea-martin', city: 'Lyon' },
    },
    { id: 'ac_2', status: 'ready', message: 'Hi Tom', contact: { full_name: 'Tom Roe', network_url: 'https://www.linkedin.com/in/tom-roe' } },
  ],
};

/** A configured extension whose poll read `body` as the ready list. */
async function polled(body: unknown) {
  const wired = sandboxBackend();
  await configure();
  wired.fetchSpy.mockImplementation(async (input, init) =>
    /\/network\/actions\?/.test(String(input)) && /status=ready/.test(String(input)) ? Response.json(body) : wired.sandbox.fetch(input, init),
  );
  await wired.controller.poll();
  return wired;
}

/** The row of `name`, expanded. */
async function expanded(name: string): Promise<HTMLElement> {
  const toggle = (await screen.findByText(name, { selector: '.row-name' })).closest('button') as HTMLButtonElement;
  fireEvent.click(toggle);
  return toggle.closest('li') as HTMLElement;
}

/** The labelled lines a row shows, as "label: value". */
const linesOf = (row: HTMLElement) => [...row.querySelectorAll('.record-lines dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);

describe('the queue shows what the reading rules could not place', () => {
  it.each([
    ['en', 'Also in this record, as the service sent it:'],
    ['fr', "Aussi dans cet enregistrement, tel que le service l'a envoyé :"],
  ])('in the popup, an expanded row shows the unplaced note and city as labelled lines (%s)', async (lang, caption) => {
    if (lang === 'fr') fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    await renderPopup(await polled(OWN_WORDS));
    const row = await expanded('Léa Martin');
    expect(within(row).getByText(caption)).toBeTruthy();
    expect(linesOf(row)).toEqual(['AI invitation text: Bonjour Léa, votre retour sur le salon m’a intéressé.', 'Contact · City: Lyon']);
  });

  it.each([
    ['en', 'No note read · 2 other lines to check'],
    ['fr', 'Aucune note lue · 2 autres lignes à vérifier'],
  ])('a collapsed row whose note the rules could not place says there are lines to read, not "No note" (%s)', async (lang, words) => {
    if (lang === 'fr') fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    await renderPopup(await polled(OWN_WORDS));
    const toggle = (await screen.findByText('Léa Martin', { selector: '.row-name' })).closest('button') as HTMLButtonElement;
    expect(toggle.querySelector('.row-note')?.textContent).toBe(words);
  });

  it('shows no lines for a row whose record the rules place whole', async () => {
    await renderPopup(await polled(OWN_WORDS));
    const row = await expanded('Tom Roe');
    expect(within(row).getByRole('textbox', { name: 'Note' })).toBeTruthy();
    expect(row.querySelector('.record-lines')).toBeNull();
  });

  it('in the desk, the same row shows the same lines', async () => {
    const wired = await polled(OWN_WORDS);
    const { show } = await renderDesk(wired.backend);
    await show({ id: 2, url: 'https://www.linkedin.com/feed/' });
    const row = await expanded('Léa Martin');
    expect(linesOf(row)).toEqual(['AI invitation text: Bonjour Léa, votre retour sur le salon m’a intéressé.', 'Contact · City: Lyon']);
  });

  it('in the desk, the invitation at hand (the profile its tab shows) shows the same lines above its note', async () => {
    const wired = await polled(OWN_WORDS);
    const url = 'https://www.linkedin.com/in/lea-martin';
    wired.platform.byId = { 12: { url } };
    const { show } = await renderDesk(wired.backend);
    await show({ id: 12, url });
    const region = await screen.findByRole('region', { name: 'Léa Martin' });
    expect(linesOf(region)).toEqual(['AI invitation text: Bonjour Léa, votre retour sur le salon m’a intéressé.', 'Contact · City: Lyon']);
  });

  it('reads a snapshot stored by the previous version (actions without lines) as it is: no migration, rows without lines', async () => {
    const wired = sandboxBackend();
    await configure();
    // The popup's opening may poll again: that answer never comes, so what is shown is what was stored.
    wired.fetchSpy.mockImplementation(async (input, init) =>
      /\/network\/actions\?/.test(String(input)) ? new Promise<Response>(() => {}) : wired.sandbox.fetch(input, init),
    );
    // What the previous version stored: the same shape, without `extra`.
    const before = {
      actions: [
        {
          id: 'na_old',
          status: 'ready',
          message: 'Hello Ann',
          agentId: 'ag_1',
          prospect: { name: 'Ann Lee', profileUrl: 'https://www.linkedin.com/in/ann-lee' },
        },
      ],
      fetchedAt: Date.now(),
      full: false,
      agentFilter: null,
    };
    await fakeBrowser.storage.local.set({ readyActions: before });
    await syncStatusItem.setValue({ state: 'ok', at: Date.now() });
    expect(await actionsItem.getValue()).toEqual(before);
    await renderPopup(wired);
    const row = await expanded('Ann Lee');
    await waitFor(() => expect(within(row).getByRole('textbox', { name: 'Note' })).toBeTruthy());
    expect((within(row).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe('Hello Ann');
    expect(row.querySelector('.record-lines')).toBeNull();
  });
});

describe('ready records without an identifier (issue 49: no record dropped)', () => {
  /** Three ready records, one without any id: a service's own words, its person under a name of its own. */
  const ONE_UNIDENTIFIED = {
    data: [
      ...OWN_WORDS.data,
      { status: 'ready', message: 'Bonjour Ana, ravi de vous lire.', contact: { full_name: 'Ana Ruiz', network_url: 'https://www.linkedin.com/in/ana-ruiz' } },
    ],
  };

  it.each([
    ['en', '1 ready invitation has no identifier the extension can mark it by: handle it in the service.'],
    ['fr', "1 invitation prête n'a pas d'identifiant pour que l'extension la marque : traitez-la dans le service."],
  ])('are kept with the ready list and shown as a row of the queue with what they hold (%s)', async (lang, label) => {
    if (lang === 'fr') fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    const wired = await polled(ONE_UNIDENTIFIED);
    expect((await actionsItem.getValue())?.unidentified).toHaveLength(1);
    await renderPopup(wired);
    const group = await screen.findByRole('list', { name: label });
    expect(within(group).getByText('Ana Ruiz')).toBeTruthy();
    expect(within(group).getByText('Bonjour Ana, ravi de vous lire.')).toBeTruthy();
  });
});
