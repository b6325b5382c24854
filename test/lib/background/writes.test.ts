import { describe, expect, it } from 'vitest';
import { createController } from '../../../lib/background/controller';
import { UNDO_MS } from '../../../lib/background/writes';
import { actionsItem, outboxItem } from '../../../lib/storage';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

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
    // The budget spaces the sends by a second; what reaches the service varies by the few
    // milliseconds each request takes to leave (storage reads, the key's decryption).
    const sent = (await outboxItem.getValue()).limiter.writes ?? [];
    expect(sent.at(-1)! - sent.at(-2)!).toBeGreaterThanOrEqual(1_000);
    expect(writes[1]! - writes[0]!).toBeGreaterThanOrEqual(900);
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

describe('a mark made from the popup can be undone for a few seconds', () => {
  async function marked() {
    let now = Date.UTC(2026, 10, 20, 9);
    const wired = controllerWithSandbox({ now: () => now });
    await configure();
    await wired.controller.poll();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
    const reply = await wired.ask({ type: 'markSent', actionId: action.id, undoable: true });
    return { ...wired, action, reply, advance: (ms: number) => (now += ms) };
  }

  it('holds the mark in the outbox, and an undo within the delay sends nothing to the service', async () => {
    const { ask, reply, sandbox, action, controller, advance } = await marked();
    expect(reply).toMatchObject({ ok: true, data: { state: 'held', entryId: expect.any(String) } });
    const entryId = (reply as { data: { entryId: string } }).data.entryId;
    expect(await ask({ type: 'undoWrite', entryId })).toEqual({ ok: true, data: { undone: true } });
    advance(UNDO_MS + 1_000);
    await controller.deliver();
    expect(sandbox.log.filter((l) => l.route === 'markSent')).toHaveLength(0);
    expect(sandbox.action(action.id)?.status).toBe('ready');
  });

  it('sends the mark by itself once the delay is over, and an undo after that changes nothing', async () => {
    const { ask, reply, sandbox, action, controller, advance } = await marked();
    const entryId = (reply as { data: { entryId: string } }).data.entryId;
    await controller.deliver();
    expect(sandbox.action(action.id)?.status).toBe('ready');
    advance(UNDO_MS);
    await controller.deliver();
    expect(sandbox.action(action.id)?.status).toBe('sent');
    expect(await ask({ type: 'undoWrite', entryId })).toEqual({ ok: true, data: { undone: false } });
  });
});
