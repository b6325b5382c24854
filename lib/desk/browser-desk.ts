// The desk's side of the browser: the window it serves, the tab it follows, its line to the assisted
// send in that tab, and what the background tells it. Components take it as an object (tests give
// their own), so that nothing in them reaches for the browser.
import { browser, type Browser } from 'wxt/browser';
import { DESK_PORT, type DeskCommand, type DeskUpdate } from '../page/assist/desk-link';
import { NETWORK_ORIGIN } from '../extension/manifest';
import type { PanelMessage } from '../page/panel/handle';
import { deskSearch, type DeskNotice } from './page';
import { followActiveTab, type FollowedTab, type TabsEvents } from './follow';

/** A line to a tab's assisted send: the desk's controls go down it. */
export interface DeskLine {
  send(command: DeskCommand): void;
  close(): void;
}

export interface DeskBrowser {
  /** Follows the active tab of the desk's window: `onTab` now and at each change. Returns the stop. */
  follow(onTab: (tab: FollowedTab | null) => void): () => void;
  /** Opens the line to the tab's assisted send: `onUpdate` at each change of it, null when there is none (any more). */
  link(tabId: number, onUpdate: (update: DeskUpdate | null) => void): DeskLine;
  /** Calls `then` with each tab whose assisted send the background just loaded (the desk may follow it now). */
  onAssistShown(then: (tabId: number) => void): () => void;
}

/**
 * The desk in this window (`ownTabId`: its own tab, when it was opened in one). It writes its window
 * into its address, where the background looks for it (lib/desk/page.ts), then asks the panels of the
 * window's network tabs to look again: they leave the page, and the desk shows what they showed.
 */
export function browserDesk(windowId: number, ownTabId: number | undefined): DeskBrowser {
  history.replaceState(null, '', deskSearch(windowId));
  void browser.tabs.query({ windowId, url: `${NETWORK_ORIGIN}/*` }).then((tabs) => {
    for (const tab of tabs)
      if (tab.id !== undefined) browser.tabs.sendMessage(tab.id, { type: 'refresh' } satisfies PanelMessage, { frameId: 0 }).catch(() => undefined);
  });
  return {
    follow: (onTab) => followActiveTab(browser.tabs as unknown as TabsEvents, windowId, ownTabId, onTab),
    link(tabId, onUpdate) {
      let port: Browser.runtime.Port | null = browser.tabs.connect(tabId, { name: DESK_PORT, frameId: 0 });
      port.onMessage.addListener((update: DeskUpdate) => onUpdate(update));
      // No script in the tab (yet), or it went with its profile.
      port.onDisconnect.addListener(() => {
        port = null;
        onUpdate(null);
      });
      return {
        send: (command) => port?.postMessage(command),
        close: () => {
          port?.disconnect();
          port = null;
        },
      };
    },
    onAssistShown(then) {
      const listener = (message: unknown, sender: { id?: string | undefined; tab?: unknown }) => {
        const notice = message as DeskNotice | null;
        // The background's word only: a content script's message names a tab too.
        if (sender.id === browser.runtime.id && !sender.tab && notice?.type === 'assistShown') then(notice.tabId);
      };
      browser.runtime.onMessage.addListener(listener);
      return () => browser.runtime.onMessage.removeListener(listener);
    },
  };
}
