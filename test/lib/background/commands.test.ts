import { describe, expect, it } from 'vitest';
import { actionsItem } from '../../../lib/storage';
import { configure, controllerWithSandbox } from '../../helpers/controller';

async function wired(tab: { id?: number; url?: string } | null) {
  const w = controllerWithSandbox();
  await configure();
  await w.controller.poll();
  w.platform.tab = tab;
  const actions = (await actionsItem.getValue())!.actions;
  return { ...w, actions };
}

describe('keyboard shortcuts', () => {
  it('focus the panel of a profile that has an invitation, and nothing elsewhere', async () => {
    const w = await wired(null);
    w.platform.tab = { id: 3, url: w.actions[0]!.prospect.profileUrl! };
    await w.controller.command('focus-panel');
    expect(w.told).toEqual([[3, 'focusPanel']]);
    w.platform.tab = { id: 4, url: 'https://www.linkedin.com/in/nobody-with-an-invitation/' };
    await w.controller.command('focus-panel');
    w.platform.tab = { id: 5, url: 'https://example.com/' };
    await w.controller.command('focus-panel');
    expect(w.told).toEqual([[3, 'focusPanel']]);
  });

  it('open the next ready invitation in the same tab on the network, else in a tab of its own', async () => {
    const w = await wired(null);
    const [first, second] = w.actions;
    w.platform.tab = { id: 3, url: first!.prospect.profileUrl! };
    await w.controller.command('open-next');
    expect(w.navigated).toEqual([[3, expect.stringContaining(second!.prospect.profileUrl!.split('/in/')[1]!.replace(/\/$/, ''))]]);
    w.platform.tab = { id: 6, url: 'https://example.com/' };
    await w.controller.command('open-next');
    expect(w.opened).toEqual([expect.stringContaining(first!.prospect.profileUrl!.split('/in/')[1]!.replace(/\/$/, ''))]);
  });

  it('ignore a command they do not know', async () => {
    const w = await wired({ id: 3, url: 'https://www.linkedin.com/feed/' });
    await w.controller.command('something-else');
    expect([w.told, w.navigated, w.opened]).toEqual([[], [], []]);
  });
});
