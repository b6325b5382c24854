// @vitest-environment happy-dom
// Issue 50, item 3: the keyboard where the next key goes. The desk, however it was opened (the side
// panel, the popup's Work beside the page, the shortcut: it cannot tell), takes the focus to its
// primary control; the queue's Open profile goes to the tab the desk follows, a new tab only when asked.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { FollowedTab } from '../../../lib/desk/follow';
import { actionsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { renderDesk } from '../../helpers/desk';

afterEach(cleanup);

/** A configured desk, its followed tab played: `show` tells it the tab it now follows. */
async function openDesk() {
  const wired = sandboxBackend();
  await configure();
  await wired.controller.poll();
  await wired.ask({ type: 'verifyKey' });
  const { show } = await renderDesk(wired.backend);
  const actions = (await actionsItem.getValue())!.actions;
  return { wired, actions, show };
}

const FEED: FollowedTab = { id: 2, url: 'https://www.linkedin.com/feed/' };
const slugOf = (url: string) => url.split('/in/')[1]!.replace(/\/$/, '');

describe('the desk when it opens', () => {
  it('on the network’s feed, focuses the first ready invitation of the queue', async () => {
    const { show, actions } = await openDesk();
    await show(FEED);
    const list = await screen.findByRole('list', { name: 'Ready invitations' });
    const first = within(list).getAllByRole('button', { expanded: false })[0]!;
    expect(first.textContent).toContain(actions[0]!.prospect.name!);
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('on a profile with a ready invitation, focuses Prepare', async () => {
    const { show, actions } = await openDesk();
    await show({ id: 12, url: actions[0]!.prospect.profileUrl!, title: `${actions[0]!.prospect.name} | LinkedIn` });
    const region = await screen.findByRole('region', { name: actions[0]!.prospect.name! });
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Prepare the invitation' })));
  });

  it('leaves the focus where the person already put it', async () => {
    const { show } = await openDesk();
    const settings = screen.getByRole('button', { name: 'Settings' });
    settings.focus();
    await show(FEED);
    await screen.findByRole('list', { name: 'Ready invitations' });
    await waitFor(() => expect(screen.getAllByRole('button', { expanded: false }).length).toBeGreaterThan(0));
    expect(document.activeElement).toBe(settings);
  });
});

describe('the queue’s Open profile in the desk', () => {
  const openFirst = async () => {
    const desk = await openDesk();
    await desk.show(FEED);
    const list = await screen.findByRole('list', { name: 'Ready invitations' });
    fireEvent.click(within(list).getAllByRole('button', { expanded: false })[0]!);
    return { ...desk, open: await screen.findByRole('button', { name: 'Open profile' }) };
  };

  it('opens the profile in the tab the desk follows, where the keys then are', async () => {
    const { wired, actions, open } = await openFirst();
    fireEvent.click(open);
    await waitFor(() => expect(wired.navigated).toEqual([[FEED.id, expect.stringContaining(slugOf(actions[0]!.prospect.profileUrl!))]]));
    expect(wired.opened).toEqual([]);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
  ])('opens it in a new tab on a %s-click, the followed tab left as it is', async (_key, modifier) => {
    const { wired, actions, open } = await openFirst();
    fireEvent.click(open, modifier);
    await waitFor(() => expect(wired.opened).toEqual([expect.stringContaining(slugOf(actions[0]!.prospect.profileUrl!))]));
    expect(wired.navigated).toEqual([]);
  });

  it('opens it in a new tab on a middle click', async () => {
    const { wired, actions, open } = await openFirst();
    fireEvent(open, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() => expect(wired.opened).toEqual([expect.stringContaining(slugOf(actions[0]!.prospect.profileUrl!))]));
    expect(wired.navigated).toEqual([]);
  });
});
