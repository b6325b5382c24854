import { describe, expect, it, vi } from 'vitest';
import { createController } from '../../../lib/background/controller';
import { accountItem, actionsItem, apiKeyItem, assistPausedItem, DEFAULT_SETTINGS, outboxItem, sentLogItem, verificationItem, keyRejectedItem, rateLimitItem, routesItem, settingsItem, syncStatusItem } from '../../../lib/storage';
import { configure, contentSender, controllerWithSandbox, EXTENSION_ID, POPUP_SENDER } from '../../helpers/controller';
import { DEMO_KEY, OTHER_KEY } from '../../sandbox/seed';

function readyCount(sandbox: { accounts: Map<string, { actions: { status: string }[] }> }) {
  return sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready').length;
}

describe('polling', () => {
  it('makes no request without a key and shows the not-set-up badge', async () => {
    const { controller, fetchSpy, badges } = controllerWithSandbox();
    await controller.poll();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await syncStatusItem.getValue()).state).toBe('not-set-up');
    expect(badges.at(-1)).toMatchObject({ text: '?', title: expect.stringMatching(/not set up/) });
  });

  it('stores the ready actions and shows their count on the badge', async () => {
    const { controller, sandbox, badges, fetchSpy } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const snapshot = await actionsItem.getValue();
    expect(snapshot?.actions).toHaveLength(readyCount(sandbox));
    expect(badges.at(-1)?.text).toBe(String(readyCount(sandbox)));
    const url = new URL(String(fetchSpy.mock.calls[0]![0]));
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'ready', limit: '25' });
  });

  it('shows "25+" when the page is full', async () => {
    const { controller, sandbox, badges } = controllerWithSandbox();
    const account = sandbox.accounts.get(DEMO_KEY)!;
    for (const a of account.actions) a.status = 'ready';
    await configure();
    await controller.poll();
    expect(badges.at(-1)?.text).toBe('25+');
  });

  it('passes the agent filter', async () => {
    const { controller, fetchSpy, sandbox } = controllerWithSandbox();
    await configure();
    await settingsItem.setValue({ ...(await settingsItem.getValue()), agentFilter: 'ag_R4tVw8ZbNe' });
    await controller.poll();
    expect(String(fetchSpy.mock.calls[0]![0])).toContain('agent_filter=ag_R4tVw8ZbNe');
    const listed = (await actionsItem.getValue())!.actions;
    expect(listed.every((a) => sandbox.action(a.id)?.agent_id === 'ag_R4tVw8ZbNe')).toBe(true);
  });

  it('stops polling after a 401 until the key changes', async () => {
    const { controller, fetchSpy, badges, ask } = controllerWithSandbox();
    await configure('wrong-key');
    await controller.poll();
    expect(await keyRejectedItem.getValue()).toBe(true);
    expect(badges.at(-1)).toMatchObject({ text: '!', title: expect.stringMatching(/rejected/) });
    await controller.poll();
    await controller.poll();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await ask({ type: 'saveCredentials', baseUrl: 'http://127.0.0.1:8787', apiKey: DEMO_KEY });
    await controller.poll();
    expect(await keyRejectedItem.getValue()).toBe(false);
    expect((await syncStatusItem.getValue()).state).toBe('ok');
  });

  it('keeps the last list and says offline when the service cannot be reached', async () => {
    const { controller, platform, badges } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const count = (await actionsItem.getValue())!.actions.length;
    platform.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await controller.poll();
    expect((await syncStatusItem.getValue()).state).toBe('offline');
    expect((await actionsItem.getValue())!.actions).toHaveLength(count);
    expect(badges.at(-1)?.text).toBe(String(count));
  });

  it('reports a missing host permission instead of requesting', async () => {
    const { controller, fetchSpy } = controllerWithSandbox({ permission: false });
    await configure();
    await controller.poll();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await syncStatusItem.getValue()).error?.kind).toBe('permission');
  });

  it('runs one request when polls overlap', async () => {
    const { controller, fetchSpy } = controllerWithSandbox();
    await configure();
    await Promise.all([controller.poll(), controller.poll(), controller.poll()]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('records the service rate-limit headers', async () => {
    const { controller } = controllerWithSandbox();
    await configure();
    await controller.poll();
    expect(await rateLimitItem.getValue()).toMatchObject({ limit: 100, remaining: 99 });
  });

  it('schedules the alarm with the saved period, never below 30 seconds', async () => {
    const { controller, platform } = controllerWithSandbox();
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, pollMinutes: 0.1 });
    await controller.start();
    expect(platform.schedulePoll).toHaveBeenCalledWith(0.5);
  });
});

describe('requests from pages', () => {
  it('saves a note on the service and in the stored list', async () => {
    const { controller, ask, sandbox } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const [first] = (await actionsItem.getValue())!.actions;
    expect(await ask({ type: 'saveNote', actionId: first!.id, message: 'Bonjour Camille 👋' })).toEqual({ ok: true, data: { state: 'saved' } });
    expect(sandbox.action(first!.id)?.message).toBe('Bonjour Camille 👋');
    expect((await actionsItem.getValue())!.actions[0]?.message).toBe('Bonjour Camille 👋');
  });

  it('marks sent with metadata, removes the action and decrements the badge', async () => {
    const { controller, ask, sandbox, badges } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const before = readyCount(sandbox);
    const [first] = (await actionsItem.getValue())!.actions;
    expect((await ask({ type: 'markSent', actionId: first!.id })).ok).toBe(true);
    expect(sandbox.action(first!.id)).toMatchObject({
      status: 'sent',
      metadata: { source: 'invitation-assistant-extension', version: '9.9.9', browser: 'chrome', method: 'manual', marked_at: expect.any(String) },
    });
    expect(badges.at(-1)?.text).toBe(String(before - 1));
  });

  it('marks failed with a reason code and text', async () => {
    const { controller, ask, sandbox } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const [first] = (await actionsItem.getValue())!.actions;
    await ask({ type: 'markFailed', actionId: first!.id, reason: 'already_connected', text: ' Connected last week ' });
    expect(sandbox.action(first!.id)).toMatchObject({
      status: 'failed',
      metadata: { reason: 'already_connected', reason_text: 'Connected last week', method: 'manual' },
    });
  });

  it('answers "Agent paused" for an action of the paused agent and keeps it listed', async () => {
    const { controller, ask } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const paused = (await actionsItem.getValue())!.actions.find((a) => a.agentId === 'ag_H1cJ5yUoDq')!;
    const reply = await ask({ type: 'markSent', actionId: paused.id });
    expect(reply).toEqual({ ok: false, error: expect.objectContaining({ kind: 'agent-paused', message: 'Agent paused' }) });
    expect((await actionsItem.getValue())!.actions.some((a) => a.id === paused.id)).toBe(true);
  });

  it('refuses an action the background does not know, without a request', async () => {
    const { controller, ask, fetchSpy } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const reply = await ask({ type: 'markSent', actionId: 'na_forged' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('refuses malformed messages and foreign senders without touching storage', async () => {
    const { ask, fetchSpy } = controllerWithSandbox();
    await configure();
    const forged = [
      { id: 'another-extension', url: 'chrome-extension://another-extension/popup.html' },
      { id: EXTENSION_ID, url: 'https://www.linkedin.com/in/someone/' },
      { id: EXTENSION_ID },
    ];
    for (const sender of forged) expect(await ask({ type: 'getCredentials' }, sender)).toMatchObject({ ok: false });
    for (const message of [null, 'refresh', { type: 'nope' }, { type: 'markSent' }, { type: 'refresh', extra: 1 }]) {
      expect(await ask(message)).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('never returns the key, only its last four characters', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'getCredentials' });
    expect(reply).toEqual({ ok: true, data: { baseUrl: 'http://127.0.0.1:8787', hasKey: true, keyHint: DEMO_KEY.slice(-4) } });
    expect(JSON.stringify(reply)).not.toContain(DEMO_KEY);
  });

  it('verifies the key: the account and its agents on success', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'verifyKey' });
    expect(reply).toMatchObject({ ok: true, data: { user: { name: 'Alex Martin' }, agents: expect.arrayContaining([expect.objectContaining({ status: 'paused', isActive: false })]) } });
    expect((await accountItem.getValue())?.account.agents).toHaveLength(3);
  });

  it('verifies the key: rejected on 401, with one request for simultaneous clicks', async () => {
    const { ask, fetchSpy } = controllerWithSandbox();
    await configure('bad');
    const replies = await Promise.all([ask({ type: 'verifyKey' }), ask({ type: 'verifyKey' })]);
    for (const r of replies) expect(r).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await keyRejectedItem.getValue()).toBe(true);
  });

  it('saving another key forgets the old account and lists the new one', async () => {
    const { controller, ask, sandbox } = controllerWithSandbox();
    await configure();
    await controller.poll();
    await routesItem.setValue({ methods: { markSent: 'PUT' } });
    await ask({ type: 'saveCredentials', baseUrl: 'http://127.0.0.1:8787/api', apiKey: OTHER_KEY });
    await controller.poll();
    expect(await apiKeyItem.getValue()).toBe(OTHER_KEY);
    expect((await settingsItem.getValue()).baseUrl).toBe('http://127.0.0.1:8787');
    const ids = (await actionsItem.getValue())!.actions.map((a) => a.id);
    expect(ids.every((id) => id.startsWith('na_other'))).toBe(true);
    expect(sandbox.log.at(-1)?.authorization).toBe(`Bearer ${OTHER_KEY}`);
    // Same service: what was learnt of its routes still holds.
    expect((await routesItem.getValue()).methods.markSent).toBe('PUT');
  });

  it('refuses a plain-http service address that is not local', async () => {
    const { ask } = controllerWithSandbox();
    const reply = await ask({ type: 'saveCredentials', baseUrl: 'http://service.example', apiKey: 'k' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(await apiKeyItem.getValue()).toBeNull();
  });

  it('opens the profile of a known action', async () => {
    const { controller, ask, opened } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.prospect.name === 'Élodie Garnier')!;
    await ask({ type: 'openProfile', actionId: action.id });
    expect(opened).toEqual(['https://www.linkedin.com/in/%C3%A9lodie-garnier/']);
  });

  it('fetches the weekly statistics', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'getWeeklyStats' });
    expect(reply).toMatchObject({ ok: true, data: { total: expect.any(Number), days: expect.any(Array) } });
  });

  it('accepts the sender of an options page opened in a tab', async () => {
    const { ask } = controllerWithSandbox();
    const reply = await ask({ type: 'getCredentials' }, { ...POPUP_SENDER, url: `chrome-extension://${EXTENSION_ID}/options.html`, tab: { id: 3 } } as never);
    expect(reply.ok).toBe(true);
  });
});

describe('polling while settings change', () => {
  it('polls again with the new agent filter when it changes during a poll', async () => {
    const { controller, ask } = controllerWithSandbox();
    await configure();
    const running = controller.poll();
    await ask({ type: 'saveSettings', pollMinutes: 1, agentFilter: 'ag_R4tVw8ZbNe' });
    await running;
    await controller.poll();
    const snapshot = (await actionsItem.getValue())!;
    expect(snapshot.agentFilter).toBe('ag_R4tVw8ZbNe');
    expect(snapshot.actions.every((a) => a.agentId === 'ag_R4tVw8ZbNe')).toBe(true);
  });
});

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
    expect(reply).toMatchObject({ ok: true, data: { action: { prospect: { name: 'Julien Moreau' } }, autoSend: false, paused: false, hasNext: true, pace: { cap: 100 } } });
    const text = JSON.stringify(reply);
    expect(text).not.toContain(DEMO_KEY);
    expect(text).not.toContain('127.0.0.1');
  });

  it('tells the panel which profile its tab shows, from the sender and not the page', async () => {
    const { ask, sender } = await ready();
    expect(sender.tab.url).toContain('/in/julienmoreau/details/');
    expect(await ask({ type: 'panelView' }, sender)).toMatchObject({ data: { slug: 'julienmoreau' } });
    expect(await ask({ type: 'panelView' }, contentSender('https://www.linkedin.com/in/Nobody-Here/details/', 8))).toMatchObject({ data: { slug: 'nobody-here', action: null } });
  });

  it('marks the assisted outcome with its metadata, only for the action of the sender’s profile', async () => {
    const { ask, sandbox, action, sender } = await ready();
    const details = { noteIncluded: true, noteLength: 42, stateBefore: 'connect-in-more', pageLanguage: 'fr' };
    const other = (await actionsItem.getValue())!.actions.find((a) => a.id !== action.id)!;
    expect(await ask({ type: 'markAssisted', actionId: other.id, outcome: 'sent', details }, sender)).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(sandbox.action(other.id)?.status).toBe('ready');
    expect(await ask({ type: 'markAssisted', actionId: action.id, outcome: 'sent', details }, sender)).toEqual({ ok: true, data: { state: 'saved' } });
    expect(sandbox.action(action.id)?.metadata).toMatchObject({
      method: 'assisted', note_included: true, note_length: 42, page_state_before: 'connect-in-more', page_language: 'fr',
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

describe('writes through the outbox', () => {
  async function ready() {
    const wired = controllerWithSandbox();
    await configure();
    await wired.controller.poll();
    const actions = (await actionsItem.getValue())!.actions.filter((a) => a.agentId !== 'ag_H1cJ5yUoDq');
    return { ...wired, actions };
  }

  it('keeps a mark made offline and delivers it when the service is back, even after a worker restart', async () => {
    const { ask, platform, sandbox, actions } = await ready();
    const real = platform.fetch;
    platform.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const reply = await ask({ type: 'markSent', actionId: actions[0]!.id });
    expect(reply).toMatchObject({ ok: true, data: { state: 'queued', reason: 'Failed to fetch' } });
    expect((await outboxItem.getValue()).entries).toHaveLength(1);
    expect(sandbox.action(actions[0]!.id)?.status).toBe('ready');
    // A new worker: memory gone, storage kept; the deadline has passed; the service is back.
    const restarted = createController({ ...platform, fetch: real, now: () => Date.now() + 10 * 60_000 });
    await restarted.deliver();
    expect(sandbox.action(actions[0]!.id)?.status).toBe('sent');
    expect((await outboxItem.getValue()).entries).toEqual([]);
  });

  it('holds writes after a 401 until the key changes, then sends them with the new key', async () => {
    const { ask, sandbox, actions, controller } = await ready();
    sandbox.accounts.set('rotated-key', { ...sandbox.accounts.get(DEMO_KEY)!, key: 'rotated-key' });
    sandbox.accounts.delete(DEMO_KEY);
    const reply = await ask({ type: 'markFailed', actionId: actions[1]!.id, reason: 'other', text: '' });
    expect(reply).toMatchObject({ ok: true, data: { state: 'queued' } });
    expect((await outboxItem.getValue()).pausedForKey).toBe(true);
    await controller.deliver();
    expect(sandbox.accounts.get('rotated-key')!.actions.find((a) => a.id === actions[1]!.id)?.status).toBe('ready');
    await ask({ type: 'saveCredentials', baseUrl: 'http://127.0.0.1:8787', apiKey: 'rotated-key' });
    await new Promise((r) => setTimeout(r, 1_200)); // writes are a second apart
    await controller.deliver();
    expect(sandbox.accounts.get('rotated-key')!.actions.find((a) => a.id === actions[1]!.id)?.status).toBe('failed');
  });

  it('puts a refused write in the dead-letter list, answers its error, and lets the person retry or discard it', async () => {
    const { ask, controller } = await ready();
    const paused = (await actionsItem.getValue())!.actions.find((a) => a.agentId === 'ag_H1cJ5yUoDq')!;
    expect(await ask({ type: 'saveNote', actionId: paused.id, message: 'x' })).toMatchObject({ ok: false, error: { kind: 'agent-paused' } });
    const [dead] = (await outboxItem.getValue()).dead;
    expect(dead).toMatchObject({ actionId: paused.id, op: 'updateMessage', error: { kind: 'agent-paused', message: 'Agent paused' } });
    await ask({ type: 'retryWrite', entryId: dead!.id });
    await new Promise((r) => setTimeout(r, 1_200)); // writes are a second apart
    await controller.deliver();
    expect((await outboxItem.getValue()).dead).toHaveLength(1);
    await ask({ type: 'discardWrite', entryId: (await outboxItem.getValue()).dead[0]!.id });
    expect((await outboxItem.getValue())).toMatchObject({ dead: [], entries: [] });
  });

  it('spaces writes by a second, and waits that second rather than answering "queued"', async () => {
    const { ask, sandbox, actions } = await ready();
    const [first, second] = await Promise.all([
      ask({ type: 'markSent', actionId: actions[0]!.id }),
      ask({ type: 'markSent', actionId: actions[1]!.id }),
    ]);
    expect([first, second]).toMatchObject([{ data: { state: 'saved' } }, { data: { state: 'saved' } }]);
    const writes = sandbox.log.filter((l) => l.route === 'markSent').map((l) => l.at);
    expect(writes).toHaveLength(2);
    expect(writes[1]! - writes[0]!).toBeGreaterThanOrEqual(1_000);
  });
});

describe('key verification budget (spec 001)', () => {
  it('does not verify again when nothing changed', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    await ask({ type: 'verifyKey' });
    await ask({ type: 'verifyKey' });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(1);
    await configure('bad-key');
    await ask({ type: 'verifyKey' });
    await ask({ type: 'verifyKey' });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(2);
  });

  it('verifies once when the key changes', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await ask({ type: 'saveCredentials', baseUrl: 'http://127.0.0.1:8787', apiKey: DEMO_KEY });
    await vi.waitFor(() => expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(1));
    expect((await accountItem.getValue())?.account.agents).toHaveLength(3);
  });

  it('refuses a 76th verification within 15 minutes, without a request', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    const now = Date.now();
    await verificationItem.setValue({ at: Array.from({ length: 75 }, (_, i) => now - 60_000 + i), last: null });
    const reply = await ask({ type: 'verifyKey' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'rate-limited', retryAfterSeconds: expect.any(Number) } });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(0);
  });
});

describe('faulty service', () => {
  it.each(['html', 'broken-json', 'wrong-shape'] as const)('a %s answer gives a clear error, keeps the list, and drops no write', async (kind) => {
    const { controller, ask, sandbox } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const before = (await actionsItem.getValue())!.actions;
    sandbox.faults = { malformed: kind };
    await controller.poll();
    const status = await syncStatusItem.getValue();
    expect(status).toMatchObject({ state: 'error', error: { kind: 'invalid-response', message: expect.any(String) } });
    expect((await actionsItem.getValue())!.actions).toEqual(before);
    const reply = await ask({ type: 'markSent', actionId: before[0]!.id });
    // The write itself went through (writes read only the success indicator) or waits: never lost.
    const outbox = await outboxItem.getValue();
    const kept = reply.ok && ((reply.data as { state: string }).state === 'saved' || outbox.entries.some((e) => e.actionId === before[0]!.id));
    expect(kept || outbox.dead.some((d) => d.actionId === before[0]!.id)).toBe(true);
  });

  it('a storm of 429 with retry-after blocks reads and writes until then', async () => {
    const { controller, ask, sandbox, fetchSpy } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const [first] = (await actionsItem.getValue())!.actions;
    sandbox.faults = { rateLimitStorm: { retryAfterSeconds: 120 } };
    expect(await ask({ type: 'markSent', actionId: first!.id })).toMatchObject({ ok: true, data: { state: 'queued' } });
    const blocked = (await outboxItem.getValue()).limiter.blockedUntil;
    expect(blocked).toBeGreaterThan(Date.now() + 110_000);
    const calls = fetchSpy.mock.calls.length;
    await controller.poll();
    await controller.deliver();
    expect(fetchSpy.mock.calls.length).toBe(calls);
  });

  it('5xx answers keep the write queued with a later deadline', async () => {
    const { controller, ask, sandbox } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const [first] = (await actionsItem.getValue())!.actions;
    sandbox.faults = { serverErrorRate: 1 };
    expect(await ask({ type: 'markSent', actionId: first!.id })).toMatchObject({ ok: true, data: { state: 'queued' } });
    const [entry] = (await outboxItem.getValue()).entries;
    expect(entry!.notBefore).toBeGreaterThanOrEqual(Date.now() + 59_000);
  });
});

describe('request budget setting', () => {
  it('uses the cap the person set (default 30), up to 100', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    expect((await ask({ type: 'getRateStatus' })) as { data: { resources: { reads: { limit: number } } } }).toMatchObject({ data: { resources: { reads: { limit: 30 } } } });
    expect(await ask({ type: 'saveSettings', requestCap: 101 })).toMatchObject({ ok: false });
    await ask({ type: 'saveSettings', requestCap: 80 });
    expect(await ask({ type: 'getRateStatus' })).toMatchObject({ data: { resources: { writes: { limit: 80 } } } });
  });
});

