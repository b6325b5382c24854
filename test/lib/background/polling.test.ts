import { describe, expect, it } from 'vitest';
import { actionsItem, DEFAULT_SETTINGS, keyRejectedItem, rateLimitItem, settingsItem, syncStatusItem } from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';
import { until } from '../../helpers/until';
import { fakeClock } from '../../helpers/fake-clock';

type Demo = { accounts: Map<string, { actions: { status: string; agent_id: string }[]; agents: { id: string; status: string }[] }> };

function readyCount(sandbox: Demo) {
  return sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready').length;
}

/** The badge's count: the ready invitations, those of the paused agent counted apart (lib/invitations/ready-count.ts). */
function workable(sandbox: Demo) {
  const account = sandbox.accounts.get(DEMO_KEY)!;
  const active = new Set(account.agents.filter((a) => a.status === 'active').map((a) => a.id));
  return account.actions.filter((a) => a.status === 'ready' && active.has(a.agent_id)).length;
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
    expect(badges.at(-1)?.text).toBe(String(workable(sandbox)));
    expect(workable(sandbox)).toBeLessThan(readyCount(sandbox));
    const url = new URL(String(fetchSpy.mock.calls[0]![0]));
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'ready', limit: '25' });
  });

  it('shows "25+" when the page is full', async () => {
    const { controller, sandbox, badges } = controllerWithSandbox();
    const account = sandbox.accounts.get(DEMO_KEY)!;
    for (const a of account.actions) a.status = 'ready';
    await configure();
    await controller.poll();
    const paused = account.agents.find((a) => a.status === 'paused')!.id;
    const listed = (await actionsItem.getValue())!.actions;
    expect(listed).toHaveLength(25);
    expect(badges.at(-1)?.text).toBe(`${listed.filter((a) => a.agentId !== paused).length}+`);
  });

  it('keeps the 25 it asked for when the service answers a ready list of 500', async () => {
    const { controller, platform, badges } = controllerWithSandbox();
    await configure();
    const flood = Array.from({ length: 500 }, (_, i) => ({
      id: `na_${i}`,
      status: 'ready',
      message: 'Bonjour',
      contact: { network_url: `https://www.linkedin.com/in/p-${i}` },
    }));
    platform.fetch = async () => new Response(JSON.stringify({ success: true, data: flood }), { status: 200 });
    await controller.poll();
    const kept = (await actionsItem.getValue())!;
    expect(kept.actions.map((a) => a.id)).toEqual(flood.slice(0, 25).map((a) => a.id));
    expect(kept.full).toBe(true);
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
    await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787', apiKey: DEMO_KEY });
    await controller.poll();
    expect(await keyRejectedItem.getValue()).toBe(false);
    expect((await syncStatusItem.getValue()).state).toBe('ok');
  });

  it('keeps the last list and says offline when the service cannot be reached', async () => {
    const { controller, platform, badges } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const count = (await actionsItem.getValue())!.actions.length;
    const shown = badges.at(-1)?.text;
    platform.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await controller.poll();
    expect((await syncStatusItem.getValue()).state).toBe('offline');
    expect((await actionsItem.getValue())!.actions).toHaveLength(count);
    expect(badges.at(-1)?.text).toBe(shown);
  });

  it('reports a missing host permission instead of requesting', async () => {
    const { controller, fetchSpy } = controllerWithSandbox({ permission: false });
    await configure();
    await controller.poll();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await syncStatusItem.getValue()).error?.kind).toBe('permission');
  });

  it('runs one request for the list when polls overlap (and one for the agents it has not read yet)', async () => {
    const { controller, fetchSpy } = controllerWithSandbox();
    await configure();
    await Promise.all([controller.poll(), controller.poll(), controller.poll()]);
    const paths = fetchSpy.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(paths.filter((path) => path.endsWith('/actions'))).toHaveLength(1);
    expect(paths.filter((path) => path.endsWith('/me'))).toHaveLength(1);
  });

  it('records the service rate-limit headers', async () => {
    const { controller } = controllerWithSandbox();
    await configure();
    await controller.poll();
    // The ready list, then the account (agents' statuses), the weekly figures and the three queues
    // of the work that waits.
    expect(await rateLimitItem.getValue()).toMatchObject({ limit: 100, remaining: 94 });
  });

  it('schedules the alarm with the saved period, never below 30 seconds', async () => {
    const { controller, platform } = controllerWithSandbox();
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, pollMinutes: 0.1 });
    await controller.start();
    expect(platform.schedulePoll).toHaveBeenCalledWith(0.5);
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
    const outbox = await outboxView.getValue();
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
    const blocked = (await outboxView.getValue()).limiter.blockedUntil;
    expect(blocked).toBeGreaterThan(Date.now() + 110_000);
    const calls = fetchSpy.mock.calls.length;
    await controller.poll();
    await controller.deliver();
    expect(fetchSpy.mock.calls.length).toBe(calls);
  });

  it('5xx answers keep the write queued, waiting for the service, and the first good poll sends it', async () => {
    fakeClock();
    const { controller, ask, sandbox } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const [first] = (await actionsItem.getValue())!.actions;
    sandbox.faults = { serverErrorRate: 1 };
    expect(await ask({ type: 'markSent', actionId: first!.id })).toMatchObject({ ok: true, data: { state: 'queued', waitingFor: 'service' } });
    const state = await outboxView.getValue();
    expect(state.entries[0]).toMatchObject({ waitingFor: 'service', lastError: expect.any(String) });
    expect(state.outage?.until).toBeGreaterThan(Date.now());
    sandbox.faults = {};
    await controller.poll();
    // Due at once; only the second between writes is waited for.
    await until(() => sandbox.action(first!.id)?.status === 'sent', 'the write after the poll', 3_000, 50);
  });
});
