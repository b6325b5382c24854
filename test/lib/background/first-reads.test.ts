// Issue 24: connecting, and starting with a key already set, read at once the account (its
// agents), the ready invitations and the weekly figure, rather than at the next poll.
import { describe, expect, it } from 'vitest';
import { accountItem, actionsItem, DEFAULT_SETTINGS, settingsItem, weeklyStatsItem } from '../../../lib/store/storage';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { until } from '../../helpers/until';
import { DEMO_KEY } from '../../sandbox/seed';

describe('the first reads', () => {
  it('starting with a key already set reads the account, the ready list and the weekly figure', async () => {
    const { controller } = controllerWithSandbox();
    await configure();
    await controller.start();
    expect((await accountItem.getValue())?.account.agents.length).toBeGreaterThan(0);
    expect((await actionsItem.getValue())?.actions.length).toBeGreaterThan(0);
    expect(await weeklyStatsItem.getValue()).not.toBeNull();
  });

  it('connecting reads the weekly figure and the ready list at once, with the account', async () => {
    const { ask } = controllerWithSandbox();
    await settingsItem.setValue({ ...DEFAULT_SETTINGS });
    const reply = await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787', apiKey: DEMO_KEY });
    expect(reply.ok).toBe(true);
    expect(await accountItem.getValue()).not.toBeNull();
    await until(async () => (await weeklyStatsItem.getValue()) !== null && (await actionsItem.getValue()) !== null, 'the weekly figure and the ready list');
  });
});
