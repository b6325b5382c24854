// @vitest-environment happy-dom
// The desk's Sent invitations view, English and French, over a real background and sandbox: the tab
// it follows shows the simulated Sent page in a document of its own (the network's page, its script
// playing the site), where the background's one-shot scripts read and withdraw as in the browser.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Backend } from '../../../components/shared/backend';
import { RequestFailed } from '../../../lib/messaging/ask';
import { profileSlug } from '../../../lib/network/profile-url';
import { DAY_MS, type SentInvitation } from '../../../lib/sent-invitations/record';
import { sentRecordItem, settingsItem, withdrawalsItem } from '../../../lib/store/storage';
import { SENT_URL, type SentPageOptions, sentPage } from '../../fixtures/sent-page';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { renderDesk } from '../../helpers/desk';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);

const SENT_TAB = 21;

function inFrench() {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'fr';
}

/**
 * The Sent page in a document apart from the desk's (the page's own, as a tab's is), its script run
 * there with that document as its `document`: its Withdraw opens the confirmation, its confirm takes
 * the row away.
 */
function sentTabDocument(options: Omit<SentPageOptions, 'mimic'>) {
  const html = sentPage({ ...options, mimic: true });
  const doc = document.implementation.createHTMLDocument('Sent');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  doc.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!.replace(/<script>[\s\S]*?<\/script>/, '');
  const page = { __withdrawn: [] as string[] };
  new Function('document', 'window', script)(doc, page);
  return { doc, page };
}

/** The person's click in the page's document (it has no window of its own: test/helpers/human.ts cannot build its event). */
function personClicks(el: Element) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  el.dispatchEvent(event);
}

interface Person {
  actionId: string;
  slug: string;
  name: string;
  agentId: string;
}

/**
 * A configured desk whose followed tab can be moved; the extension's record holds the sandbox's
 * sent actions as marked through it `ages` days ago (each with its note), and the service lists them
 * as sent.
 */
async function openDesk(ages: number[], wrap: (backend: Backend) => Backend = (b) => b) {
  const wired = sandboxBackend();
  await configure();
  await wired.controller.poll();
  await wired.ask({ type: 'verifyKey' });
  const people: Person[] = wired.sandbox.accounts
    .get(DEMO_KEY)!
    .actions.filter((a) => a.status === 'sent')
    .slice(0, ages.length + 1)
    .map((a) => ({
      actionId: a.id,
      slug: profileSlug(a.contact.network_url)!,
      name: `${a.contact.firstname} ${a.contact.lastname}`,
      agentId: a.agent_id,
    }));
  // The last is someone the extension never sent to.
  const stranger = people.pop()!;
  const now = Date.now();
  const record: SentInvitation[] = people.map((p, i) => ({
    actionId: p.actionId,
    slug: p.slug,
    name: p.name,
    agentId: p.agentId,
    note: i === 0 ? null : `Hello ${p.name}`,
    sentAt: now - ages[i]! * DAY_MS,
  }));
  await sentRecordItem.setValue(record);
  const { show } = await renderDesk(wrap(wired.backend));
  /** The followed tab shows the Sent page listing these people (each sent `days` ago as the page says). */
  const showSent = async (listed: Person[]) => {
    const tab = sentTabDocument({ invitations: listed.map((p, i) => ({ slug: p.slug, name: p.name, sentAt: now - (40 - i) * DAY_MS })) });
    wired.platform.tabDocument = tab.doc;
    wired.platform.tabUrls = { [SENT_TAB]: `${SENT_URL}?invitationType=CONNECTION` };
    await show({ id: SENT_TAB, url: `${SENT_URL}?invitationType=CONNECTION`, title: 'Manage invitations | LinkedIn' });
    return tab;
  };
  const agentName = (p: Person) => wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === p.agentId)!.name!;
  const sentReads = () => wired.tabScripts.filter(([, name]) => name === 'sent-read').length;
  return { wired, people, stranger, record, showSent, follow: show, agentName, sentReads };
}

const rowsOf = async (label: string) => within(await screen.findByRole('list', { name: label }, { timeout: 5000 })).getAllByRole('listitem');

describe('the desk on the Sent invitations page', () => {
  it.each([
    ['en', 'Old invitations to withdraw', /^Agent: /, 'Sent 40 days ago', 'Sent without a note', 'Note: “Hello '],
    ['fr', 'Invitations anciennes à retirer', /^Agent : /, 'Envoyée il y a 40 jours', 'Envoyée sans note', 'Note : « Hello '],
  ])(
    'lists exactly the old invitations of the agents’ that the page shows, oldest first, with agent, age and note (%s)',
    async (lang, label, agent, age, noNote, note) => {
      if (lang === 'fr') inFrench();
      // Three sent through the extension: 40 and 30 days ago (old), 5 days ago (young); a stranger on the page too.
      const { people, stranger, showSent, agentName } = await openDesk([40, 30, 5]);
      const [oldest, older, young] = people as [Person, Person, Person];
      await showSent([stranger, older, young, oldest]);
      const rows = await rowsOf(label);
      expect(rows.map((r) => r.querySelector('.row-name')!.textContent)).toEqual([oldest.name, older.name]);
      expect(within(rows[0]!).getByText(agent).textContent).toContain(agentName(oldest));
      expect(within(rows[0]!).getByText(age)).toBeTruthy();
      expect(within(rows[0]!).getByText(noNote)).toBeTruthy();
      expect(within(rows[1]!).getByText(note, { exact: false }).textContent).toContain(`Hello ${older.name}`);
      expect(within(rows[1]!).getByRole('button', { name: new RegExp(older.name) })).toBeTruthy();
      expect(screen.queryByText(young.name)).toBeNull();
      expect(screen.queryByText(stranger.name)).toBeNull();
    },
  );

  it('asks for the page only while the view is shown, and shows the queue again when the tab leaves it', async () => {
    const { people, showSent, follow, sentReads } = await openDesk([40]);
    await follow({ id: 3, url: 'https://www.linkedin.com/feed/' });
    await screen.findByRole('list', { name: 'Ready invitations' });
    expect(sentReads()).toBe(0);
    await showSent(people);
    await rowsOf('Old invitations to withdraw');
    expect(sentReads()).toBe(1);
    await follow({ id: 3, url: 'https://www.linkedin.com/feed/' });
    await screen.findByRole('list', { name: 'Ready invitations' });
    await new Promise((r) => setTimeout(r, 50));
    expect(sentReads()).toBe(1);
  });

  it.each([
    [
      'en',
      'Old invitations to withdraw',
      'Withdraw',
      /^Confirm the withdrawal for (.+) in the page/,
      /^Withdrawn\. The extension keeps the date/,
      /^Withdrawn on /,
    ],
    [
      'fr',
      'Invitations anciennes à retirer',
      'Retirer',
      /^Confirmez le retrait pour (.+) dans la page/,
      /^Retirée\. L'extension en garde la date/,
      /^Retirée le /,
    ],
  ])(
    'Withdraw on a row opens the page’s confirmation for that person only; the person’s confirmation is shown as withdrawn with its date, and the focus moves to the next row (%s)',
    async (lang, label, withdraw, step, done, on) => {
      if (lang === 'fr') inFrench();
      const { people, showSent, record } = await openDesk([40, 35, 30]);
      const tab = await showSent(people);
      const rows = await rowsOf(label);
      const [first, second, third] = people as [Person, Person, Person];
      fireEvent.click(within(rows[1]!).getByRole('button', { name: new RegExp(`^${withdraw}`) }));
      await new Promise((r) => requestAnimationFrame(r));
      // The button is disabled while the withdrawal runs: the row's status line holds the focus.
      expect(document.activeElement).toBe(rows[1]!.querySelector('.answer'));
      // The network's own confirmation, for that person only.
      await waitFor(() => expect(tab.doc.querySelectorAll('[data-confirmation]')).toHaveLength(1), { timeout: 5000 });
      expect(tab.doc.querySelector('[data-confirmation]')!.textContent).toContain(second.name);
      await waitFor(() => expect(within(rows[1]!).getByText(step).textContent).toContain(second.name), { timeout: 5000 });
      expect(tab.page.__withdrawn).toEqual([]);
      // The person confirms in the page.
      personClicks(tab.doc.querySelector('[data-confirmation] [data-confirm]')!);
      await waitFor(() => expect(within(rows[1]!).getByText(done)).toBeTruthy(), { timeout: 8000 });
      expect(tab.page.__withdrawn).toEqual([second.slug]);
      // Kept in its place, with the date the record holds; the others still offer Withdraw.
      await waitFor(() => expect(within(screen.getAllByRole('listitem')[1]!).getByText(on)).toBeTruthy());
      const after = await rowsOf(label);
      expect(after.map((r) => r.querySelector('.row-name')!.textContent)).toEqual([first.name, second.name, third.name]);
      expect(within(after[1]!).queryByRole('button', { name: new RegExp(`^${withdraw}`) })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(within(after[2]!).getByRole('button', { name: new RegExp(`^${withdraw}`) })));
      expect((await sentRecordItem.getValue()).find((i) => i.slug === second.slug)!.withdrawnAt).toBeGreaterThan(record[1]!.sentAt);
    },
    20_000,
  );

  it.each([
    ['en', 'Old invitations to withdraw', /^To keep a person's pace, the next withdrawal can start at /],
    ['fr', 'Invitations anciennes à retirer', /^Pour garder un rythme humain, le prochain retrait pourra commencer à /],
  ])('past the limit a minute, a click waits and says until when; nothing opens in the page (%s)', async (lang, label, wait) => {
    if (lang === 'fr') inFrench();
    const { people, showSent } = await openDesk([40, 35]);
    await settingsItem.setValue({ ...(await settingsItem.getValue()), withdrawalsPerMinute: 1 });
    await withdrawalsItem.setValue({ times: [Date.now() - 10_000] });
    const tab = await showSent(people);
    const rows = await rowsOf(label);
    const button = within(rows[0]!).getAllByRole('button')[0]!;
    fireEvent.click(button);
    await waitFor(() => expect(within(rows[0]!).getByText(wait)).toBeTruthy(), { timeout: 5000 });
    expect(tab.doc.querySelectorAll('[data-confirmation]')).toHaveLength(0);
    // The answer is read; the focus is back on the row's Withdraw, there to try again later.
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('the "wait until" line ends once its time has passed (a faked clock)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { people, showSent } = await openDesk([40, 35]);
      await settingsItem.setValue({ ...(await settingsItem.getValue()), withdrawalsPerMinute: 1 });
      await withdrawalsItem.setValue({ times: [Date.now() - 10_000] });
      await showSent(people);
      const rows = await rowsOf('Old invitations to withdraw');
      fireEvent.click(within(rows[0]!).getAllByRole('button')[0]!);
      const wait = /the next withdrawal can start at/;
      await waitFor(() => expect(within(rows[0]!).getByText(wait)).toBeTruthy(), { timeout: 5000 });
      await act(() => void vi.advanceTimersByTime(30_000));
      expect(within(rows[0]!).getByText(wait)).toBeTruthy();
      await act(() => void vi.advanceTimersByTime(31_000));
      expect(within(rows[0]!).queryByText(wait)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the page again when the tab’s page loads again at the same address (a reload)', async () => {
    const { people, showSent, follow, sentReads } = await openDesk([40]);
    await showSent(people);
    await rowsOf('Old invitations to withdraw');
    await waitFor(() => expect(sentReads()).toBe(1));
    await follow({ id: SENT_TAB, url: `${SENT_URL}?invitationType=CONNECTION`, title: 'Manage invitations | LinkedIn', loads: 1 });
    await waitFor(() => expect(sentReads()).toBe(2));
  });

  it('asks once more when the background stopped before answering, and shows the answer that comes then', async () => {
    const asked: string[] = [];
    const { people, showSent } = await openDesk([40], (backend) => ({
      ...backend,
      ask: ((request: { type: string }) => {
        if (request.type !== 'withdraw') return backend.ask(request as never);
        asked.push(request.type);
        return asked.length === 1
          ? Promise.reject(new RequestFailed({ kind: 'no-answer', message: 'The message port closed' }))
          : backend.ask(request as never);
      }) as Backend['ask'],
    }));
    await settingsItem.setValue({ ...(await settingsItem.getValue()), withdrawalsPerMinute: 1 });
    await withdrawalsItem.setValue({ times: [Date.now() - 10_000] });
    await showSent(people);
    const [row] = await rowsOf('Old invitations to withdraw');
    fireEvent.click(within(row!).getByRole('button'));
    await waitFor(() => expect(within(row!).getByText(/the next withdrawal can start at/)).toBeTruthy(), { timeout: 5000 });
    expect(asked).toHaveLength(2);
    expect(within(row!).queryByRole('alert')).toBeNull();
  });

  it.each([
    ['en', 'None of the invitations on this page was sent through the extension 21 days ago or more.', 'The page lists no pending invitation.'],
    ['fr', 'Aucune des invitations de cette page n’a été envoyée avec l’extension il y a 21 jours ou plus.', 'La page ne liste aucune invitation en attente.'],
  ])('says when the page lists none of the agents’ old invitations, and when it lists none at all (%s)', async (lang, none, empty) => {
    if (lang === 'fr') inFrench();
    const { stranger, people, showSent } = await openDesk([5]);
    await showSent([stranger, ...people]);
    await screen.findByText(none, {}, { timeout: 5000 });
    expect(screen.queryByRole('list', { name: /Old invitations|Invitations anciennes/ })).toBeNull();
    await showSent([]);
    // Another tab's page: the view reads it again.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: lang === 'fr' ? 'Relire la page' : 'Read the page again' }));
    });
    await screen.findByText(empty, {}, { timeout: 5000 });
  });

  it('says when old invitations of the agents’ are not on the page yet (a list loads as it scrolls)', async () => {
    const { people, showSent } = await openDesk([40, 35, 30]);
    await showSent([people[0]!]);
    await rowsOf('Old invitations to withdraw');
    expect(screen.getByText(/^2 more old invitations are not on this page yet/)).toBeTruthy();
  });
});
