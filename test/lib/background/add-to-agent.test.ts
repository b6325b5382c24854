import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNoTarget } from '../../../lib/add-contact/target';
import { configure, contentSender, controllerWithSandbox } from '../../helpers/controller';
import { A0, A1, A2 } from '../../sandbox/helpers';
import { DEMO_KEY } from '../../sandbox/seed';
import { fakeClock, settle } from '../../helpers/fake-clock';

const JEANNE = 'https://www.linkedin.com/in/jeanne-durand-8c2f1/details/experience/';

async function wired(tab: { url?: string; title?: string } | null = { url: JEANNE, title: '(2) Jeanne Durand | LinkedIn' }) {
  const w = controllerWithSandbox();
  await configure();
  w.platform.tab = tab;
  const contacts = () => w.sandbox.accounts.get(DEMO_KEY)!.book.contacts;
  return { ...w, contacts };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the desk’s look-up of the profile its tab shows', () => {
  const OTHER = 'https://www.linkedin.com/in/camille-lefevre-1/';

  it('looks a profile up only after the person stayed on it 1 s; nothing for one left sooner', async () => {
    const w = await wired(null);
    w.platform.byId = { 7: { url: JEANNE, title: 'Jeanne Durand | LinkedIn' } };
    const requests = () => w.fetchSpy.mock.calls.length;
    const before = requests();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let answer: unknown;
    void w.ask({ type: 'profileTarget', source: 'tab', tabId: 7 }).then((r) => (answer = r));
    await vi.advanceTimersByTimeAsync(999);
    expect(answer).toBeUndefined();
    expect(requests()).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(answer).toMatchObject({ ok: true, data: { slug: 'jeanne-durand-8c2f1' } }));

    // The page rewrites its address to another profile, and away again within the second.
    answer = undefined;
    const after = requests();
    w.platform.byId = { 7: { url: OTHER, title: 'Camille | LinkedIn' } };
    void w.ask({ type: 'profileTarget', source: 'tab', tabId: 7 }).then((r) => (answer = r));
    await vi.advanceTimersByTimeAsync(500);
    w.platform.byId = { 7: { url: JEANNE, title: 'Jeanne Durand | LinkedIn' } };
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(answer).toEqual({ ok: true, data: null }));
    expect(requests()).toBe(after);
  });
});

describe('adding the profile the person is on to an agent', () => {
  it('takes the profile from the active tab, normalised, with the name of its title', async () => {
    const { ask } = await wired();
    const reply = await ask({ type: 'profileTarget', source: 'tab' });
    expect(reply).toEqual({
      ok: true,
      data: {
        slug: 'jeanne-durand-8c2f1',
        url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1',
        identifier: 'network-profile:jeanne-durand-8c2f1',
        name: 'Jeanne Durand',
        invitation: null,
        preparing: null,
      },
    });
  });

  it('offers the invitation of ours that is ready for the profile', async () => {
    const w = await wired(null);
    await w.controller.poll();
    const camille = w.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === 'Camille')!;
    w.platform.tab = { url: camille.contact.network_url, title: 'Camille Lefèvre | LinkedIn' };
    const reply = await w.ask({ type: 'profileTarget', source: 'tab' });
    expect(reply).toMatchObject({ ok: true, data: { invitation: { id: camille.id } } });
  });

  it('says an invitation of ours is being prepared (pending or generating) for the profile, and by which agent', async () => {
    const w = await wired(null);
    const account = w.sandbox.accounts.get(DEMO_KEY)!;
    const readySlugs = new Set(account.actions.filter((a) => a.status === 'ready').map((a) => a.contact.network_url));
    for (const status of ['pending', 'generating'] as const) {
      const action = account.actions.find((a) => a.status === status && !readySlugs.has(a.contact.network_url))!;
      w.platform.tab = { url: `${action.contact.network_url}/`, title: `${action.contact.firstname} | LinkedIn` };
      const reply = await w.ask({ type: 'profileTarget', source: 'tab' });
      const agent = account.agents.find((a) => a.id === action.agent_id)!;
      expect([status, reply]).toMatchObject([status, { ok: true, data: { invitation: null, preparing: { agentName: agent.name } } }]);
    }
  });

  it('reads the invitations being prepared once for several profiles, the first 100 of each status, and again after five minutes', async () => {
    let now = Date.parse('2026-03-02T09:00:00Z');
    const w = controllerWithSandbox({ now: () => now });
    await configure();
    const reads = () =>
      w.fetchSpy.mock.calls
        .map(([input]) => new URL(String(input)))
        .filter((u) => u.pathname.endsWith('/network/actions') && u.searchParams.get('status') !== 'ready');
    for (const url of [JEANNE, 'https://www.linkedin.com/in/someone-else/']) {
      w.platform.tab = { url };
      expect(await w.ask({ type: 'profileTarget', source: 'tab' })).toMatchObject({ ok: true, data: { preparing: null } });
    }
    // The two statuses are read together: in either order.
    expect(reads().map((u) => [u.searchParams.get('status'), u.searchParams.get('limit')])).toEqual(
      expect.arrayContaining([
        ['pending', '100'],
        ['generating', '100'],
      ]),
    );
    expect(reads()).toHaveLength(2);
    now += 5 * 60_000;
    await w.ask({ type: 'profileTarget', source: 'tab' });
    expect(reads()).toHaveLength(4);
  });

  it('does not look for an invitation being prepared for a known contact, nor for one with a ready invitation', async () => {
    const w = await wired();
    const { knownContactsItem } = await import('../../../lib/store/storage');
    await knownContactsItem.setValue({ 'jeanne-durand-8c2f1': { at: w.sandbox.now(), contact: { id: 'ld_1', status: 'nurture' } } });
    expect(await w.ask({ type: 'profileTarget', source: 'tab' })).toMatchObject({ ok: true, data: { preparing: null } });
    await w.controller.poll();
    const camille = w.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === 'Camille')!;
    w.platform.tab = { url: camille.contact.network_url };
    expect(await w.ask({ type: 'profileTarget', source: 'tab' })).toMatchObject({ ok: true, data: { invitation: { id: camille.id }, preparing: null } });
    expect(w.fetchSpy.mock.calls.filter(([input]) => /status=(pending|generating)/.test(String(input)))).toEqual([]);
  });

  it('says nothing of invitations being prepared when they cannot be read, and answers with the profile', async () => {
    const w = await wired();
    w.sandbox.faults = { down: true };
    expect(await w.ask({ type: 'profileTarget', source: 'tab' })).toMatchObject({ ok: true, data: { slug: 'jeanne-durand-8c2f1', preparing: null } });
  });

  it('is nothing on a page that is not a profile', async () => {
    const { ask } = await wired({ url: 'https://www.linkedin.com/feed/', title: 'Feed | LinkedIn' });
    expect(await ask({ type: 'profileTarget', source: 'tab' })).toEqual({ ok: true, data: null });
  });

  it('adds with the address and identifier from the tab, and a second add of the same person creates nothing new', async () => {
    // The second add waits the second between writes: on a fake clock.
    fakeClock();
    const { ask, contacts } = await wired();
    const before = contacts().length;
    const first = await settle(
      ask({
        type: 'addToAgent',
        source: 'tab',
        slug: 'jeanne-durand-8c2f1',
        agentId: A0,
        aiContext: 'Met at VivaTech',
        custom: { custom_offre: 'audit' },
      }),
    );
    expect(first).toMatchObject({ ok: true, data: { state: 'saved', answer: expect.anything() } });
    expect(contacts().length).toBe(before + 1);
    expect(contacts().at(-1)).toMatchObject({
      agent_id: A0,
      network_url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1',
      identifier: 'network-profile:jeanne-durand-8c2f1',
      ai_context: 'Met at VivaTech',
      custom_variables: { custom_offre: 'audit' },
    });
    const again = await settle(ask({ type: 'addToAgent', source: 'tab', slug: 'jeanne-durand-8c2f1', agentId: A1, custom: {} }));
    expect(again).toMatchObject({ ok: false, error: { kind: 'validation', fields: { identifier: expect.stringMatching(/taken/) } } });
    expect(contacts().length).toBe(before + 1);
  });

  it('remembers the add before answering, so a popup closed at once still says "Already added" next time', async () => {
    const { ask } = await wired();
    const { addedProfilesItem } = await import('../../../lib/store/storage');
    // As the popup does: the form is shown (the account read) before the add.
    await ask({ type: 'profileTarget', source: 'tab' });
    await ask({ type: 'addToAgent', source: 'tab', slug: 'jeanne-durand-8c2f1', agentId: A1, custom: {} });
    expect((await addedProfilesItem.getValue())['jeanne-durand-8c2f1']).toMatchObject({ agentId: A1, agentName: expect.any(String) });
  });

  it('answers an add that was made as made, even when remembering it fails', async () => {
    const { ask, contacts } = await wired();
    const before = contacts().length;
    const { fakeBrowser } = await import('wxt/testing/fake-browser');
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    fakeBrowser.storage.local.set = (items) => ('addedProfiles' in items ? Promise.reject(new Error('storage full')) : set(items));
    try {
      const reply = await ask({ type: 'addToAgent', source: 'tab', slug: 'jeanne-durand-8c2f1', agentId: A1, custom: {} });
      expect(reply).toMatchObject({ ok: true, data: { state: 'saved' } });
    } finally {
      fakeBrowser.storage.local.set = set;
    }
    expect(contacts().length).toBe(before + 1);
  });

  it('answers a missing required variable with its field, and keeps no refused copy in the outbox', async () => {
    const { ask, contacts } = await wired();
    const before = contacts().length;
    const reply = await ask({ type: 'addToAgent', source: 'tab', slug: 'jeanne-durand-8c2f1', agentId: A0, custom: {} });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation', fields: { custom_offre: expect.any(String) }, missingFields: ['custom_offre'] } });
    expect(contacts().length).toBe(before);
    expect(await ask({ type: 'profileTarget', source: 'tab' })).toMatchObject({ ok: true });
    const { outboxView } = await import('../../../lib/outbox/store');
    expect((await outboxView.getValue()).dead).toEqual([]);
  });

  it('says a paused agent cannot take the contact', async () => {
    const { ask } = await wired();
    expect(await ask({ type: 'addToAgent', source: 'tab', slug: 'jeanne-durand-8c2f1', agentId: A2, custom: { custom_salon: 'Lyon' } })).toMatchObject({
      ok: false,
      error: { kind: 'agent-paused' },
    });
  });

  it('adds nothing when the active tab is not a profile, whatever the form says, and says why by a code the form puts in words', async () => {
    const { ask, contacts } = await wired({ url: 'https://www.linkedin.com/company/acme/' });
    const before = contacts().length;
    const reply = await ask({
      type: 'addToAgent',
      source: 'tab',
      slug: 'jeanne-durand-8c2f1',
      agentId: A1,
      custom: { network_url: 'https://www.linkedin.com/in/someone' },
    });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request', request: { field: 'network_url', problem: 'empty' } } });
    expect(!reply.ok && isNoTarget(reply.error)).toBe(true);
    expect(contacts().length).toBe(before);
  });

  it('adds the person the form showed, and no one when the tab now shows someone else (a page that rewrote its address)', async () => {
    const w = await wired();
    const before = w.contacts().length;
    expect(await w.ask({ type: 'profileTarget', source: 'tab' })).toMatchObject({ ok: true, data: { slug: 'jeanne-durand-8c2f1' } });
    // Between showing the form and pressing Add, the page rewrote its address to another profile.
    w.platform.tab = { url: 'https://www.linkedin.com/in/someone-else/', title: 'Jeanne Durand | LinkedIn' };
    const reply = await w.ask({ type: 'addToAgent', source: 'tab', slug: 'jeanne-durand-8c2f1', agentId: A1, custom: {} });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request', request: { field: 'shownProfile' } } });
    expect(w.contacts().length).toBe(before);
    expect(w.contacts().some((c) => c.network_url?.includes('someone-else'))).toBe(false);
    expect(await w.ask({ type: 'addToAgent', source: 'tab', agentId: A1, custom: {} })).toMatchObject({ ok: false, error: { message: 'Malformed request' } });
  });

  it('is not offered to a content script of the network’s pages', async () => {
    const { ask, contacts } = await wired();
    const before = contacts().length;
    const reply = await ask({ type: 'addToAgent', source: 'tab', slug: 'jeanne-durand-8c2f1', agentId: A1, custom: {} }, contentSender(JEANNE));
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(contacts().length).toBe(before);
  });

  it('opens the form for a profile link chosen from the context menu, and ignores other links', async () => {
    const w = await wired(null);
    await w.controller.linkChosen('https://www.linkedin.com/company/acme/');
    expect(w.addWindows).toHaveLength(0);
    await w.controller.linkChosen('https://www.linkedin.com/in/hannah-becker-fin?miniProfileUrn=x');
    expect(w.addWindows).toHaveLength(1);
    expect(await w.ask({ type: 'profileTarget', source: 'link' })).toMatchObject({
      ok: true,
      data: { slug: 'hannah-becker-fin', url: 'https://www.linkedin.com/in/hannah-becker-fin' },
    });
  });
});
