// What the background needs of the browser, as one interface: the browser implements it in
// browser-platform.ts, and the unit tests with an in-process sandbox (test/helpers/controller.ts).
import type { Badge, Translate } from '../invitations/badge';
import type { PanelMessage } from '../page/panel/handle';
import type { SlotAnswer, TabScript } from '../sent-invitations/in-tab/slot';
import type { DeskNotice } from '../desk/page';
import type { CommandKey } from '../extension/shortcuts';

export interface TabInfo {
  id?: number | undefined;
  url?: string | undefined;
  title?: string | undefined;
  windowId?: number | undefined;
}

export interface Platform {
  fetch: typeof fetch;
  now(): number;
  t: Translate;
  version: string;
  browserName: string;
  extensionId: string;
  extensionOrigin: string;
  /** The toolbar's badge, or one tab's (the browser resets a tab's own when it loads a document). */
  setBadge(badge: Badge, tabId?: number): Promise<void>;
  /** The tabs showing a page of the network, with their addresses (host access shows them). */
  networkTabs(): Promise<{ id?: number | undefined; url?: string | undefined }[]>;
  hasOriginPermission(pattern: string): Promise<boolean>;
  /** Gives back the optional host permissions of every origin but this one (a service no longer set). */
  keepOnlyOrigin(pattern: string): Promise<void>;
  /** Focuses a tab showing this profile (`shown`), or opens one; says which. */
  openProfile(slug: string, url: string): Promise<{ tabId?: number | undefined; shown: boolean }>;
  schedulePoll(periodMinutes: number): Promise<void>;
  /** Wakes the outbox at this time: a short timer while the worker lives, and an alarm in case it stops. */
  wakeAt(at: number): void;
  random(): number;
  newId(): string;
  /** Loads the in-page panel into the top frame of a tab (only where it may come: lib/background/tab-invitations.ts). */
  injectPanel(tabId: number): Promise<void>;
  /** The address and title of the tab the person is looking at (the last focused window's), if any. */
  activeTab(): Promise<TabInfo | null>;
  /** The address and title of this tab (the desk names the tab it follows), if it is still there. */
  tabInfo(tabId: number): Promise<TabInfo | null>;
  /** Whether the desk is open in this window (docs/page-states.md, "The desk"): then nothing is drawn in its pages. */
  deskOpenIn(windowId: number): Promise<boolean>;
  /** Whether a content script's click (the panel's Open the desk) can open the desk: Chrome's side panel can, Firefox's sidebar cannot. */
  deskFromPage: boolean;
  /** Tells the desks that a tab's assisted send is ready to be followed (quiet when none is open). */
  tellDesks(message: DeskNotice): Promise<void>;
  /** Tells the panel in a tab's top frame to take the focus, or to prepare (as its own button does); quiet when none listens. */
  tellTab(tabId: number, message: PanelMessage): Promise<void>;
  /** The extension's shortcuts with the keys the browser set for them (commands.getAll: '' for none). */
  shortcuts(): Promise<CommandKey[]>;
  /** Opens the popup's add-to-agent form in a small window (from the context menu). */
  openAddWindow(): Promise<void>;
  /** Opens the page report ("This page was read wrong") of a tab, in a new tab. */
  openReport(tabId: number): Promise<void>;
  /** Shows another address in the same tab. */
  navigateTab(tabId: number, url: string): Promise<void>;
  /** A tab's address as the browser reports it (undefined: no such tab, or not one the extension may read). */
  tabUrl(tabId: number): Promise<string | undefined>;
  /**
   * Runs one of the extension's one-shot scripts (its own file) in a tab's top frame, in the
   * extension's isolated world, with its input (lib/sent-invitations/in-tab/slot.ts).
   */
  runTabScript(tabId: number, name: TabScript, input: unknown): Promise<void>;
  /** What that script says once it said more than version `seen`, waited for at most `waitMs`; null when none speaks there. */
  tabScriptSays(tabId: number, name: TabScript, seen: number, waitMs: number): Promise<SlotAnswer<unknown> | null>;
}

/** The tab a page names (the desk's), else the one the person looks at (the popup's). */
export const tabOf = (p: Pick<Platform, 'activeTab' | 'tabInfo'>, tabId: number | undefined) => (tabId === undefined ? p.activeTab() : p.tabInfo(tabId));
