import { describe, expect, it } from 'vitest';
import { AGENTS_MAX_AGE_MS } from '../../../lib/background/agents';
import { actionsItem } from '../../../lib/store/storage';
import { clockedController, configure, openedIn } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

const PAUSED_AGENT = 'ag_H1cJ5yUoDq';

const clocked = () => clockedController((path) => path.endsWith('/me'));

describe("agents' statuses", () => {
  it('are read with the poll when none are kept, then again only once they are 15 minutes old', async () => {
    const { controller, reads, advance } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(1);
    advance(AGENTS_MAX_AGE_MS - 60_000);
    await controller.poll();
    expect(reads()).toBe(1);
    advance(60_000);
    await controller.poll();
    expect(reads()).toBe(2);
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

  it('are read again within a quarter hour after the clock is set back hours, not hours later', async () => {
    const { controller, reads, advance } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(1);
    advance(-5 * 3_600_000);
    for (let i = 0; i < AGENTS_MAX_AGE_MS / 60_000; i++) {
      await controller.poll();
      advance(60_000);
    }
    expect(reads()).toBe(2);
  });
});
