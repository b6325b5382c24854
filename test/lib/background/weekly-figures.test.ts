import { describe, expect, it, vi } from 'vitest';
import { WEEKLY_MAX_AGE_MS } from '../../../lib/background/weekly-figures';
import { actionsItem, weeklyStatsItem } from '../../../lib/store/storage';
import { clockedController, configure, controllerWithSandbox } from '../../helpers/controller';
import { fakeClock, pass, settle } from '../../helpers/fake-clock';
import { until } from '../../helpers/until';

const clocked = () => clockedController((path) => path.endsWith('/weekly-stats'));

describe('weekly figures kept by the background', () => {
  it('are fetched with the poll, then again only when 15 minutes old', async () => {
    const { controller, reads, advance } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(1);
    expect(await weeklyStatsItem.getValue()).not.toBeNull();
    advance(WEEKLY_MAX_AGE_MS - 60_000);
    await controller.poll();
    expect(reads()).toBe(1);
    advance(60_000);
    await controller.poll();
    expect(reads()).toBe(2);
  });

  it('are fetched again within a quarter hour after the clock is set back hours, not hours later', async () => {
    const { controller, reads, advance } = clocked();
    await configure();
    await controller.poll();
    expect(reads()).toBe(1);
    advance(-5 * 3_600_000);
    for (let i = 0; i < WEEKLY_MAX_AGE_MS / 60_000; i++) {
      await controller.poll();
      advance(60_000);
    }
    expect(reads()).toBe(2);
  });

  it('are fetched again as soon as a mark sent is delivered, without waiting for the poll', async () => {
    const { controller, ask, reads, advance } = clocked();
    await configure();
    await controller.poll();
    const before = (await weeklyStatsItem.getValue())!.stats.total ?? 0;
    const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
    advance(1_000);
    expect(await ask({ type: 'markSent', actionId: action.id })).toMatchObject({ ok: true, data: { state: 'saved' } });
    await vi.waitFor(() => expect(reads()).toBe(2));
    await vi.waitFor(async () => expect((await weeklyStatsItem.getValue())!.stats.total).toBe(before + 1));
  });

  it('are fetched once for marks delivered together, after the last of them', async () => {
    // The outbox spaces writes by a second: on a fake clock.
    fakeClock();
    const { controller, ask, fetchSpy, sandbox } = controllerWithSandbox();
    const reads = () => fetchSpy.mock.calls.filter(([input]) => new URL(String(input)).pathname.endsWith('/weekly-stats')).length;
    await configure();
    await controller.poll();
    const ids = (await actionsItem.getValue())!.actions
      .filter((a) => a.agentId !== 'ag_H1cJ5yUoDq')
      .slice(0, 3)
      .map((a) => a.id);
    await settle(Promise.all(ids.map((actionId) => ask({ type: 'markSent', actionId }))));
    await until(() => ids.every((id) => sandbox.action(id)?.status === 'sent'), 'the three marks delivered', 8_000, 50);
    await pass(300);
    expect(reads()).toBe(2);
  }, 15_000);

  it('are fetched again at the next poll after an invitation was marked sent, and count it', async () => {
    const { controller, ask, reads, advance } = clocked();
    await configure();
    await controller.poll();
    const before = (await weeklyStatsItem.getValue())!.stats.total ?? 0;
    const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
    advance(1_000);
    expect(await ask({ type: 'markSent', actionId: action.id })).toMatchObject({ ok: true });
    advance(1_000);
    await controller.poll();
    expect(reads()).toBe(2);
    expect((await weeklyStatsItem.getValue())!.stats.total).toBe(before + 1);
  });
});
