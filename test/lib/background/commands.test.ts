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

const slugOf = (url: string) => url.split('/in/')[1]!.replace(/\/$/, '');

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

  it('open the next ready invitation in the tab the person looks at on any page of the network, else in a tab of its own, the panel coming with it', async () => {
    const w = await wired(null);
    const [first, second] = w.actions;
    w.platform.tab = { id: 3, url: first!.prospect.profileUrl! };
    await w.controller.command('open-next');
    expect(w.navigated).toEqual([[3, expect.stringContaining(slugOf(second!.prospect.profileUrl!))]]);
    await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(w.navigated[0]![1], 3));
    expect(w.injected).toEqual([3]);
    // The feed is the network too: the next goes there, where the keyboard is.
    w.platform.tab = { id: 4, url: 'https://www.linkedin.com/feed/' };
    await w.controller.command('open-next');
    expect(w.navigated[1]).toEqual([4, expect.stringContaining(slugOf(first!.prospect.profileUrl!))]);
    w.platform.tab = { id: 6, url: 'https://example.com/' };
    await w.controller.command('open-next');
    expect(w.opened).toEqual([expect.stringContaining(slugOf(first!.prospect.profileUrl!))]);
    // The new tab (101 here) gets the panel at its first document on that profile.
    await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(first!.prospect.profileUrl!, 101));
    expect(w.injected).toEqual([3, 101]);
  });

  it('open-next prepares the invitation it opened once its document arrives, and only then: not before, not at a reload', async () => {
    const w = await wired({ id: 4, url: 'https://www.linkedin.com/feed/' });
    const [first] = w.actions;
    await w.controller.command('open-next');
    expect(w.toldMessages).toEqual([]);
    const arrived = contentSender(w.navigated[0]![1], 4);
    // The page being left may still speak: no arrival yet.
    await w.ask({ type: 'profileSeen' }, contentSender('https://www.linkedin.com/feed/', 4));
    expect(w.toldMessages).toEqual([]);
    await w.ask({ type: 'profileSeen', newDocument: true }, arrived);
    expect(w.toldMessages).toEqual([[4, { type: 'prepare', arrival: true }]]);
    expect(await w.ask({ type: 'panelView' }, arrived)).toMatchObject({ data: { action: { id: first!.id } } });
    // The same document speaking again, then a reload: nothing more is prepared.
    await w.ask({ type: 'profileSeen' }, arrived);
    await w.ask({ type: 'profileSeen', newDocument: true }, arrived);
    expect(w.toldMessages).toEqual([[4, { type: 'prepare', arrival: true }]]);
  });

  it('the panel’s Next and Open profile prepare nothing on arrival: only the open-next key does', async () => {
    const w = await wired(null);
    const [first] = w.actions;
    await w.ask({ type: 'openProfile', actionId: first!.id, tabId: 4 });
    await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(w.navigated[0]![1], 4));
    expect(w.injected).toEqual([4]);
    expect(w.toldMessages).toEqual([]);
  });

  it('open-next settles the tab it leaves before taking it elsewhere (its session records what it saw), and never opens one whose mark waits in the outbox', async () => {
    const w = await wired({ id: 4, url: 'https://www.linkedin.com/feed/' });
    const [first, second, third] = w.actions;
    await w.controller.command('open-next');
    // A tab with no invitation shown is not asked.
    expect(w.told).toEqual([]);
    await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(w.navigated[0]![1], 4));
    // The second is marked, held for undo: recorded, not delivered yet.
    await w.ask({ type: 'markSent', actionId: second!.id, undoable: true });
    let navigatedAtSettle = -1;
    const tell = w.platform.tellTab;
    w.platform.tellTab = async (tabId, message) => {
      if (message.type === 'settle') navigatedAtSettle = w.navigated.length;
      return tell(tabId, message);
    };
    w.platform.tab = { id: 4, url: first!.prospect.profileUrl! };
    await w.controller.command('open-next');
    expect(w.told).toEqual([
      [4, 'prepare'],
      [4, 'settle'],
    ]);
    expect(navigatedAtSettle).toBe(1);
    expect(w.navigated[1]).toEqual([4, expect.stringContaining(slugOf(third!.prospect.profileUrl!))]);
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
