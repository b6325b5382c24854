import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { outboxView } from '../../../lib/outbox/store';
import { accountItem, actionsItem, apiKeyItem, keyRejectedItem, routesItem, settingsItem } from '../../../lib/store/storage';
import { configure, controllerWithSandbox, EXTENSION_ID, POPUP_SENDER } from '../../helpers/controller';
import { DEMO_KEY, OTHER_KEY } from '../../sandbox/seed';
import { until } from '../../helpers/until';
import { fakeClock, settle } from '../../helpers/fake-clock';

type Demo = { accounts: Map<string, { actions: { status: string; agent_id: string }[]; agents: { id: string; status: string }[] }> };

/** The badge's count: the ready invitations, those of the paused agent counted apart (lib/invitations/ready-count.ts). */
function workable(sandbox: Demo) {
  const account = sandbox.accounts.get(DEMO_KEY)!;
  const active = new Set(account.agents.filter((a) => a.status === 'active').map((a) => a.id));
  return account.actions.filter((a) => a.status === 'ready' && active.has(a.agent_id)).length;
}

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
    const before = workable(sandbox);
    const [first] = (await actionsItem.getValue())!.actions;
    expect((await ask({ type: 'markSent', actionId: first!.id })).ok).toBe(true);
    expect(sandbox.action(first!.id)).toMatchObject({
      status: 'sent',
      metadata: { source: 'invitation-assistant-extension', version: '9.9.9', browser: 'chrome', method: 'manual', marked_at: expect.any(String) },
    });
    expect(badges.at(-1)?.text).toBe(String(before - 1));
  });

  it('takes a mark held for undo off the badge at once, and puts it back on undo', async () => {
    const { controller, ask, sandbox, badges } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const before = workable(sandbox);
    const [first] = (await actionsItem.getValue())!.actions;
    const reply = (await ask({ type: 'markSent', actionId: first!.id, undoable: true })) as { data: { state: string; entryId: string } };
    expect(reply.data.state).toBe('held');
    expect(badges.at(-1)?.text).toBe(String(before - 1));
    await ask({ type: 'undoWrite', entryId: reply.data.entryId });
    expect(badges.at(-1)?.text).toBe(String(before));
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

  it("keeps a mark on a paused agent's action, queued for the agent, and keeps the action listed", async () => {
    const { controller, ask } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const paused = (await actionsItem.getValue())!.actions.find((a) => a.agentId === 'ag_H1cJ5yUoDq')!;
    const reply = await ask({ type: 'markSent', actionId: paused.id });
    expect(reply).toEqual({ ok: true, data: { state: 'queued', reason: 'Agent paused', waitingFor: 'agent' } });
    expect((await actionsItem.getValue())!.actions.some((a) => a.id === paused.id)).toBe(true);
  });

  it('refuses an action the background does not know, without a request', async () => {
    const { controller, ask, fetchSpy } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const before = fetchSpy.mock.calls.length;
    const reply = await ask({ type: 'markSent', actionId: 'na_forged' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(fetchSpy).toHaveBeenCalledTimes(before);
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
    expect(reply).toEqual({
      ok: true,
      data: { baseUrl: 'http://127.0.0.1:8787', hasKey: true, keyHint: DEMO_KEY.slice(-4), keyOrigin: 'http://127.0.0.1:8787' },
    });
    expect(JSON.stringify(reply)).not.toContain(DEMO_KEY);
  });

  it('verifies the key: the account and its agents on success', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'verifyKey' });
    expect(reply).toMatchObject({
      ok: true,
      data: { user: { name: 'Alex Martin' }, agents: expect.arrayContaining([expect.objectContaining({ status: 'paused', isActive: false })]) },
    });
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
    await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787/api', apiKey: OTHER_KEY });
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
    const reply = await ask({ type: 'connect', baseUrl: 'http://service.example', apiKey: 'k' });
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

describe("the views' requests", () => {
  it('answers a read of a view with the body as the service sent it, after the table checked its query', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'viewRead', call: { name: 'listContacts', query: { per_page: 5, page: 2 } } });
    expect(reply.ok).toBe(true);
    const body = (reply as { data: { data: unknown[] } }).data;
    expect(body.data).toHaveLength(5);
  });

  it('refuses a read whose query the table does not accept, without a request', async () => {
    const { ask, fetchSpy } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'viewRead', call: { name: 'listContacts', query: { per_page: 1000 } } });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a write of a view through the outbox and answers the counts the service returned', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'viewWrite', item: 'contact:ld_leonMrc1', call: { name: 'blockContact', params: { leadId: 'ld_leonMrc1' } } });
    expect(reply).toMatchObject({ ok: true, data: { state: 'saved', answer: { success: true } } });
    const contact = sandbox.accounts.get(DEMO_KEY)!.book.contacts.find((c) => c.id === 'ld_leonMrc1');
    expect(contact?.status).toBe('block');
  });

  it('keeps a write of a view made while the service is down, and delivers it when it is back', async () => {
    // Delivered a second after the last write: on a fake clock.
    fakeClock();
    const { ask, sandbox, controller } = controllerWithSandbox();
    await configure();
    sandbox.faults = { ...sandbox.faults, down: true };
    const reply = await settle(ask({ type: 'viewWrite', item: 'contact:ld_leonMrc1', call: { name: 'blockContact', params: { leadId: 'ld_leonMrc1' } } }));
    expect(reply).toMatchObject({ ok: true, data: { state: 'queued' } });
    sandbox.faults = { ...sandbox.faults, down: false };
    // Any answer of the service ends the outage: the queued write goes at once.
    await controller.poll();
    await until(() => sandbox.accounts.get(DEMO_KEY)!.book.contacts.find((c) => c.id === 'ld_leonMrc1')?.status === 'block', 'the queued block delivered');
  });

  it('refuses a write of a view the table does not accept before storing it', async () => {
    const { ask, fetchSpy } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'viewWrite', item: 'x', call: { name: 'blockContact', params: { leadId: '' } } });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('never takes a view request from a content script', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    const sender = { id: EXTENSION_ID, url: 'https://www.linkedin.com/in/x', frameId: 0, tab: { id: 3, url: 'https://www.linkedin.com/in/x' } };
    expect(await ask({ type: 'viewRead', call: { name: 'listContacts' } }, sender)).toMatchObject({ ok: false });
  });
});

describe('the refused list seen while writes arrive', () => {
  it('loses no write queued while the popup says the refused list was seen', async () => {
    const { controller, ask } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const actions = (await actionsItem.getValue())!.actions.slice(0, 6);
    // Storage answers after a while, as a real one does: what is read and written back interleaves.
    const local = fakeBrowser.storage.local;
    const [get, set] = [local.get.bind(local), local.set.bind(local)];
    let n = 0;
    const later = () => new Promise((r) => setTimeout(r, n++ % 4));
    vi.spyOn(local, 'get').mockImplementation(async (keys) => {
      await later();
      return get(keys as never);
    });
    vi.spyOn(local, 'set').mockImplementation(async (items) => {
      await later();
      return set(items);
    });
    // Held for undo, so nothing is sent: every one must still be in the outbox afterwards.
    let marking = true;
    const seeing = (async () => {
      while (marking) await ask({ type: 'refusedSeen' });
    })();
    await Promise.all(actions.map((a) => ask({ type: 'markSent', actionId: a.id, undoable: true })));
    marking = false;
    await seeing;
    expect((await outboxView.getValue()).entries.map((e) => e.actionId).sort()).toEqual(actions.map((a) => a.id).sort());
  });
});
