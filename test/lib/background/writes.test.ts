import { describe, expect, it } from 'vitest';
import { createController } from '../../../lib/background/controller';
import { UNDO_MS } from '../../../lib/background/writes';
import { actionsItem } from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';
import { fakeClock, pass, settle } from '../../helpers/fake-clock';

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
    expect((await outboxView.getValue()).entries).toHaveLength(1);
    expect(sandbox.action(actions[0]!.id)?.status).toBe('ready');
    // A new worker: memory gone, storage kept; the deadline has passed; the service is back.
    const restarted = createController({ ...platform, fetch: real, now: () => Date.now() + 10 * 60_000 });
    await restarted.deliver();
    expect(sandbox.action(actions[0]!.id)?.status).toBe('sent');
    expect((await outboxView.getValue()).entries).toEqual([]);
  });

  it('holds writes after a 401 until the key changes, then sends them with the new key', async () => {
    fakeClock();
    const { ask, sandbox, actions, controller } = await ready();
    sandbox.accounts.set('rotated-key', { ...sandbox.accounts.get(DEMO_KEY)!, key: 'rotated-key' });
    sandbox.accounts.delete(DEMO_KEY);
    const reply = await ask({ type: 'markFailed', actionId: actions[1]!.id, reason: 'other', text: '' });
    expect(reply).toMatchObject({ ok: true, data: { state: 'queued' } });
    expect((await outboxView.getValue()).pausedForKey).toBe(true);
    await controller.deliver();
    expect(sandbox.accounts.get('rotated-key')!.actions.find((a) => a.id === actions[1]!.id)?.status).toBe('ready');
    await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787', apiKey: 'rotated-key' });
    await pass(1_200); // writes are a second apart
    await controller.deliver();
    expect(sandbox.accounts.get('rotated-key')!.actions.find((a) => a.id === actions[1]!.id)?.status).toBe('failed');
  });

  it('puts a refused write in the dead-letter list, answers its error, and lets the person retry or discard it', async () => {
    fakeClock();
    const { ask, controller } = await ready();
    const paused = (await actionsItem.getValue())!.actions.find((a) => a.agentId === 'ag_H1cJ5yUoDq')!;
    expect(await ask({ type: 'saveNote', actionId: paused.id, message: 'x' })).toMatchObject({ ok: false, error: { kind: 'agent-paused' } });
    const [dead] = (await outboxView.getValue()).dead;
    expect(dead).toMatchObject({ actionId: paused.id, op: 'updateMessage', error: { kind: 'agent-paused', message: 'Agent paused' } });
    await ask({ type: 'retryWrite', entryId: dead!.id });
    await pass(1_200); // writes are a second apart
    await controller.deliver();
    expect((await outboxView.getValue()).dead).toHaveLength(1);
    await ask({ type: 'discardWrite', entryId: (await outboxView.getValue()).dead[0]!.id });
    expect(await outboxView.getValue()).toMatchObject({ dead: [], entries: [] });
  });

  it('spaces writes by a second, and waits that second rather than answering "queued"', async () => {
    fakeClock();
    const { ask, sandbox, actions } = await ready();
    // The clock moves 10 ms at a time, each time after 200 turns of the event loop: the requests'
    // own work (storage, the key's decryption) is done by then, so no fake time passes while a
    // request leaves.
    const both = Promise.all([ask({ type: 'markSent', actionId: actions[0]!.id }), ask({ type: 'markSent', actionId: actions[1]!.id })]);
    const [first, second] = await settle(both, 10_000, 10, 200);
    expect([first, second]).toMatchObject([{ data: { state: 'saved' } }, { data: { state: 'saved' } }]);
    const writes = sandbox.log.filter((l) => l.route === 'markSent').map((l) => l.at);
    expect(writes).toHaveLength(2);
    // The budget spaces the sends by a second, and the service never sees the second write before
    // its slot. Their arrivals' gap is not compared: on the fake clock it shrinks by whatever fake
    // time passed while the first request left (its key's decryption on a loaded machine: 840 ms
    // once in CI).
    const sent = (await outboxView.getValue()).limiter.writes ?? [];
    expect(sent.at(-1)! - sent.at(-2)!).toBeGreaterThanOrEqual(1_000);
    expect(writes[0]!).toBeGreaterThanOrEqual(sent.at(-2)!);
    expect(writes[1]!).toBeGreaterThanOrEqual(sent.at(-1)!);
  });
});

describe('back within seconds', () => {
  /** A controller on a sandbox whose clock the test moves, its ready list fetched. */
  async function clocked(options: { conflictStatus?: boolean } = {}) {
    const clock = { now: Date.now() };
    const wired = controllerWithSandbox({ ...options, now: () => clock.now });
    await configure();
    await wired.controller.poll();
    const actions = (await actionsItem.getValue())!.actions.filter((a) => a.agentId !== 'ag_H1cJ5yUoDq');
    /** Time passes in steps; the outbox's alarms and the minute's polls fire as they would. */
    const pass = async (ms: number, step = 1_000, poll = false) => {
      for (let t = 0; t < ms; t += step) {
        clock.now += step;
        await wired.controller.deliver();
        if (poll && (clock.now / step) % 60 === 0) await wired.controller.poll();
      }
    };
    return { ...wired, clock, actions, pass };
  }

  it('delivers writes queued through an hour of outage within 60 s of the poll that finds the service back', async () => {
    const { ask, sandbox, controller, clock, actions, pass } = await clocked();
    sandbox.faults = { down: true };
    for (const a of actions.slice(0, 3))
      expect(await ask({ type: 'markSent', actionId: a.id })).toMatchObject({ data: { state: 'queued', waitingFor: 'service' } });
    await pass(3_600_000, 30_000, true);
    expect((await outboxView.getValue()).entries).toHaveLength(3);
    sandbox.faults = {};
    const back = clock.now;
    await controller.poll();
    await pass(60_000);
    const sent = sandbox.log.filter((l) => l.route === 'markSent' && l.status === 200).map((l) => l.at - back);
    expect(sent).toHaveLength(3);
    expect(Math.max(...sent)).toBeLessThanOrEqual(60_000);
    expect((await outboxView.getValue()).dead).toEqual([]);
  });

  it('never refuses a mark for a storm of 429, and delivers it once the storm is over', async () => {
    const { ask, sandbox, actions, pass } = await clocked();
    sandbox.faults = { rateLimitStorm: { retryAfterSeconds: 5 } };
    expect(await ask({ type: 'markSent', actionId: actions[0]!.id })).toMatchObject({ data: { state: 'queued', waitingFor: 'limit' } });
    await pass(20 * 60_000, 5_000);
    expect(sandbox.log.filter((l) => l.status === 429).length).toBeGreaterThanOrEqual(8);
    expect((await outboxView.getValue()).dead).toEqual([]);
    sandbox.faults = {};
    await pass(5 * 60_000, 5_000);
    expect(sandbox.action(actions[0]!.id)?.status).toBe('sent');
  });

  it('keeps a mark on a paused agent, says so, and sends it when the agent is active again', async () => {
    const { ask, sandbox, controller, pass } = await clocked();
    const paused = (await actionsItem.getValue())!.actions.find((a) => a.agentId === 'ag_H1cJ5yUoDq')!;
    expect(await ask({ type: 'markSent', actionId: paused.id })).toMatchObject({ ok: true, data: { state: 'queued', waitingFor: 'agent' } });
    expect((await outboxView.getValue()).entries).toMatchObject([{ actionId: paused.id, agentId: 'ag_H1cJ5yUoDq', waitingFor: 'agent' }]);
    sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === 'ag_H1cJ5yUoDq')!.status = 'active';
    await pass(60_000);
    expect((await outboxView.getValue()).entries).toHaveLength(1);
    await controller.agentActive();
    await pass(2_000);
    expect(sandbox.action(paused.id)?.status).toBe('sent');
    expect((await outboxView.getValue()).dead).toEqual([]);
  });

  it('counts a failed mark delivered when its answer was lost and the retry is refused 409, after reading it back', async () => {
    const { ask, sandbox, controller, actions, pass } = await clocked({ conflictStatus: true });
    const target = actions[0]!;
    sandbox.faults = { loseAnswers: 1 };
    expect(await ask({ type: 'markFailed', actionId: target.id, reason: 'other', text: '' })).toMatchObject({ data: { state: 'queued' } });
    expect(sandbox.action(target.id)?.status).toBe('failed');
    await controller.poll();
    await pass(10_000);
    expect(sandbox.log.filter((l) => l.route === 'markFailed').map((l) => l.status)).toEqual([200, 409]);
    expect(sandbox.log.filter((l) => l.route === 'listActions').at(-1)?.query).toContain('status=failed');
    expect(await outboxView.getValue()).toMatchObject({ entries: [], dead: [] });
    expect((await actionsItem.getValue())!.actions.some((a) => a.id === target.id)).toBe(false);
  });
});

describe('request budget setting', () => {
  it('uses the cap the person set (default 30), up to 100', async () => {
    const { ask } = controllerWithSandbox();
    await configure();
    expect(await ask({ type: 'getRateStatus' })).toMatchObject({ data: { cfg: { capPerMinute: 30 } } });
    expect(await ask({ type: 'saveSettings', requestCap: 101 })).toMatchObject({ ok: false });
    await ask({ type: 'saveSettings', requestCap: 80 });
    expect(await ask({ type: 'getRateStatus' })).toMatchObject({ data: { cfg: { capPerMinute: 80 } } });
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

describe('a write put in storage by someone else', () => {
  it('is not sent: a signature taken from a real write does not cover another', async () => {
    fakeClock();
    const { controller, sandbox, platform, ask } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const [first, second] = (await actionsItem.getValue())!.actions.filter((a) => a.agentId !== 'ag_H1cJ5yUoDq');
    const fetchOk = platform.fetch;
    platform.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await ask({ type: 'markSent', actionId: first!.id });
    platform.fetch = fetchOk;
    const { browser } = await import('wxt/browser');
    const all = await browser.storage.local.get(null);
    const key = Object.keys(all).find((k) => k.startsWith('outboxEntry:'))!;
    await browser.storage.local.set({ [key]: { ...(all[key] as object), actionId: second!.id } });
    await pass(1_200);
    await controller.deliver();
    expect(sandbox.action(second!.id, DEMO_KEY)?.status).toBe('ready');
    expect(sandbox.action(first!.id, DEMO_KEY)?.status).toBe('ready');
    expect((await outboxView.getValue()).dead).toEqual([expect.objectContaining({ actionId: second!.id })]);
  });
});
