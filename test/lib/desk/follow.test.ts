import { describe, expect, it } from 'vitest';
import { followActiveTab, type FollowedTab, type TabsEvents } from '../../../lib/desk/follow';

type Tab = { id: number; url?: string; title?: string; windowId: number; active?: boolean };

/** The browser's tabs as the desk sees them: tests bring tabs forward, change their address, close them. */
function browserTabs(tabs: Tab[]) {
  const listeners = {
    activated: [] as ((i: { tabId: number; windowId: number }) => void)[],
    updated: [] as ((...a: never[]) => void)[],
    removed: [] as ((id: number) => void)[],
  };
  const event = <F>(list: F[]) => ({ addListener: (f: F) => void list.push(f), removeListener: (f: F) => void list.splice(list.indexOf(f), 1) });
  const api = {
    query: async ({ windowId }: { windowId: number }) => tabs.filter((t) => t.windowId === windowId && t.active),
    get: async (id: number) => tabs.find((t) => t.id === id)!,
    onActivated: event(listeners.activated),
    onUpdated: event(listeners.updated),
    onRemoved: event(listeners.removed),
  } as unknown as TabsEvents;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    api,
    listeners,
    async activate(id: number) {
      const tab = tabs.find((t) => t.id === id)!;
      for (const t of tabs) if (t.windowId === tab.windowId) t.active = t.id === id;
      for (const f of [...listeners.activated]) f({ tabId: id, windowId: tab.windowId });
      await settle();
    },
    async update(id: number, change: { url?: string; title?: string; status?: string }) {
      const tab = tabs.find((t) => t.id === id)!;
      Object.assign(tab, change);
      for (const f of [...listeners.updated]) (f as unknown as (id: number, c: object, t: Tab) => void)(id, change, tab);
      await settle();
    },
    async remove(id: number) {
      const i = tabs.findIndex((t) => t.id === id);
      const [gone] = tabs.splice(i, 1);
      if (gone?.active) tabs.find((t) => t.windowId === gone.windowId)!.active = true;
      for (const f of [...listeners.removed]) f(id);
      await settle();
    },
    settle,
  };
}

const PROFILE = 'https://www.linkedin.com/in/camille-lefevre-4a1b2c/';

describe('the desk follows the active tab of its window', () => {
  it('starts on it, then follows the tab brought forward, its address and title, and the next one when it closes', async () => {
    const b = browserTabs([
      { id: 1, url: PROFILE, windowId: 10, active: true },
      { id: 2, url: 'https://example.com/', windowId: 10 },
      { id: 3, windowId: 10 },
    ]);
    const seen: (FollowedTab | null)[] = [];
    const stop = followActiveTab(b.api, 10, undefined, (tab) => seen.push(tab));
    await b.settle();
    expect(seen).toEqual([{ id: 1, url: PROFILE, title: undefined }]);
    await b.activate(2);
    await b.update(2, { url: 'https://www.linkedin.com/feed/' });
    await b.update(2, { status: 'complete' });
    await b.update(2, { title: 'Feed | LinkedIn' });
    // A document loaded (a reload at the same address too) is told, counted: the Sent page view reads again.
    expect(seen.slice(1).map((t) => [t?.id, t?.url, t?.title, t?.loads])).toEqual([
      [2, 'https://example.com/', undefined, undefined],
      [2, 'https://www.linkedin.com/feed/', undefined, 0],
      [2, 'https://www.linkedin.com/feed/', undefined, 1],
      [2, 'https://www.linkedin.com/feed/', 'Feed | LinkedIn', 1],
    ]);
    // A change of a tab it does not follow says nothing.
    await b.update(1, { url: 'https://www.linkedin.com/in/someone/' });
    expect(seen).toHaveLength(5);
    await b.remove(2);
    expect(seen.at(-1)).toMatchObject({ id: 1 });
    stop();
    await b.activate(3);
    expect(seen).toHaveLength(6);
  });

  it('never follows another window’s tabs, nor its own tab when it is opened in one', async () => {
    const b = browserTabs([
      { id: 1, url: PROFILE, windowId: 10, active: true },
      { id: 5, url: 'chrome-extension://x/desk.html', windowId: 10 },
      { id: 7, url: 'https://www.linkedin.com/in/other/', windowId: 11, active: true },
    ]);
    const seen: (FollowedTab | null)[] = [];
    followActiveTab(b.api, 10, 5, (tab) => seen.push(tab));
    await b.settle();
    await b.activate(7);
    await b.activate(5);
    expect(seen.map((t) => t?.id)).toEqual([1]);
  });

  it('shows nothing at first when its own tab is the active one (the stand-in for the side panel, just opened)', async () => {
    const b = browserTabs([{ id: 5, url: 'chrome-extension://x/desk.html', windowId: 10, active: true }]);
    const seen: (FollowedTab | null)[] = [];
    followActiveTab(b.api, 10, 5, (tab) => seen.push(tab));
    await b.settle();
    expect(seen).toEqual([null]);
  });
});
