// The browser side of the background: badge, permissions, tabs and alarms.
import { browser } from 'wxt/browser';
import { t } from '../extension/i18n';
import type { Badge } from '../invitations/badge';
import type { PanelMessage } from '../page/panel/handle';
import { NETWORK_ORIGIN } from '../extension/manifest';
import { profileSlug } from '../network/profile-url';
import { deskWindowOf } from '../desk/page';
import { readSlot, seedSlot, slotKey, type SlotAnswer, type TabScript } from '../sent-invitations/in-tab/slot';
import type { DeskNotice } from '../desk/page';
import type { Platform, TabInfo } from './platform';

export const POLL_ALARM = 'poll-ready-actions';
export const OUTBOX_ALARM = 'deliver-outbox';
/** A service worker lives about 30 s after its last event: shorter waits use a timer too. */
const SHORT_WAIT_MS = 25_000;

async function setBadge(badge: Badge, tabId?: number): Promise<void> {
  const action = browser.action ?? browser.browserAction;
  const tab = tabId === undefined ? {} : { tabId };
  await Promise.all([
    action.setBadgeText({ text: badge.text, ...tab }),
    action.setBadgeBackgroundColor({ color: badge.color, ...tab }),
    action.setTitle({ title: badge.title, ...tab }),
  ]);
}

async function openProfile(slug: string, url: string): Promise<{ tabId?: number | undefined; shown: boolean }> {
  const tabs = await browser.tabs.query({ url: ['https://*.linkedin.com/in/*', 'https://linkedin.com/in/*'] });
  const tab = tabs.find((t) => profileSlug(t.url) === slug);
  if (tab?.id !== undefined) {
    await browser.tabs.update(tab.id, { active: true });
    if (tab.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true });
    return { tabId: tab.id, shown: true };
  }
  return { tabId: (await browser.tabs.create({ url })).id, shown: false };
}

/** Creates the poll alarm, unless one with the same period exists (recreating resets its timer). */
async function schedulePoll(periodMinutes: number): Promise<void> {
  const existing = await browser.alarms.get(POLL_ALARM);
  if (existing?.periodInMinutes === periodMinutes) return;
  await browser.alarms.create(POLL_ALARM, { periodInMinutes: periodMinutes, delayInMinutes: periodMinutes });
}

async function injectPanel(tabId: number): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['/panel.js'] });
}

/** The report page reads the tab itself (scripting.executeScript): nothing of the page passes through here. */
async function openReport(tabId: number): Promise<void> {
  await browser.tabs.create({ url: `${browser.runtime.getURL('/report.html')}?tab=${tabId}` });
}

async function navigateTab(tabId: number, url: string): Promise<void> {
  await browser.tabs.update(tabId, { url });
}

const topFrame = (tabId: number) => ({ tabId, frameIds: [0] });

/** Each one-shot script's file, named whole (the release checks find every file of the package by its name). */
const TAB_SCRIPT_FILES = { 'sent-withdraw': '/sent-withdraw.js', 'sent-read': '/sent-read.js' } as const;

/** The script's input first, then its file: both in the extension's isolated world (the default), never the page's. */
async function runTabScript(tabId: number, name: TabScript, input: unknown): Promise<void> {
  await browser.scripting.executeScript({ target: topFrame(tabId), func: seedSlot, args: [slotKey(name), input] });
  await browser.scripting.executeScript({ target: topFrame(tabId), files: [TAB_SCRIPT_FILES[name]] });
}

async function tabScriptSays(tabId: number, name: TabScript, seen: number, waitMs: number): Promise<SlotAnswer<unknown> | null> {
  const [said] = await browser.scripting.executeScript({ target: topFrame(tabId), func: readSlot, args: [slotKey(name), seen, waitMs] });
  return (said?.result as SlotAnswer<unknown> | null | undefined) ?? null;
}

type ContextsApi = { getContexts?(filter: { contextTypes: string[] }): Promise<Array<{ tabId: number }>> };

/**
 * Whether a tab shows one of the extension's own pages. Without the tabs permission, Chromium 150
 * hides the address of the extension's own pages too (156 shows it): there the extension's
 * contexts say which tabs are its own (runtime.getContexts, Chrome 116+).
 */
async function isOwnPage(tab: { id?: number | undefined; url?: string | undefined }): Promise<boolean> {
  if (tab.url !== undefined) return tab.url.startsWith(browser.runtime.getURL('/'));
  const contexts = await (browser.runtime as unknown as ContextsApi).getContexts?.({ contextTypes: ['TAB'] }).catch(() => []);
  return contexts?.some((c) => c.tabId === tab.id) ?? false;
}

/**
 * The tab the person is looking at. From the toolbar popup, the focused window's active tab; when
 * that is an extension page (the popup opened in a tab or window of its own), the web page they
 * looked at last.
 */
async function activeTab() {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  if (!tab || !(await isOwnPage(tab))) return tab ? { id: tab.id, url: tab.url, title: tab.title } : null;
  const web = (await browser.tabs.query({ windowType: 'normal' })).filter((t) => t.url?.startsWith('https://'));
  const last = web.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
  return last ? { id: last.id, url: last.url, title: last.title } : null;
}

/** The tab's address, title and window, or null when it is gone (or not on a host the extension may read). */
async function tabInfo(tabId: number): Promise<TabInfo | null> {
  try {
    const { id, url, title, windowId } = await browser.tabs.get(tabId);
    return { id, url, title, windowId };
  } catch {
    return null;
  }
}

/** Whether a desk document serves this window (lib/desk/page.ts: it says so in its address). */
async function deskOpenIn(windowId: number): Promise<boolean> {
  let urls: (string | undefined)[];
  if (import.meta.env.FIREFOX) {
    // Firefox's background is a page: it sees the extension's other pages, sidebars included.
    const extension = browser.extension as unknown as { getViews(): Window[] };
    urls = extension.getViews().map((view) => view.location.href);
  } else urls = (await browser.runtime.getContexts({ contextTypes: ['SIDE_PANEL', 'TAB'] })).map((c) => c.documentUrl);
  return urls.some((url) => deskWindowOf(url) === windowId);
}

async function tellDesks(message: DeskNotice): Promise<void> {
  await browser.runtime.sendMessage(message).catch(() => undefined);
}

async function tellTab(tabId: number, message: PanelMessage): Promise<void> {
  await browser.tabs.sendMessage(tabId, message, { frameId: 0 }).catch(() => undefined);
}

/** The popup page in a window of a popup's size: a context menu cannot open the toolbar popup itself. */
async function openAddWindow(): Promise<void> {
  await browser.windows.create({ url: browser.runtime.getURL('/popup.html#add'), type: 'popup', width: 420, height: 640 });
}

/**
 * Removes the optional host permissions granted for addresses no longer configured: every origin
 * the browser granted that the manifest does not require, but the service's current one.
 */
async function keepOnlyOrigin(pattern: string): Promise<void> {
  const manifest = browser.runtime.getManifest() as { host_permissions?: string[]; permissions?: string[] };
  const required = new Set([...(manifest.host_permissions ?? []), ...(manifest.permissions ?? [])]);
  const { origins = [] } = await browser.permissions.getAll();
  const stale = origins.filter((o) => o !== pattern && !required.has(o));
  if (stale.length) await browser.permissions.remove({ origins: stale });
}

let wakeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The alarm carries the deadline across worker restarts; the timer only makes short waits exact.
 * A one-shot `when`, never a period: Chrome's floor for packed extensions (30 s) is enforced as
 * the spacing of its alarm polls, and an alarm made for an earlier time re-arms them; a worker at
 * work (a probe every 20 s calls storage) is not stopped, so the timer keeps the outage's pace
 * (README, "Noticing that the service is back").
 */
function wakeAt(at: number, deliver: () => void): void {
  void browser.alarms.create(OUTBOX_ALARM, { when: Math.max(at, Date.now() + 1000) });
  clearTimeout(wakeTimer);
  const wait = at - Date.now();
  if (wait <= SHORT_WAIT_MS) wakeTimer = setTimeout(deliver, Math.max(0, wait));
}

export function browserPlatform(deliver: () => void): Platform {
  return {
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    t,
    version: browser.runtime.getManifest().version,
    browserName: import.meta.env.BROWSER,
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/').replace(/\/$/, ''),
    setBadge,
    networkTabs: () => browser.tabs.query({ url: `${NETWORK_ORIGIN}/*` }),
    hasOriginPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    keepOnlyOrigin,
    openProfile,
    schedulePoll,
    injectPanel,
    openReport,
    navigateTab,
    tabUrl: (tabId) =>
      browser.tabs.get(tabId).then(
        (tab) => tab.url,
        () => undefined,
      ),
    runTabScript,
    tabScriptSays,
    activeTab,
    tabInfo,
    deskOpenIn,
    tellDesks,
    // Firefox takes no message from a content script for a user action (MDN, User actions).
    deskFromPage: !import.meta.env.FIREFOX && typeof browser.sidePanel?.open === 'function',
    tellTab,
    openAddWindow,
    shortcuts: async () => (await browser.commands.getAll()).flatMap(({ name, shortcut }) => (name ? [{ name, shortcut }] : [])),
    wakeAt: (at) => wakeAt(at, deliver),
    random: () => Math.random(),
    newId: () => crypto.randomUUID(),
  };
}
