// The desk follows the tab the person looks at in its own window: the active tab, as the browser
// reports it (`tabs.onActivated`, `tabs.onUpdated`), its address visible only on the network's host
// (the host permission; no `tabs` permission). The desk's own tab, when it is opened in one rather
// than beside the page (the tests stand in for the side panel that way), is never followed.

export interface FollowedTab {
  id: number;
  url?: string | undefined;
  title?: string | undefined;
  /** Documents the tab finished loading while followed (a reload at the same address counts). */
  loads?: number | undefined;
}

interface Tab {
  id?: number | undefined;
  url?: string | undefined;
  title?: string | undefined;
  windowId?: number | undefined;
}

interface Event<F extends (...args: never[]) => unknown> {
  addListener(listener: F): void;
  removeListener(listener: F): void;
}

/** The part of the browser's tabs API the desk follows its window with. */
export interface TabsEvents {
  query(query: { active: true; windowId: number }): Promise<Tab[]>;
  get(tabId: number): Promise<Tab>;
  onActivated: Event<(info: { tabId: number; windowId: number }) => void>;
  onUpdated: Event<(tabId: number, change: { url?: string; title?: string; status?: string }, tab: Tab) => void>;
  onRemoved: Event<(tabId: number) => void>;
}

const followed = (tab: Tab | undefined): FollowedTab | null => (tab?.id === undefined ? null : { id: tab.id, url: tab.url, title: tab.title });

/**
 * Calls `onTab` with the active tab of `windowId` now and at each change of it (another tab brought
 * forward, its address or title changed, it closed), `ownTabId` left out. Returns the stop.
 */
export function followActiveTab(tabs: TabsEvents, windowId: number, ownTabId: number | undefined, onTab: (tab: FollowedTab | null) => void): () => void {
  let current: number | undefined;
  let asked = 0;
  /** The latest question wins: an answer overtaken by another change is dropped. */
  const settle = (ask: Promise<Tab | undefined>) => {
    const n = ++asked;
    void ask.then(
      (tab) => {
        if (n !== asked) return;
        const shown = tab?.id !== undefined && tab.id === ownTabId ? undefined : tab;
        current = shown?.id;
        onTab(followed(shown));
      },
      () => undefined,
    );
  };
  const active = () => settle(tabs.query({ active: true, windowId }).then(([tab]) => tab));
  const onActivated = (info: { tabId: number; windowId: number }) => {
    if (info.windowId === windowId && info.tabId !== ownTabId) settle(tabs.get(info.tabId));
  };
  let loads = 0;
  const onUpdated = (tabId: number, change: { url?: string; title?: string; status?: string }, tab: Tab) => {
    if (tabId === current && ('url' in change || 'title' in change || change.status === 'complete')) {
      if (change.status === 'complete') loads++;
      asked++;
      onTab({ id: tabId, url: tab.url, title: tab.title, loads });
    }
  };
  const onRemoved = (tabId: number) => {
    if (tabId === current) active();
  };
  tabs.onActivated.addListener(onActivated);
  tabs.onUpdated.addListener(onUpdated);
  tabs.onRemoved.addListener(onRemoved);
  active();
  return () => {
    asked++;
    tabs.onActivated.removeListener(onActivated);
    tabs.onUpdated.removeListener(onUpdated);
    tabs.onRemoved.removeListener(onRemoved);
  };
}
