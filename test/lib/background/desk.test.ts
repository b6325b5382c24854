// The background's side of the desk: its Prepare and Open act on the tab it names, as the popup's do
// on the active tab; the desks hear when a tab's assisted send is loaded; the panel's Open the desk
// is heard only from the extension's own content script.
import { describe, expect, it, vi } from 'vitest';
import { openDeskOnMessage } from '../../../lib/background/desk-open';
import { profileSlug } from '../../../lib/network/profile-url';
import { actionsItem } from '../../../lib/store/storage';
import { configure, contentSender, controllerWithSandbox, EXTENSION_ID } from '../../helpers/controller';

async function wired() {
  const w = controllerWithSandbox();
  await configure();
  await w.controller.poll();
  const actions = (await actionsItem.getValue())!.actions;
  return { ...w, actions };
}

describe('the desk’s requests', () => {
  it('Prepare prepares in the tab the desk follows (not the active one), with the note the desk shows and the person’s choice past the cap', async () => {
    const w = await wired();
    const [action] = w.actions;
    const url = action!.prospect.profileUrl!;
    w.platform.tab = { id: 3, url: 'https://www.linkedin.com/feed/' };
    w.platform.byId = { 12: { url } };
    const reply = await w.ask({ type: 'prepareHere', slug: profileSlug(url)!, tabId: 12, note: 'Bonjour, the note shown', pastCap: true });
    expect(reply).toEqual({ ok: true, data: null });
    expect(w.injected).toEqual([12]);
    expect(w.toldMessages).toEqual([[12, { type: 'prepare', note: 'Bonjour, the note shown', pastCap: true }]]);
    expect(w.deskNotices).toEqual([12]);
    // The tab granted: its script may mark this invitation, and only from that tab.
    expect(await w.ask({ type: 'panelView' }, contentSender(url, 12))).toMatchObject({ data: { action: { id: action!.id } } });
  });

  it('Prepare refuses a tab that no longer shows the profile the desk showed, or a tab that is gone', async () => {
    const w = await wired();
    const url = w.actions[0]!.prospect.profileUrl!;
    w.platform.byId = { 12: { url: 'https://www.linkedin.com/in/someone-else/' } };
    expect(await w.ask({ type: 'prepareHere', slug: profileSlug(url)!, tabId: 12 })).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(await w.ask({ type: 'prepareHere', slug: profileSlug(url)!, tabId: 13 })).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(w.injected).toEqual([]);
  });

  it('Open brings the named invitation into the desk’s tab: the tab navigates there, and its assisted send comes at its first document on that profile', async () => {
    const w = await wired();
    const next = w.actions[1]!;
    expect(await w.ask({ type: 'openProfile', actionId: next.id, tabId: 12 })).toEqual({ ok: true, data: null });
    expect(w.navigated).toEqual([[12, expect.stringContaining(profileSlug(next.prospect.profileUrl)!)]]);
    expect(w.opened).toEqual([]);
    await w.ask({ type: 'profileSeen', newDocument: true }, contentSender(w.navigated[0]![1], 12));
    expect(w.injected).toEqual([12]);
    expect(w.deskNotices).toEqual([12]);
  });

  it('This profile and its report act on the desk’s tab', async () => {
    const w = await wired();
    w.platform.tab = { id: 3, url: 'https://www.linkedin.com/feed/' };
    w.platform.byId = { 12: { url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1/', title: 'Jeanne Durand | LinkedIn' } };
    expect(await w.ask({ type: 'profileTarget', source: 'tab', tabId: 12 })).toMatchObject({
      ok: true,
      data: { slug: 'jeanne-durand-8c2f1', name: 'Jeanne Durand' },
    });
    expect(await w.ask({ type: 'profileTarget', source: 'tab' })).toEqual({ ok: true, data: null });
    expect(await w.ask({ type: 'reportPage', tabId: 12 })).toEqual({ ok: true, data: null });
    expect(w.reports).toEqual([12]);
  });
});

describe('the panel’s Open the desk', () => {
  const self = { extensionId: EXTENSION_ID, extensionOrigin: `chrome-extension://${EXTENSION_ID}` };
  const api = () => ({ sidePanel: { open: vi.fn(async (_: { windowId: number }) => {}) } });

  it('opens the side panel in the window of the content script’s tab, at once (within the click)', () => {
    const browser = api();
    const sender = contentSender('https://www.linkedin.com/in/julienmoreau/', 7, 4);
    expect(openDeskOnMessage(browser, { type: 'openDesk' }, sender, self)).toBe(true);
    expect(browser.sidePanel.open).toHaveBeenCalledWith({ windowId: 4 });
  });

  it('hears no other message, no page of another origin and no frame but the top one', () => {
    const browser = api();
    const sender = contentSender('https://www.linkedin.com/in/julienmoreau/', 7, 4);
    expect(openDeskOnMessage(browser, { type: 'panelView' }, sender, self)).toBe(false);
    expect(openDeskOnMessage(browser, { type: 'openDesk' }, { ...sender, frameId: 2 }, self)).toBe(false);
    expect(openDeskOnMessage(browser, { type: 'openDesk' }, { ...sender, id: 'another-extension' }, self)).toBe(false);
    expect(openDeskOnMessage(browser, { type: 'openDesk' }, contentSender('https://evil.example/in/x/', 7, 4), self)).toBe(false);
    expect(browser.sidePanel.open).not.toHaveBeenCalled();
  });
});
