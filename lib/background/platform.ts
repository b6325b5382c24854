// What the background needs of the browser, as one interface: the browser implements it in
// browser-platform.ts, and the unit tests with an in-process sandbox (test/helpers/controller.ts).
import type { Badge, Translate } from '../badge';

export interface Platform {
  fetch: typeof fetch;
  now(): number;
  t: Translate;
  version: string;
  browserName: string;
  extensionId: string;
  extensionOrigin: string;
  setBadge(badge: Badge): Promise<void>;
  hasOriginPermission(pattern: string): Promise<boolean>;
  /** Gives back the optional host permissions of every origin but this one (a service no longer set). */
  keepOnlyOrigin(pattern: string): Promise<void>;
  /** Focuses a tab showing this profile, or opens one. */
  openProfile(slug: string, url: string): Promise<void>;
  schedulePoll(periodMinutes: number): Promise<void>;
  /** Wakes the outbox at this time: a short timer while the worker lives, and an alarm in case it stops. */
  wakeAt(at: number): void;
  random(): number;
  newId(): string;
  /** Loads the in-page panel into the top frame of a tab (only for a profile with an action). */
  injectPanel(tabId: number): Promise<void>;
  /** The address and title of the tab the person is looking at (the last focused window's), if any. */
  activeTab(): Promise<{ id?: number | undefined; url?: string | undefined; title?: string | undefined } | null>;
  /** Tells the panel in a tab's top frame (the keyboard shortcut that focuses it); quiet when none listens. */
  tellTab(tabId: number, message: { type: 'focusPanel' }): Promise<void>;
  /** Opens the popup's add-to-agent form in a small window (from the context menu). */
  openAddWindow(): Promise<void>;
  /** Opens the page report ("This page was read wrong") of a tab, in a new tab; `name`: the prospect's, as the service gives it. */
  openReport(tabId: number, name?: string): Promise<void>;
  /** Shows another address in the same tab. */
  navigateTab(tabId: number, url: string): Promise<void>;
}
