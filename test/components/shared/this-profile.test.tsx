// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackendContext } from '../../../components/shared/backend';
import { ThisProfile, type TargetSource } from '../../../components/shared/this-profile';
import { accountItem, addedProfilesItem, knownContactsItem, linkTargetItem, sentRecordItem, settingsItem } from '../../../lib/store/storage';
import { dayOf } from '../../../components/shared/withdraw-text';
import type { SentInvitation } from '../../../lib/sent-invitations/record';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { A0, A1, A2 } from '../../sandbox/helpers';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);

const JEANNE = { url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1/', title: 'Jeanne Durand | LinkedIn' };

/** This profile as the popup renders it, over what the background answers for `source`; the account as stored unless given. */
async function renderThisProfile(
  wired: ReturnType<typeof sandboxBackend>,
  options: {
    source?: TargetSource;
    account?: Parameters<typeof ThisProfile>[0]['account'];
    preferredAgent?: string | null;
    onShowInvitation?: (id: string) => void;
  } = {},
) {
  const { source = 'tab', preferredAgent = null, onShowInvitation = () => {} } = options;
  const account = 'account' in options ? options.account : (await accountItem.getValue())!.account;
  render(
    <BackendContext.Provider value={wired.backend}>
      <ThisProfile
        source={source}
        target={await wired.backend.ask({ type: 'profileTarget', source })}
        account={account}
        preferredAgent={preferredAgent}
        onShowInvitation={onShowInvitation}
      />
    </BackendContext.Provider>,
  );
}

/** The block over a configured extension whose account (agents) is known, the tab showing `tab`. */
async function block(
  tab: { url: string; title?: string } | null = JEANNE,
  source: TargetSource = 'tab',
  preferredAgent: string | null = null,
  wired = sandboxBackend(),
) {
  await configure();
  await wired.ask({ type: 'verifyKey' });
  wired.platform.tab = tab;
  const shown: string[] = [];
  await renderThisProfile(wired, { source, preferredAgent, onShowInvitation: (id) => shown.push(id) });
  const contacts = () => wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts;
  return { wired, shown, contacts };
}

/** The popup in French (test/setup.ts puts English back before each test). */
function inFrench() {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
}

/** The block for a contact of the demo account in this status, the tab on their profile. */
async function knownBlock(status: string) {
  const wired = sandboxBackend();
  await configure();
  await wired.ask({ type: 'verifyKey' });
  const known = wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts.find((c) => c.network_url && c.firstname && c.status === status)!;
  expect(known).toBeDefined();
  wired.platform.tab = { url: known.network_url!, title: `${known.firstname} ${known.lastname} | LinkedIn` };
  await renderThisProfile(wired);
  return { wired, known };
}

/** The block over the profile of a prospect whose invitation is ready (Camille, in tab 12), the ready list polled. */
async function prospectBlock() {
  const wired = sandboxBackend();
  await configure();
  await wired.controller.poll();
  const camille = wired.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === 'Camille')!;
  wired.platform.tab = { id: 12, url: camille.contact.network_url, title: 'Camille Lefèvre | LinkedIn' };
  const shown: string[] = [];
  await renderThisProfile(wired, { account: undefined, onShowInvitation: (id) => shown.push(id) });
  return { wired, camille, shown };
}

const agentSelect = () => screen.findByRole('combobox', { name: 'Add to agent' }) as Promise<HTMLSelectElement>;

const SENT_AT = Date.UTC(2026, 10, 12, 9);
const LATER = Date.UTC(2026, 10, 19, 9);
/** Jeanne in the extension's record: invited on 12 November through Prospection SaaS, with `ended` after. */
const jeanneSent = (ended: Partial<SentInvitation> = {}): SentInvitation => ({
  actionId: 'act-jeanne',
  slug: 'jeanne-durand-8c2f1',
  name: 'Jeanne Durand',
  agentName: 'Prospection SaaS',
  note: 'Hello Jeanne, glad to connect.',
  sentAt: SENT_AT,
  ...ended,
});

describe('"This profile" of someone the extension invited (its own record, read first)', () => {
  const contactLookups = (wired: ReturnType<typeof sandboxBackend>) => wired.fetchSpy.mock.calls.filter(([input]) => String(input).includes('/contacts?'));
  const cases = [
    // Days are said in the UI language, known only once a test runs: each text made then.
    ['pending', {}, () => 'pending', () => 'en attente'],
    ['accepted', { acceptedAt: LATER }, () => `accepted on ${dayOf(LATER)}`, () => `acceptée le ${dayOf(LATER)}`],
    ['withdrawn', { withdrawnAt: LATER }, () => `withdrawn on ${dayOf(LATER)}`, () => `retirée le ${dayOf(LATER)}`],
  ] as const;
  for (const [state, ended, en, fr] of cases) {
    it(`says the invitation sent is ${state}, with its note, and offers no agent nor looks the person up`, async () => {
      await sentRecordItem.setValue([jeanneSent(ended)]);
      const { wired } = await block();
      const line = await screen.findByText(`Invitation sent on ${dayOf(SENT_AT)} through Prospection SaaS`);
      expect(line.parentElement!.textContent).toBe(`Invitation sent on ${dayOf(SENT_AT)} through Prospection SaaS — ${en()}`);
      expect(screen.getByText('Hello Jeanne, glad to connect.')).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Add to agent' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add to this agent' })).toBeNull();
      expect(contactLookups(wired)).toEqual([]);
    });

    it(`says so in French when ${state}`, async () => {
      inFrench();
      await sentRecordItem.setValue([jeanneSent(ended)]);
      await block();
      const line = await screen.findByText(`Invitation envoyée le ${dayOf(SENT_AT)} via Prospection SaaS`);
      expect(line.parentElement!.textContent).toBe(`Invitation envoyée le ${dayOf(SENT_AT)} via Prospection SaaS — ${fr()}`);
      expect(screen.getByText('Note envoyée :')).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Ajouter à l’agent' })).toBeNull();
    });
  }

  it('reads the latest invitation to the person, and says when it went without a note', async () => {
    await sentRecordItem.setValue([jeanneSent({ withdrawnAt: LATER }), jeanneSent({ actionId: 'act-2', sentAt: LATER + 1, note: null, agentName: undefined })]);
    await block();
    const line = await screen.findByText(`Invitation sent on ${dayOf(LATER + 1)}`);
    expect(line.parentElement!.textContent).toBe(`Invitation sent on ${dayOf(LATER + 1)} — pending`);
    expect(screen.getByText('Sent without a note.')).toBeTruthy();
  });

  it('offers the agents as before for a profile the record does not hold', async () => {
    await sentRecordItem.setValue([{ ...jeanneSent(), slug: 'someone-else' }]);
    await block();
    expect(await agentSelect()).toBeTruthy();
    expect(screen.queryByText(/^Invitation sent on/)).toBeNull();
  });
});

describe('"This profile" in the popup', () => {
  it('offers the ready invitation of ours for this profile instead of adding it', async () => {
    const { camille, shown } = await prospectBlock();
    fireEvent.click(await screen.findByRole('button', { name: 'Show it' }));
    expect(shown).toEqual([camille.id]);
    expect(screen.queryByRole('combobox', { name: 'Add to agent' })).toBeNull();
  });

  it('"Prepare here" brings the panel to this tab and has it prepare, because the person asked there', async () => {
    const { wired } = await prospectBlock();
    expect(wired.injected).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare here' }));
    expect(await screen.findByText(/^On the page now: follow the panel there/)).toBeTruthy();
    expect(wired.injected).toEqual([12]);
    expect(wired.told).toEqual([[12, 'prepare']]);
  });

  it('"Prepare here" prepares nothing when the tab moved to another profile since the popup showed it, and says so', async () => {
    inFrench();
    const { wired } = await prospectBlock();
    wired.platform.tab = { id: 12, url: JEANNE.url, title: JEANNE.title };
    fireEvent.click(await screen.findByRole('button', { name: 'Préparer ici' }));
    expect(await screen.findByText(/^L'onglet montre maintenant un autre profil que celui affiché par la fenêtre/)).toBeTruthy();
    expect([wired.injected, wired.told]).toEqual([[], []]);
  });

  it('"This page was read wrong" says so when the report cannot open (the tab closed meanwhile), rather than doing nothing', async () => {
    const { wired } = await block();
    wired.platform.tab = null;
    fireEvent.click(await screen.findByRole('button', { name: 'This page was read wrong' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(wired.reports).toEqual([]);
  });

  it('shows the profile’s address beside the name the page’s title gives, and adds the profile of the address', async () => {
    // A page whose title names someone else than its address.
    const { contacts } = await block({ url: JEANNE.url, title: 'Mallory Evil | LinkedIn' }, 'tab', A1);
    const heading = await screen.findByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('This profile: Mallory Evil Profile address: linkedin.com/in/jeanne-durand-8c2f1');
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    await screen.findByText(/^Added to US Fintech Outreach\./);
    expect(contacts().at(-1)).toMatchObject({ network_url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1' });
  });

  it('says an invitation for this person is being prepared by its agent, without the form or a contacts lookup', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.ask({ type: 'verifyKey' });
    const account = wired.sandbox.accounts.get(DEMO_KEY)!;
    const readyUrls = new Set(account.actions.filter((a) => a.status === 'ready').map((a) => a.contact.network_url));
    const generating = account.actions.find((a) => a.status === 'generating' && !readyUrls.has(a.contact.network_url))!;
    wired.platform.tab = { url: generating.contact.network_url, title: `${generating.contact.firstname} ${generating.contact.lastname} | LinkedIn` };
    await renderThisProfile(wired);
    const agent = account.agents.find((a) => a.id === generating.agent_id)!;
    expect(
      await screen.findByText(`An invitation for this person is being prepared by agent ${agent.name}. It will appear in your queue once ready.`),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Add to agent' })).toBeNull();
    expect(wired.fetchSpy.mock.calls.filter(([input]) => String(input).includes('/contacts?'))).toEqual([]);
  });

  it('says the person is already a contact, with the agent and the status in words, and links to the contacts', async () => {
    const { wired } = await knownBlock('nurture');
    expect(await screen.findByText(/^Already a contact of .+, status: Being nurtured\.$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See the contacts' }));
    expect(wired.backend.openOptions).toHaveBeenCalledWith('contacts');
    expect(screen.queryByRole('combobox', { name: 'Add to agent' })).toBeNull();
  });

  it('says the known contact’s status in French words, not the service’s code', async () => {
    inFrench();
    await knownBlock('noanswer');
    const line = await screen.findByText(/^Déjà contact de l’agent .+, statut : Sans réponse\.$/);
    expect(line.textContent).not.toMatch(/noanswer/);
  });

  it("says a subscription agent's contact with nothing sent is already a contact, on an account that has a performance-plan agent", async () => {
    const { wired } = await block({ url: 'https://www.linkedin.com/in/antoine-dubois', title: 'Antoine Dubois | LinkedIn' });
    expect(await screen.findByText(/^Already a contact of Prospection SaaS France, status: /)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Add to agent' })).toBeNull();
    expect(wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts.filter((c) => c.firstname === 'Antoine')).toHaveLength(1);
  });

  it('warns before adding a person whose name matches a contact with a masked address, and adds only when asked', async () => {
    await block({ url: 'https://www.linkedin.com/in/emily-walsh-nyc', title: 'Emily Walsh | LinkedIn' });
    expect(await screen.findByText('Maybe already a contact: Emily Walsh, Coinpath, agent US Fintech Outreach. Add anyway?')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Add to agent' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add anyway' }));
    expect(await agentSelect()).toBeTruthy();
  });

  it('warns in French too', async () => {
    inFrench();
    await block({ url: 'https://www.linkedin.com/in/emily-walsh-nyc', title: 'Emily Walsh | LinkedIn' });
    expect(await screen.findByText('Peut-être déjà un contact : Emily Walsh, Coinpath, agent US Fintech Outreach. L’ajouter quand même ?')).toBeTruthy();
  });

  it("names a known contact's agent from the account when the record carries only its id", async () => {
    await knownContactsItem.setValue({ 'jeanne-durand-8c2f1': { at: Date.now(), contact: { id: 'ld_1', agentId: A0, status: 'nurture' } } });
    await block();
    expect(await screen.findByText('Already a contact of Prospection SaaS France, status: Being nurtured.')).toBeTruthy();
  });

  it('shows a status the spec does not list as the service sent it', async () => {
    await knownContactsItem.setValue({ 'jeanne-durand-8c2f1': { at: Date.now(), contact: { id: 'ld_1', agentName: 'SaaS', status: 'qualified' } } });
    await block();
    expect(await screen.findByText('Already a contact of SaaS, status: qualified.')).toBeTruthy();
  });

  it('lists paused agents disabled with the reason, and preselects an agent that can take contacts', async () => {
    await block();
    const select = await agentSelect();
    const paused = [...select.options].find((o) => o.value === A2)!;
    expect(paused.disabled).toBe(true);
    expect(paused.textContent).toMatch(/Paused, cannot take contacts/);
    expect(select.value).toBe(A0);
  });

  it('asks for the agent’s required variable, and adds with one click once it is given', async () => {
    const { contacts } = await block();
    const offer = (await screen.findByRole('textbox', { name: /Offre à mettre en avant/ })) as HTMLInputElement;
    const before = contacts().length;
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect(await screen.findByText('Required by this agent.', { selector: '.feedback' })).toBeTruthy();
    expect(offer.getAttribute('aria-invalid')).toBe('true');
    expect(contacts().length).toBe(before);
    fireEvent.input(offer, { target: { value: 'audit' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Context for the agent/ }), { target: { value: 'Met at VivaTech' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect(await screen.findByText(/^Added to Prospection SaaS France\. Next: the service enriches the profile/)).toBeTruthy();
    expect(contacts().at(-1)).toMatchObject({
      network_url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1',
      ai_context: 'Met at VivaTech',
      custom_variables: { custom_offre: 'audit' },
    });
  });

  it('adds to an agent without variables in one click; reopened, says so; and a second add creates nothing new', async () => {
    const { wired, contacts } = await block(JEANNE, 'tab', A1);
    expect((await agentSelect()).value).toBe(A1);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    await screen.findByText(/^Added to US Fintech Outreach\./);
    const after = contacts().length;
    const again = async () => {
      cleanup();
      await renderThisProfile(wired, { preferredAgent: A1 });
    };
    await again();
    expect(await screen.findByText('Already added to US Fintech Outreach from this extension.')).toBeTruthy();
    // After a browser restart (session storage gone) and before the list shows the person (no name
    // before enrichment): still said.
    await knownContactsItem.setValue({});
    await again();
    expect(await screen.findByText('Already added to US Fintech Outreach from this extension.')).toBeTruthy();
    // Another browser: the form again, and the service refuses the duplicate.
    await knownContactsItem.setValue({});
    await addedProfilesItem.setValue({});
    await again();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect(await screen.findByText('This person was already added: nothing new was created.')).toBeTruthy();
    expect(contacts().length).toBe(after);
  });

  it('asks each variable once when operation 4 answers in the list form, and adds', async () => {
    const wired = sandboxBackend();
    wired.sandbox.accounts.get(DEMO_KEY)!.book.settings_shape = 'lists';
    const { contacts } = await block(JEANNE, 'tab', A0, wired);
    const offer = await screen.findByRole('textbox', { name: /^Custom offre/ });
    expect(screen.queryByRole('textbox', { name: /^required/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /firstname|address/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect(await screen.findByText('Required by this agent.')).toBeTruthy();
    fireEvent.input(offer, { target: { value: 'audit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    await screen.findByText(/^Added to Prospection SaaS France\./);
    expect(contacts().filter((c) => c.identifier === 'network-profile:jeanne-durand-8c2f1')).toEqual([
      expect.objectContaining({ custom_variables: { custom_offre: 'audit' } }),
    ]);
  });

  it('says when the settings cannot be understood, adds with the address, and puts the service’s 422 at a field it names', async () => {
    const wired = sandboxBackend();
    wired.sandbox.accounts.get(DEMO_KEY)!.book.settings_shape = 'unreadable';
    const { contacts } = await block(JEANNE, 'tab', A0, wired);
    expect(await screen.findByText(/^Could not read which fields this agent requires\./)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    const offer = await screen.findByRole('textbox', { name: /^Custom offre/ });
    expect(offer.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(offer.getAttribute('aria-describedby')!)?.textContent).toMatch(/custom_offre field is required/);
    fireEvent.input(offer, { target: { value: 'audit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    await screen.findByText(/^Added to Prospection SaaS France\./);
    expect(contacts().filter((c) => c.identifier === 'network-profile:jeanne-durand-8c2f1')).toHaveLength(1);
  });

  it('shows a 422 of the service next to its field', async () => {
    const { wired } = await block();
    const offer = await screen.findByRole('textbox', { name: /Offre à mettre en avant/ });
    fireEvent.input(offer, { target: { value: 'audit' } });
    // The agent's configuration changed on the service since op 4 was read.
    wired.sandbox.accounts.get(DEMO_KEY)!.book.profiles[A0]!.custom_variables[0]!.name = 'custom_offre_v2';
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect(await screen.findByText(/custom_offre_v2 field is required/)).toBeTruthy();
  });

  it('shows a 422 on the context next to the context field, described by it, not with the other messages', async () => {
    const { wired } = await block(JEANNE, 'tab', A1);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
    const through = wired.platform.fetch;
    wired.platform.fetch = async (input, init) =>
      init?.method === 'POST' && String(input).endsWith(`/campaigns/${A1}/contacts`)
        ? new Response(
            JSON.stringify({
              success: false,
              message: 'The given data was invalid.',
              validation_errors: { ai_context: 'The ai context may not contain links.' },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          )
        : through(input, init);
    const context = screen.getByRole('textbox', { name: /Context for the agent/ });
    fireEvent.input(context, { target: { value: 'See https://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    const message = await screen.findByText('The ai context may not contain links.');
    expect(context.getAttribute('aria-invalid')).toBe('true');
    expect(context.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((context as HTMLTextAreaElement).value).toBe('See https://example.com');
  });

  it('says in words, English or French, that there is no profile to add when the tab left it before the click', async () => {
    for (const french of [false, true]) {
      cleanup();
      if (french) inFrench();
      const { wired, contacts } = await block(JEANNE, 'tab', A1);
      const submit = french ? 'Ajouter à cet agent' : 'Add to this agent';
      await waitFor(() => expect((screen.getByRole('button', { name: submit }) as HTMLButtonElement).disabled).toBe(false));
      const before = contacts().length;
      wired.platform.tab = { url: 'https://www.linkedin.com/feed/', title: 'Feed | LinkedIn' };
      fireEvent.click(screen.getByRole('button', { name: submit }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(french ? "Il n'y a pas de profil à ajouter ici." : 'There is no profile to add here.');
      expect(alert.textContent).not.toMatch(/No profile to add/);
      expect(contacts().length).toBe(before);
    }
  });

  it('says the link is gone, and to right-click it again, when the link chosen expired before the click', async () => {
    const { wired } = await block(null, 'tab', A1);
    cleanup();
    await wired.controller.linkChosen(JEANNE.url);
    await renderThisProfile(wired, { source: 'link', preferredAgent: A1 });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
    await linkTargetItem.setValue(null);
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/no longer here\. Right-click the link again/);
  });

  /** The block for Jeanne with the agent without variables chosen, ready for one click. */
  async function readyToAdd() {
    const wired = await block(JEANNE, 'tab', A1);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
    return wired;
  }

  it('says the addition is saved and will be sent when the service cannot be reached', async () => {
    const { wired, contacts } = await readyToAdd();
    const before = contacts().length;
    wired.platform.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved: the service cannot be reached now, so the addition will be sent to it as soon as it can (it stays in the list below until then).',
    );
    expect(contacts().length).toBe(before);
  });

  it('says the contact is stored and processed after the next credit top-up when the credits are used up', async () => {
    const { wired, contacts } = await readyToAdd();
    wired.sandbox.accounts.get(DEMO_KEY)!.book.credits = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Added to US Fintech Outreach and stored, but your contact credits are used up: it will be processed after your next credit top-up.',
    );
    expect(contacts().at(-1)).toMatchObject({ agent_id: A1, waiting_for_credits: true });
  });

  it('says in words that the agent is paused when the service refuses it with 403, and keeps the form', async () => {
    const { wired, contacts } = await readyToAdd();
    const before = contacts().length;
    // Paused on the service since the account was read: the list still offers it.
    wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === A1)!.status = 'paused';
    fireEvent.input(screen.getByRole('textbox', { name: /Context for the agent/ }), { target: { value: 'Met at VivaTech' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to this agent' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This agent is paused on the service, so it takes no change for now\. Resume the agent there, then try again\./,
    );
    expect((screen.getByRole('textbox', { name: /Context for the agent/ }) as HTMLTextAreaElement).value).toBe('Met at VivaTech');
    expect(contacts().length).toBe(before);
  });

  it('says so when a profile chosen from a link is no longer there', async () => {
    await block(null, 'link');
    expect(await screen.findByText(/Right-click the link again/)).toBeTruthy();
  });
});

describe('"This profile" when whether the person is already a contact cannot be answered', () => {
  const contactsGet = (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(String(input)).pathname.endsWith('/contacts') && (init?.method ?? 'GET') === 'GET';
  /** The contacts lookup (op 2) answered with `answer`, every other request as the sandbox does. */
  const answering = (answer: () => Response) => (wired: ReturnType<typeof sandboxBackend>) => {
    const through = wired.platform.fetch;
    wired.platform.fetch = async (input, init) => (contactsGet(input, init) ? answer() : through(input, init));
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const cases: Array<[string, (wired: ReturnType<typeof sandboxBackend>) => Promise<void> | void, TargetSource, { url: string; title?: string }]> = [
    ['unreadable (no list of contacts in the answer)', answering(() => json({ success: true, data: { total: 1 }, warnings: [] })), 'tab', JEANNE],
    [
      'failing (an HTML page of a 502)',
      answering(() => new Response('<html><body>Bad gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } })),
      'tab',
      JEANNE,
    ],
    ['refused by the service', answering(() => json({ success: false, error: 'Forbidden' }, 403)), 'tab', JEANNE],
    [
      'out of the request budget',
      async () => {
        await settingsItem.setValue({ ...(await settingsItem.getValue()), requestCap: 1 });
      },
      'tab',
      JEANNE,
    ],
    ['impossible: nothing names the person', () => {}, 'link', { url: 'https://www.linkedin.com/in/a8f3k2' }],
  ];

  /** The block over Jeanne's profile with the lookup failing as `fail` makes it, the agents known. */
  async function failing(fail: (wired: ReturnType<typeof sandboxBackend>) => Promise<void> | void, source: TargetSource, tab: { url: string; title?: string }) {
    const wired = sandboxBackend();
    await configure();
    await wired.ask({ type: 'verifyKey' });
    if (source === 'link') await wired.controller.linkChosen(tab.url);
    else wired.platform.tab = tab;
    await fail(wired);
    await renderThisProfile(wired, { source, preferredAgent: A1 });
    return wired;
  }

  for (const [why, fail, source, tab] of cases) {
    it(`says so and offers no Add until the person confirms they checked, when the lookup is ${why}`, async () => {
      const wired = await failing(fail, source, tab);
      expect(await screen.findByText('Could not check whether this person is already a contact.')).toBeTruthy();
      expect(screen.getByText('Adding someone who already is one makes a duplicate prospect: look for them in the contacts first.')).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Add to agent' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add to this agent' })).toBeNull();
      const before = wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts.length;
      fireEvent.click(screen.getByRole('button', { name: 'I checked: not yet a contact' }));
      expect((await agentSelect()).value).toBe(A1);
      await waitFor(() => expect((screen.getByRole('button', { name: 'Add to this agent' }) as HTMLButtonElement).disabled).toBe(false));
      expect(wired.sandbox.accounts.get(DEMO_KEY)!.book.contacts.length).toBe(before);
    });

    it(`says so in French, with no Add before the confirmation, when the lookup is ${why}`, async () => {
      inFrench();
      await failing(fail, source, tab);
      expect(await screen.findByText('Impossible de vérifier si cette personne est déjà un contact.')).toBeTruthy();
      expect(screen.getByText('Ajouter quelqu’un qui l’est déjà crée un prospect en double : cherchez-le d’abord dans les contacts.')).toBeTruthy();
      expect(screen.queryByRole('combobox', { name: 'Ajouter à l’agent' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'J’ai vérifié : pas encore un contact' }));
      expect(await screen.findByRole('combobox', { name: 'Ajouter à l’agent' })).toBeTruthy();
    });
  }

  it('gives the reason in plain words, the detail behind a disclosure: a refusal, the request budget spent, no name to search by', async () => {
    await failing(
      answering(() => json({ success: false, error: 'Forbidden' }, 403)),
      'tab',
      JEANNE,
    );
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('The service refused this: Forbidden');
    expect(refused.querySelector('details')?.textContent).toMatch(/service \(HTTP 403\)/);
    cleanup();
    await failing(async () => settingsItem.setValue({ ...(await settingsItem.getValue()), requestCap: 1 }), 'tab', JEANNE);
    expect((await screen.findByRole('alert')).querySelector('details')?.textContent).toMatch(/rate-limited: The request budget is spent/);
    cleanup();
    await failing(() => {}, 'link', { url: 'https://www.linkedin.com/in/a8f3k2' });
    expect((await screen.findByRole('alert')).textContent).toContain('Neither the page nor the address gives a name to look them up by.');
  });
});

describe('a profile address with a % in it', () => {
  it('shows the block with the slug decoded once (no second decoding that throws)', async () => {
    await block({ url: 'https://www.linkedin.com/in/100%25-ventes/', title: 'LinkedIn' });
    const heading = await screen.findByRole('heading', { level: 2 });
    expect(heading.textContent).toContain('100%-ventes');
  });
});

describe('"This page was read wrong"', () => {
  it('opens the report page for the tab the person looks at', async () => {
    const { wired } = await block();
    wired.platform.tab = { ...JEANNE, id: 12 };
    fireEvent.click(await screen.findByRole('button', { name: 'This page was read wrong' }));
    await waitFor(() => expect(wired.reports).toEqual([12]));
  });

  it('is not offered for a profile chosen from a link (no page was read)', async () => {
    const { wired } = await block(null, 'tab');
    cleanup();
    await wired.controller.linkChosen(JEANNE.url);
    await renderThisProfile(wired, { source: 'link' });
    await screen.findByRole('heading');
    expect(screen.queryByRole('button', { name: 'This page was read wrong' })).toBeNull();
  });
});
