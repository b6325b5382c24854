import { describe, expect, it } from 'vitest';
import { AGENTS_MAX_AGE_MS } from '../../../lib/background/agents';
import { accountItem, actionsItem, DEFAULT_SETTINGS, MIN_POLL_MINUTES } from '../../../lib/store/storage';
import { clockedController, configure, openedIn } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

const PAUSED_AGENT = 'ag_H1cJ5yUoDq';

const clocked = () => clockedController((path) => path.endsWith('/me'));

describe("agents' statuses", () => {
  it('are read with each poll at the shortest period, polls following at once sharing one read', async () => {
    const { controller, reads, advance } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(1);
    // A Refresh, a page opened: the statuses just read are kept.
    advance(AGENTS_MAX_AGE_MS - 1_000);
    await controller.poll();
    expect(reads()).toBe(1);
    expect(AGENTS_MAX_AGE_MS).toBeLessThan(MIN_POLL_MINUTES * 60_000);
    advance(1_000);
    await controller.poll();
    expect(reads()).toBe(2);
  });

  it('an agent resumed on the service shows within one poll, and its invitations count ready again on the badge', async () => {
    const wired = clocked();
    const { controller, sandbox, advance, badges } = wired;
    await configure();
    await controller.poll();
    const paused = sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === PAUSED_AGENT)!;
    const all = (await actionsItem.getValue())!.actions.length;
    const apart = (await actionsItem.getValue())!.actions.filter((a) => a.agentId === PAUSED_AGENT).length;
    expect(badges.at(-1)?.text).toBe(String(all - apart));
    paused.status = 'active';
    advance(DEFAULT_SETTINGS.pollMinutes * 60_000);
    await controller.poll();
    expect((await accountItem.getValue())!.account.agents.find((a) => a.id === PAUSED_AGENT)!.status).toBe('active');
    expect(badges.at(-1)?.text).toBe(String(all));
  });

  it('are read by Refresh too: Refresh is the whole poll', async () => {
    const { ask, sandbox, advance, reads } = clocked();
    await configure();
    await ask({ type: 'refresh' });
    expect(reads()).toBe(1);
    sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === PAUSED_AGENT)!.status = 'active';
    advance(30_000);
    await ask({ type: 'refresh' });
    expect(reads()).toBe(2);
    expect((await accountItem.getValue())!.account.agents.find((a) => a.id === PAUSED_AGENT)!.status).toBe('active');
  });

  it('keep idle polling at a few requests a minute at the default period (the service allows 100)', async () => {
    const { controller, advance, fetchSpy } = clocked();
    await configure();
    await controller.poll();
    const before = fetchSpy.mock.calls.length;
    for (let i = 0; i < 10; i++) {
      advance(DEFAULT_SETTINGS.pollMinutes * 60_000);
      await controller.poll();
    }
    // The list and the statuses each poll, the weekly figure and the waiting work now and then.
    expect((fetchSpy.mock.calls.length - before) / (10 * DEFAULT_SETTINGS.pollMinutes)).toBeLessThanOrEqual(3);
  });

  it('reach the panel: an invitation of a paused agent says so before anything is prepared', async () => {
    const wired = clocked();
    const { controller, ask } = wired;
    await configure();
    await controller.poll();
    const paused = (await actionsItem.getValue())!.actions.find((a) => a.agentId === PAUSED_AGENT);
    const active = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== PAUSED_AGENT)!;
    expect(paused).toBeDefined();
    expect(await ask({ type: 'panelView' }, await openedIn(wired, paused!, 7))).toMatchObject({ data: { agentBlocked: 'paused' } });
    expect(await ask({ type: 'panelView' }, await openedIn(wired, active, 8))).toMatchObject({ data: { agentBlocked: null } });
  });

  it('follow an agent paused on the service once the kept statuses are stale', async () => {
    const wired = clocked();
    const { controller, ask, sandbox, advance } = wired;
    await configure();
    await controller.poll();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== PAUSED_AGENT)!;
    sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === action.agentId)!.status = 'paused';
    advance(AGENTS_MAX_AGE_MS);
    await controller.poll();
    expect(await ask({ type: 'panelView' }, await openedIn(wired, action))).toMatchObject({ data: { agentBlocked: 'paused' } });
  });

  it('are read again at the next poll after the clock is set back hours, not hours later', async () => {
    const { controller, reads, advance } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(1);
    advance(-5 * 3_600_000);
    await controller.poll();
    expect(reads()).toBe(2);
  });
});
