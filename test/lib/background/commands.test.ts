import { describe, expect, it } from 'vitest';
import { actionsItem } from '../../../lib/store/storage';
import { configure, contentSender, controllerWithSandbox } from '../../helpers/controller';

async function wired(tab: { id?: number; url?: string } | null) {
  const w = controllerWithSandbox();
  await configure();
  await w.controller.poll();
  w.platform.tab = tab;
  const actions = (await actionsItem.getValue())!.actions;
  return { ...w, actions };
}

describe('keyboard shortcuts', () => {
  it('bring the panel of a profile that has an invitation and focus it, as the person asks there; nothing elsewhere', async () => {
    const w = await wired(null);
    const url = w.actions[0]!.prospect.profileUrl!;
    w.platform.tab = { id: 3, url };
    await w.controller.command('focus-panel');
    expect(w.injected).toEqual([3]);
    expect(w.told).toEqual([[3, 'focusPanel']]);
    expect(await w.ask({ type: 'panelView' }, contentSender(url, 3))).toMatchObject({ data: { action: { id: w.actions[0]!.id } } });
    w.platform.tab = { id: 4, url: 'https://www.linkedin.com/in/nobody-with-an-invitation/' };
    await w.controller.command('focus-panel');
    w.platform.tab = { id: 5, url: 'https://example.com/' };
    await w.controller.command('focus-panel');
    expect(w.injected).toEqual([3]);
    expect(w.told).toEqual([[3, 'focusPanel']]);
  });

  it('open the next ready invitation in the same tab on a profile, else in a tab of its own, the panel coming with it', async () => {
    const w = await wired(null);
    const [first, second] = w.actions;
    w.platform.tab = { id: 3, url: first!.prospect.profileUrl! };
    await w.controller.command('open-next');
    const slugOf = (url: string) => url.split('/in/')[1]!.replace(/\/$/, '');
    expect(w.navigated).toEqual([[3, expect.stringContaining(slugOf(second!.prospect.profileUrl!))]]);
    await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(w.navigated[0]![1], 3));
    expect(w.injected).toEqual([3]);
    w.platform.tab = { id: 6, url: 'https://example.com/' };
    await w.controller.command('open-next');
    expect(w.opened).toEqual([expect.stringContaining(slugOf(first!.prospect.profileUrl!))]);
    // The new tab (101 here) gets the panel at its first document on that profile.
    await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(first!.prospect.profileUrl!, 101));
    expect(w.injected).toEqual([3, 101]);
  });

  it('ignore a command they do not know', async () => {
    const w = await wired({ id: 3, url: 'https://www.linkedin.com/feed/' });
    await w.controller.command('something-else');
    expect([w.told, w.navigated, w.opened, w.injected]).toEqual([[], [], [], []]);
  });

  it('tells the pages the keys the browser set, as it reports them now: an unset one stays empty, none is made up', async () => {
    const w = controllerWithSandbox();
    w.platform.commands = [
      { name: 'open-next', shortcut: '' },
      { name: 'focus-panel', shortcut: 'Ctrl+Shift+F' },
    ];
    expect(await w.ask({ type: 'shortcuts' })).toEqual({
      ok: true,
      data: [
        { name: 'open-next', shortcut: '' },
        { name: 'focus-panel', shortcut: 'Ctrl+Shift+F' },
      ],
    });
    w.platform.commands = [{ name: 'open-next', shortcut: 'Alt+Shift+J' }];
    expect(await w.ask({ type: 'shortcuts' })).toEqual({ ok: true, data: [{ name: 'open-next', shortcut: 'Alt+Shift+J' }] });
  });
});
