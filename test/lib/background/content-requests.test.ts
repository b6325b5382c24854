import { describe, expect, it } from 'vitest';
import { actionsItem, assistPausedItem, sentLogItem } from '../../../lib/storage';
import { configure, contentSender, controllerWithSandbox } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

describe('requests from the content script', () => {
  async function ready() {
    const wired = controllerWithSandbox();
    await configure();
    await wired.controller.poll();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.prospect.name === 'Julien Moreau')!;
    return { ...wired, action, sender: contentSender(`${action.prospect.profileUrl}/details/experience/?x=1`) };
  }

  it('injects the panel only on a profile that has an action', async () => {
    const { ask, action, sender, injected } = await ready();
    expect(await ask({ type: 'profileSeen' }, sender)).toEqual({ ok: true, data: { panel: true } });
    expect(injected).toEqual([7]);
    expect(await ask({ type: 'profileSeen' }, contentSender('https://www.linkedin.com/in/nobody-here/', 8))).toEqual({ ok: true, data: { panel: false } });
    expect(injected).toEqual([7]);
    expect(action.id).toBeTruthy();
  });

  it('gives the panel its view without the key or the service address', async () => {
    const { ask, sender } = await ready();
    const reply = await ask({ type: 'panelView' }, sender);
    expect(reply).toMatchObject({
      ok: true,
      data: { action: { prospect: { name: 'Julien Moreau' } }, autoSend: false, paused: false, hasNext: true, pace: { cap: 100 } },
    });
    const text = JSON.stringify(reply);
    expect(text).not.toContain(DEMO_KEY);
    expect(text).not.toContain('127.0.0.1');
  });

  it('tells the panel which profile its tab shows, from the sender and not the page', async () => {
    const { ask, sender } = await ready();
    expect(sender.tab.url).toContain('/in/julienmoreau/details/');
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { slug: 'julienmoreau' } });
    expect(await ask({ type: 'panelView' }, contentSender('https://www.linkedin.com/in/Nobody-Here/details/', 8))).toMatchObject({
      data: { slug: 'nobody-here', action: null },
    });
  });

  it('marks the assisted outcome with its metadata, only for the action of the sender’s profile', async () => {
    const { ask, sandbox, action, sender } = await ready();
    const details = { noteIncluded: true, noteLength: 42, stateBefore: 'connect-in-more', pageLanguage: 'fr' };
    const other = (await actionsItem.getValue())!.actions.find((a) => a.id !== action.id)!;
    expect(await ask({ type: 'markAssisted', actionId: other.id, outcome: 'sent', details }, sender)).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(sandbox.action(other.id)?.status).toBe('ready');
    expect(await ask({ type: 'markAssisted', actionId: action.id, outcome: 'sent', details }, sender)).toEqual({ ok: true, data: { state: 'saved' } });
    expect(sandbox.action(action.id)?.metadata).toMatchObject({
      method: 'assisted',
      note_included: true,
      note_length: 42,
      page_state_before: 'connect-in-more',
      page_language: 'fr',
    });
    expect(await sentLogItem.getValue()).toHaveLength(1);
  });

  it('refuses page requests from a content script, and content requests from other frames or origins', async () => {
    const { ask, sender, fetchSpy } = await ready();
    const calls = fetchSpy.mock.calls.length;
    expect(await ask({ type: 'getCredentials' }, sender)).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(await ask({ type: 'verifyKey' }, sender)).toMatchObject({ ok: false });
    expect(await ask({ type: 'profileSeen' }, { ...sender, frameId: 3 })).toMatchObject({ ok: false, error: { message: 'Sender not allowed' } });
    expect(await ask({ type: 'profileSeen' }, { ...sender, url: 'http://www.linkedin.com/in/x/' })).toMatchObject({ ok: false });
    expect(await ask({ type: 'profileSeen' }, { ...sender, url: 'https://linkedin.com.evil.example/in/x/' })).toMatchObject({ ok: false });
    expect(fetchSpy.mock.calls.length).toBe(calls);
  });

  it('opens the next ready profile in the same tab', async () => {
    const { ask, sender, navigated } = await ready();
    expect(await ask({ type: 'openNext' }, sender)).toEqual({ ok: true, data: { opened: true } });
    expect(navigated[0]![0]).toBe(7);
    expect(navigated[0]![1]).toMatch(/^https:\/\/www\.linkedin\.com\/in\/.+\/$/);
    expect(navigated[0]![1]).not.toContain('julienmoreau');
  });

  it('offers no next invitation when no other ready action has a profile to open', async () => {
    const { ask, action, sender } = await ready();
    const snapshot = (await actionsItem.getValue())!;
    const others = snapshot.actions.filter((a) => a.id !== action.id).map((a) => ({ ...a, prospect: { ...a.prospect, profileUrl: undefined } }));
    await actionsItem.setValue({ ...snapshot, actions: [action, ...others] });
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { hasNext: false } });
    expect(await ask({ type: 'openNext' }, sender)).toEqual({ ok: true, data: { opened: false } });
  });

  it('pauses assisted sends for the session when the page says the weekly limit is reached', async () => {
    const { ask, sender } = await ready();
    await ask({ type: 'weeklyLimitReached' }, sender);
    expect(await assistPausedItem.getValue()).toBe(true);
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { paused: true } });
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
    return { ...wired, page, target: beyond[4]!, sender: contentSender(`${beyond[4]!.contact.network_url}/`, 9) };
  }

  it('reads further before answering that there is nothing to do, and the panel can record its outcome', async () => {
    const { ask, page, target, sender, injected, sandbox } = await thirtieth();
    expect(page.full).toBe(true);
    expect(page.actions.some((a) => a.id === target.id)).toBe(false);
    expect(await ask({ type: 'profileSeen' }, sender)).toEqual({ ok: true, data: { panel: true } });
    expect(injected).toEqual([9]);
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

describe('the action bound to a tab when its panel showed it', () => {
  const details = { noteIncluded: true, noteLength: 10, stateBefore: 'connect-in-more', pageLanguage: 'en' } as const;

  async function shown() {
    const wired = controllerWithSandbox();
    await configure();
    await wired.controller.poll();
    const [first, second] = (await actionsItem.getValue())!.actions.filter((a) => a.agentId !== 'ag_H1cJ5yUoDq');
    const tab = contentSender(first!.prospect.profileUrl!, 11);
    await wired.ask({ type: 'profileSeen', newDocument: true }, tab);
    await wired.ask({ type: 'panelView' }, tab);
    // The page rewrites its address (history.pushState) to another action's profile.
    const rewritten = contentSender(second!.prospect.profileUrl!, 11);
    return { ...wired, first: first!, second: second!, rewritten };
  }

  it('takes the mark of the action the person prepared after the page rewrote its address', async () => {
    const { ask, sandbox, first, rewritten } = await shown();
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, rewritten)).toMatchObject({ ok: true });
    expect(sandbox.action(first.id)?.status).toBe('sent');
  });

  it('refuses it from another tab, which never showed that action', async () => {
    const { ask, sandbox, first, second } = await shown();
    const otherTab = contentSender(second.prospect.profileUrl!, 12);
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, otherTab)).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(sandbox.action(first.id)?.status).toBe('ready');
  });

  it('forgets it when the tab loads a new document, and when the tab closes', async () => {
    const { ask, controller, first, rewritten } = await shown();
    await ask({ type: 'profileSeen', newDocument: true }, rewritten);
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, rewritten)).toMatchObject({ ok: false });
    await ask({ type: 'panelView' }, contentSender(first.prospect.profileUrl!, 11));
    await controller.tabClosed(11);
    expect(await ask({ type: 'markAssisted', actionId: first.id, outcome: 'sent', details }, rewritten)).toMatchObject({ ok: false });
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
    wired.platform.fetch = answer as typeof fetch;
    const reply = await wired.ask({ type: 'markAssisted', actionId: action.id, outcome: 'sent', details }, contentSender(action.prospect.profileUrl!));
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
