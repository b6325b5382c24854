import { describe, expect, it } from 'vitest';
import { WAITING_MS } from '../../../lib/background/tab-invitations';
import { HERE_TEXT } from '../../../lib/invitations/badge';
import { profileSlug } from '../../../lib/network/profile-url';
import { actionsItem, assistPausedItem, sentLogItem, settingsItem } from '../../../lib/store/storage';
import { configure, contentSender, controllerWithSandbox, openedIn } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

describe('requests from the content script', () => {
  async function ready() {
    const wired = controllerWithSandbox();
    await configure();
    await wired.controller.poll();
    const actions = (await actionsItem.getValue())!.actions;
    const action = actions.find((a) => a.prospect.name === 'Julien Moreau')!;
    return { ...wired, wired, actions, action, sender: contentSender(`${action.prospect.profileUrl}/details/experience/?x=1`) };
  }

  it('answers the loader the same whatever the ready list holds, and loads no panel on any arrival', async () => {
    const { ask, sender, injected } = await ready();
    const stranger = contentSender('https://www.linkedin.com/in/nobody-here/', 8);
    for (const newDocument of [true, false]) {
      expect(await ask({ type: 'profileSeen', newDocument }, sender)).toEqual({ ok: true, data: null });
      expect(await ask({ type: 'profileSeen', newDocument }, stranger)).toEqual({ ok: true, data: null });
    }
    expect(injected).toEqual([]);
  });

  it('gives the tab’s own badge a mark of its own on a profile whose invitation is ready, and the toolbar’s elsewhere', async () => {
    const { ask, sender, tabBadges, badges } = await ready();
    await ask({ type: 'profileSeen', newDocument: true }, sender);
    await ask({ type: 'profileSeen', newDocument: true }, contentSender('https://www.linkedin.com/in/nobody-here/', 8));
    await ask({ type: 'profileSeen' }, contentSender('https://www.linkedin.com/feed/', 9));
    const count = badges.at(-1)!.text;
    expect(count).toMatch(/^\d+\+?$/);
    expect(tabBadges).toEqual([
      [7, HERE_TEXT],
      [8, count],
      [9, count],
    ]);
  });

  it('keeps every network tab’s badge in step with the ready list at each poll, and leaves the page to itself', async () => {
    const { wired, controller, action, tabBadges, sandbox } = await ready();
    wired.platform.tabs = [
      { id: 3, url: `${action.prospect.profileUrl}/` },
      { id: 4, url: 'https://www.linkedin.com/feed/' },
    ];
    await controller.poll();
    expect(tabBadges.filter(([id]) => id === 3).at(-1)).toEqual([3, HERE_TEXT]);
    expect(tabBadges.filter(([id]) => id === 4).at(-1)![1]).toMatch(/^\d+\+?$/);
    // Marked elsewhere (another browser): at the next poll the tab shows the toolbar's count again.
    sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.id === action.id)!.status = 'sent';
    await controller.poll();
    expect(tabBadges.filter(([id]) => id === 3).at(-1)![1]).toMatch(/^\d+\+?$/);
    expect(wired.injected).toEqual([]);
  });

  it('loads the panel on a tab the extension opened for the invitation, once that tab shows its profile, and on no other', async () => {
    const { ask, action, injected, opened } = await ready();
    expect(await ask({ type: 'openProfile', actionId: action.id })).toEqual({ ok: true, data: null });
    expect(opened).toEqual([`${action.prospect.profileUrl}/`]);
    // Another tab on the same profile, and the new tab before its profile's document: nothing.
    await ask({ type: 'profileSeen', newDocument: true }, contentSender(action.prospect.profileUrl!, 9));
    expect(injected).toEqual([]);
    await ask({ type: 'profileSeen', newDocument: true }, contentSender(action.prospect.profileUrl!, 101));
    expect(injected).toEqual([101]);
    expect(await ask({ type: 'panelView' }, contentSender(action.prospect.profileUrl!, 9))).toMatchObject({ data: { action: null } });
  });

  it('gives the panel only what concerns its own invitation: no other person, agent, figure, key or address', async () => {
    const { wired, ask, action, actions } = await ready();
    const reply = await ask({ type: 'panelView' }, await openedIn(wired, action));
    expect(reply).toEqual({
      ok: true,
      data: {
        slug: 'julienmoreau',
        action: { id: action.id, message: action.message, prospect: { name: 'Julien Moreau', headline: action.prospect.headline } },
        autoSend: false,
        letMeClick: false,
        overCap: false,
        paused: false,
        agentBlocked: null,
        hasNext: true,
        desk: false,
        deskFromPage: true,
      },
    });
    const text = JSON.stringify(reply);
    for (const other of actions.filter((a) => a.id !== action.id)) expect(text).not.toContain(other.prospect.name!);
    for (const secret of [DEMO_KEY, '127.0.0.1', action.agentName!, String(actions.length)]) expect(text).not.toContain(secret);
  });

  it('tells the panel when the desk is open in its tab’s window (it then draws nothing), and only for that window', async () => {
    const { wired, ask, action } = await ready();
    const sender = await openedIn(wired, action);
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { desk: false } });
    wired.platform.desks = new Set([2]);
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { desk: false } });
    wired.platform.desks = new Set([1, 2]);
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { desk: true, action: { id: action.id } } });
  });

  it('tells the panel which profile its tab shows, from the sender and not the page', async () => {
    const { wired, ask, action } = await ready();
    const sender = await openedIn(wired, action, 7, `${action.prospect.profileUrl}/details/experience/?x=1`);
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { slug: 'julienmoreau', action: { id: action.id } } });
    expect(await ask({ type: 'panelView' }, contentSender('https://www.linkedin.com/in/Nobody-Here/details/', 7))).toMatchObject({
      data: { slug: 'nobody-here', action: null },
    });
  });

  it('marks the assisted outcome with its metadata, only for the invitation the tab was brought to, the note in the page’s box beside it', async () => {
    const { wired, ask, sandbox, action, actions } = await ready();
    const sender = await openedIn(wired, action);
    const details = { noteIncluded: true, noteLength: 21, stateBefore: 'connect-in-more', pageLanguage: 'fr', noteInDialog: 'Rewritten in the page' };
    const other = actions.find((a) => a.id !== action.id)!;
    expect(await ask({ type: 'markAssisted', actionId: other.id, outcome: 'sent', details }, sender)).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(sandbox.action(other.id)?.status).toBe('ready');
    expect(await ask({ type: 'markAssisted', actionId: action.id, outcome: 'sent', details }, sender)).toEqual({ ok: true, data: { state: 'saved' } });
    expect(sandbox.action(action.id)).toMatchObject({
      message: action.message,
      metadata: {
        method: 'assisted',
        note_included: true,
        note_length: 21,
        page_state_before: 'connect-in-more',
        page_language: 'fr',
        note_in_dialog: 'Rewritten in the page',
      },
    });
    expect(await sentLogItem.getValue()).toHaveLength(1);
  });

  it('refuses page requests from a content script, and content requests from other frames or origins', async () => {
    const { ask, sender, fetchSpy } = await ready();
    const calls = fetchSpy.mock.calls.length;
    expect(await ask({ type: 'getCredentials' }, sender)).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(await ask({ type: 'verifyKey' }, sender)).toMatchObject({ ok: false });
    expect(await ask({ type: 'openProfile', actionId: 'na_x' }, sender)).toMatchObject({ ok: false });
    expect(await ask({ type: 'prepareHere', slug: 'julienmoreau' }, sender)).toMatchObject({ ok: false });
    expect(await ask({ type: 'profileSeen' }, { ...sender, frameId: 3 })).toMatchObject({ ok: false, error: { message: 'Sender not allowed' } });
    expect(await ask({ type: 'profileSeen' }, { ...sender, url: 'http://www.linkedin.com/in/x/' })).toMatchObject({ ok: false });
    expect(await ask({ type: 'profileSeen' }, { ...sender, url: 'https://linkedin.com.evil.example/in/x/' })).toMatchObject({ ok: false });
    expect(fetchSpy.mock.calls.length).toBe(calls);
  });

  it('opens the next ready profile in the same tab, without naming it, and brings its panel there', async () => {
    const { wired, ask, action, navigated, injected } = await ready();
    const sender = await openedIn(wired, action);
    expect(await ask({ type: 'openNext' }, sender)).toEqual({ ok: true, data: { opened: true } });
    expect(navigated[0]![0]).toBe(7);
    expect(navigated[0]![1]).toMatch(/^https:\/\/www\.linkedin\.com\/in\/.+\/$/);
    expect(navigated[0]![1]).not.toContain('julienmoreau');
    const before = injected.length;
    await ask({ type: 'profileSeen', newDocument: true }, contentSender(navigated[0]![1], 7));
    expect(injected.slice(before)).toEqual([7]);
    expect(await ask({ type: 'panelView' }, contentSender(navigated[0]![1], 7))).toMatchObject({ data: { action: { id: expect.any(String) } } });
  });

  it('offers no next invitation when no other ready action has a profile to open', async () => {
    const { wired, ask, action } = await ready();
    const snapshot = (await actionsItem.getValue())!;
    const others = snapshot.actions.filter((a) => a.id !== action.id).map((a) => ({ ...a, prospect: { ...a.prospect, profileUrl: undefined } }));
    await actionsItem.setValue({ ...snapshot, actions: [action, ...others] });
    const sender = await openedIn(wired, action);
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { hasNext: false } });
    expect(await ask({ type: 'openNext' }, sender)).toEqual({ ok: true, data: { opened: false } });
  });

  it('pauses assisted sends for the session when the page says the weekly limit is reached', async () => {
    const { wired, ask, action } = await ready();
    const sender = await openedIn(wired, action);
    await ask({ type: 'weeklyLimitReached' }, sender);
    expect(await assistPausedItem.getValue()).toBe(true);
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { paused: true } });
  });

  it('says, without a figure, that one more invitation goes past the weekly cap the person set', async () => {
    const { wired, ask, action } = await ready();
    await settingsItem.setValue({ ...(await settingsItem.getValue()), weeklyCap: 1 });
    await sentLogItem.setValue([wired.sandbox.now() - 1000]);
    const reply = await ask({ type: 'panelView' }, await openedIn(wired, action));
    expect(reply).toMatchObject({ data: { overCap: true } });
    expect(JSON.stringify(reply)).not.toMatch(/"(sent|cap)"/);
  });
});

describe('a profile whose invitation is beyond the polled page', () => {
  /** 40 ready actions: the poll reads 25, the 30th is on the profile the tab shows. */
  async function thirtieth(options: { now?: () => number } = {}) {
    const wired = controllerWithSandbox(options);
    const account = wired.sandbox.accounts.get(DEMO_KEY)!;
    const template = account.actions.find((a) => a.status === 'ready' && a.agent_id !== 'ag_H1cJ5yUoDq')!;
    const base = Math.max(...account.actions.map((a) => a.created_at));
    for (let i = 0; i < 40; i++) {
      account.actions.push({
        ...template,
        id: `na_more_${i}`,
        created_at: base + 1000 * (i + 1),
        contact: { ...template.contact, network_url: `https://www.linkedin.com/in/more-${i}` },
      });
    }
    await configure();
    await wired.controller.poll();
    const page = (await actionsItem.getValue())!;
    const slugs = new Set(page.actions.map((a) => a.prospect.profileUrl));
    const beyond = account.actions.filter((a) => a.status === 'ready' && !slugs.has(a.contact.network_url));
    return { ...wired, wired, page, target: beyond[4]!, sender: contentSender(`${beyond[4]!.contact.network_url}/`, 9) };
  }

  it('reads further before the tab’s badge says there is nothing here, and the panel brought there can record its outcome', async () => {
    const { wired, ask, page, target, sender, tabBadges, sandbox } = await thirtieth();
    expect(page.full).toBe(true);
    expect(page.actions.some((a) => a.id === target.id)).toBe(false);
    expect(await ask({ type: 'profileSeen', newDocument: true }, sender)).toEqual({ ok: true, data: null });
    expect(tabBadges).toEqual([[9, HERE_TEXT]]);
    wired.platform.tab = { id: 9, url: sender.tab.url };
    expect(await ask({ type: 'prepareHere', slug: profileSlug(target.contact.network_url)! })).toEqual({ ok: true, data: null });
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ ok: true, data: { action: { id: target.id } } });
    const details = { noteIncluded: false, noteLength: 0, stateBefore: 'connect', pageLanguage: 'en' };
    expect(await ask({ type: 'markAssisted', actionId: target.id, outcome: 'sent', details }, sender)).toMatchObject({ ok: true });
    expect(sandbox.action(target.id)?.status).toBe('sent');
  });

  it('reads further at most once a minute', async () => {
    const { ask, fetchSpy } = await thirtieth();
    const before = fetchSpy.mock.calls.length;
    for (let i = 0; i < 5; i++) await ask({ type: 'profileSeen' }, contentSender(`https://www.linkedin.com/in/nobody-${i}/`, 10 + i));
    expect(fetchSpy.mock.calls.length - before).toBe(1);
  });

  it('reads further again within a minute after the clock is set back hours, not hours later', async () => {
    let now = Date.UTC(2026, 10, 20, 9);
    const { ask, fetchSpy } = await thirtieth({ now: () => now });
    await ask({ type: 'profileSeen' }, contentSender('https://www.linkedin.com/in/nobody-0/', 10));
    const before = fetchSpy.mock.calls.length;
    now -= 5 * 3_600_000;
    await ask({ type: 'profileSeen' }, contentSender('https://www.linkedin.com/in/nobody-1/', 11));
    now += 61_000;
    await ask({ type: 'profileSeen' }, contentSender('https://www.linkedin.com/in/nobody-2/', 12));
    expect(fetchSpy.mock.calls.length - before).toBe(2);
  });
});

describe('the invitation a tab was brought to, while it shows that prospect', () => {
  const details = { noteIncluded: true, noteLength: 10, stateBefore: 'connect-in-more', pageLanguage: 'en' } as const;

  async function shown() {
    const wired = controllerWithSandbox();
    await configure();
    await wired.controller.poll();
    const [first, second] = (await actionsItem.getValue())!.actions.filter((a) => a.agentId !== 'ag_H1cJ5yUoDq');
    const tab = await openedIn(wired, first!, 11);
    const elsewhere = (url: string) => contentSender(url, 11);
    return { ...wired, first: first!, second: second!, tab, elsewhere };
  }

  it('ends when the tab shows anything else: coming back to the profile by a link brings no panel and takes no mark', async () => {
    const { ask, sandbox, first, tab, elsewhere, injected } = await shown();
    expect(injected).toEqual([11]);
    await ask({ type: 'profileSeen' }, elsewhere('https://www.linkedin.com/feed/'));
    await ask({ type: 'profileSeen' }, tab);
    expect(injected).toEqual([11]);
    expect(await ask({ type: 'panelView' }, tab)).toMatchObject({ data: { action: null } });
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, tab)).toMatchObject({ ok: false });
    expect(sandbox.action(first.id)?.status).toBe('ready');
  });

  it('keeps it when the loader of the document on screen first speaks just after the grant (it runs at document_idle)', async () => {
    const { ask, first, tab } = await shown();
    await ask({ type: 'profileSeen', newDocument: true }, tab);
    expect(await ask({ type: 'panelView' }, tab)).toMatchObject({ data: { action: { id: first.id } } });
  });

  it('ends with a new document on the same profile (a reload, Back, a link the page loads)', async () => {
    const { ask, first, tab, injected } = await shown();
    // The document on screen's loader has spoken; then another document loads.
    await ask({ type: 'profileSeen' }, tab);
    await ask({ type: 'profileSeen', newDocument: true }, tab);
    expect(injected).toEqual([11]);
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, tab)).toMatchObject({ ok: false });
  });

  it('ends when the page rewrites its address to another prospect’s: no mark for either from that tab', async () => {
    const { ask, sandbox, first, second, elsewhere } = await shown();
    const rewritten = elsewhere(second.prospect.profileUrl!);
    await ask({ type: 'profileSeen' }, rewritten);
    for (const a of [first, second]) {
      expect(await ask({ type: 'markAssisted', actionId: a.id, outcome: 'sent', details }, rewritten)).toMatchObject({ ok: false });
      expect(sandbox.action(a.id)?.status).toBe('ready');
    }
  });

  it('is refused from another tab, which was never brought to it, and forgotten when its tab closes', async () => {
    const { ask, controller, first, tab } = await shown();
    const otherTab = contentSender(first.prospect.profileUrl!, 12);
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, otherTab)).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    await controller.tabClosed(11);
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, tab)).toMatchObject({ ok: false });
  });

  it('lapses when the tab the extension navigated does not arrive there within two minutes', async () => {
    let now = Date.UTC(2026, 10, 20, 9);
    const wired = controllerWithSandbox({ now: () => now });
    await configure();
    await wired.controller.poll();
    const [first] = (await actionsItem.getValue())!.actions;
    const tab = await openedIn(wired, first!, 11);
    expect(await wired.ask({ type: 'openNext' }, tab)).toEqual({ ok: true, data: { opened: true } });
    now += WAITING_MS;
    await wired.ask({ type: 'profileSeen', newDocument: true }, contentSender(wired.navigated[0]![1], 11));
    expect(wired.injected).toEqual([11]);
  });
});

describe("what a content script is told of the service's failures", () => {
  const details = { noteIncluded: false, noteLength: 0, stateBefore: 'connect', pageLanguage: 'en' } as const;

  it.each([
    ['a network failure that names the address', () => Promise.reject(new TypeError('Failed to fetch http://127.0.0.1:8787/api/network/actions/x/sent'))],
    [
      'a refusal whose page quotes the address',
      () =>
        Promise.resolve(new Response('{"success":false,"error":"Unknown route http://127.0.0.1:8787/api/network (see 127.0.0.1:8787/docs)"}', { status: 409 })),
    ],
  ])('never carries the address, in the sentence or the details: %s', async (_case, answer) => {
    const wired = controllerWithSandbox();
    await configure();
    await wired.controller.poll();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.prospect.name === 'Julien Moreau')!;
    const sender = await openedIn(wired, action);
    wired.platform.fetch = answer as typeof fetch;
    const reply = await wired.ask({ type: 'markAssisted', actionId: action.id, outcome: 'sent', details }, sender);
    const text = JSON.stringify(reply);
    expect(text).toMatch(/the service/);
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('8787');
  });

  it('removes the address from any reply, whatever its form, and leaves the rest as it was', async () => {
    const { withoutAddress } = await import('../../../lib/background/content-requests');
    const reply = {
      ok: false,
      error: {
        kind: 'permission',
        message: 'No host permission for https://API.Service.example:8443',
        origin: 'https://api.service.example:8443',
        said: 'see "api.service.example"',
      },
    };
    expect(withoutAddress(reply, 'https://api.service.example:8443/base')).toEqual({
      ok: false,
      error: { kind: 'permission', message: 'No host permission for the service', said: 'see "the service"' },
    });
  });
});
