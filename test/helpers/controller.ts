import { onTestFinished, vi } from 'vitest';
import { createController } from '../../lib/background/controller';
import type { Platform } from '../../lib/background/platform';
import { type CommandKey, SUGGESTED_KEYS } from '../../lib/extension/shortcuts';
import type { SenderInfo } from '../../lib/background/sender';
import type { NetworkAction } from '../../lib/api/schemas';
import type { Badge } from '../../lib/invitations/badge';
import type { PanelMessage } from '../../lib/page/panel/handle';
import { apiKeyItem, DEFAULT_SETTINGS, settingsItem } from '../../lib/store/storage';
import { Sandbox, type SandboxOptions } from '../sandbox/app';
import { DEMO_KEY } from '../sandbox/seed';
import { getMessageFrom, loadMessages } from './messages';
import { readSlot, slotKey, type TabScript } from '../../lib/sent-invitations/in-tab/slot';
import { withdrawScript } from '../../lib/sent-invitations/in-tab/withdraw';
import { sentReadScript } from '../../lib/sent-invitations/in-tab/sent-read';

/** The extension's one-shot scripts as the browser runs them in a tab (entrypoints/<name>.ts), on a test's document. */
const TAB_SCRIPTS: Record<TabScript, (world: object, doc: Document, url: string) => void> = {
  'sent-withdraw': withdrawScript,
  'sent-read': sentReadScript,
};

export const EXTENSION_ID = 'test-extension-id';
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
export const POPUP_SENDER = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}/popup.html` };

/** The content script in the top frame of a tab showing this profile. */
export function contentSender(profileUrl: string, tabId = 7, windowId = 1) {
  return { id: EXTENSION_ID, url: profileUrl, frameId: 0, tab: { id: tabId, url: profileUrl, windowId } };
}

const english = getMessageFrom(loadMessages('en'));

/** A controller wired to an in-process sandbox, with every platform effect recorded. */
export function controllerWithSandbox(options: SandboxOptions & { permission?: boolean } = {}) {
  const sandbox = new Sandbox(options);
  const badges: Badge[] = [];
  const opened: string[] = [];
  const injected: number[] = [];
  const reports: number[] = [];
  /** Badges set for one tab: [tab id, text]. */
  const tabBadges: Array<[number, string]> = [];
  const navigated: Array<[number, string]> = [];
  const wakes: number[] = [];
  const addWindows: number[] = [];
  const told: Array<[number, string]> = [];
  /** The one-shot scripts run in tabs: [tab id, script]. */
  const tabScripts: Array<[number, TabScript]> = [];
  /** Each tab's isolated world, where its scripts keep their slots. */
  const worlds = new Map<number, Record<string, unknown>>();
  /** The messages told, whole. */
  const toldMessages: Array<[number, PanelMessage]> = [];
  /** What the desks were told. */
  const deskNotices: number[] = [];
  /** The origins whose permissions were kept when the others were given back. */
  const keptOrigins: string[] = [];
  let ids = 0;
  const fetchSpy = vi.fn<typeof fetch>((input, init) => sandbox.fetch(input, init));
  const platform: Platform & {
    schedulePoll: ReturnType<typeof vi.fn>;
    tab?: { id?: number; url?: string; title?: string } | null;
    tabs?: { id?: number; url?: string }[];
    shownIn?: number;
    /** Tabs' addresses, by id: tests set them (`platform.tabUrls = …`). */
    tabUrls?: Record<number, string>;
    /** The document a tab shows when a script runs there: the test's own (happy-dom) by default. */
    tabDocument?: Document;
    /** The windows where a desk is open, and each tab's window (tests set them). */
    desks?: Set<number>;
    windows?: Record<number, number>;
    /** The tabs a desk may name, by id (tests set them). */
    byId?: Record<number, { url?: string; title?: string }>;
    /** What commands.getAll() reports (tests set it): by default every command with its suggested key. */
    commands?: CommandKey[];
  } = {
    fetch: fetchSpy,
    now: () => sandbox.now(),
    t: (key, subs) => english(key.replaceAll('.', '_'), subs?.map(String)),
    version: '9.9.9',
    browserName: 'chrome',
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    setBadge: async (b, tabId) => {
      if (tabId === undefined) badges.push(b);
      else tabBadges.push([tabId, b.text]);
    },
    // The network tabs open: tests set them (`platform.tabs = …`).
    networkTabs: async () => platform.tabs ?? [],
    hasOriginPermission: async () => options.permission ?? true,
    keepOnlyOrigin: async (pattern) => {
      keptOrigins.push(pattern);
    },
    // A new tab, with the next id, unless a test says the profile is shown in one (`platform.shownIn`).
    openProfile: async (_slug, url) => {
      opened.push(url);
      return platform.shownIn === undefined ? { tabId: 100 + opened.length, shown: false } : { tabId: platform.shownIn, shown: true };
    },
    schedulePoll: vi.fn(async () => {}),
    injectPanel: async (tabId) => {
      injected.push(tabId);
    },
    openReport: async (tabId) => {
      reports.push(tabId);
    },
    navigateTab: async (tabId, url) => {
      navigated.push([tabId, url]);
    },
    tabUrl: async (tabId) => platform.tabUrls?.[tabId],
    // As scripting.executeScript does: the input in the tab's isolated world, then the script's file,
    // two calls with a turn of the tab's event loop between them (another call may come there).
    runTabScript: async (tabId, name, input) => {
      tabScripts.push([tabId, name]);
      const world = worlds.get(tabId) ?? {};
      worlds.set(tabId, world);
      world[slotKey(name)] = { input };
      await new Promise((next) => setTimeout(next, 0));
      TAB_SCRIPTS[name](world, platform.tabDocument ?? document, platform.tabUrls?.[tabId] ?? '');
    },
    tabScriptSays: async (tabId, name, seen, waitMs) => readSlot(slotKey(name), seen, waitMs, worlds.get(tabId) ?? {}),
    // The tab the person looks at: tests set it (`platform.tab = …`).
    activeTab: async () => platform.tab ?? null,
    tabInfo: async (tabId) => (platform.byId?.[tabId] ? { id: tabId, ...platform.byId[tabId], windowId: platform.windows?.[tabId] } : null),
    deskOpenIn: async (windowId) => platform.desks?.has(windowId) ?? false,
    deskFromPage: true,
    tellDesks: async ({ tabId }) => {
      deskNotices.push(tabId);
    },
    tellTab: async (tabId, message) => {
      told.push([tabId, message.type]);
      toldMessages.push([tabId, message]);
    },
    shortcuts: async () => platform.commands ?? Object.entries(SUGGESTED_KEYS).map(([name, shortcut]) => ({ name, shortcut })),
    openAddWindow: async () => {
      addWindows.push(Date.now());
    },
    // As in the browser: a short wait is a timer (writes are spaced by a second). Not after its test:
    // storage is the next test's by then, and this worker's deliveries would go to its own sandbox.
    wakeAt: (at) => {
      wakes.push(at);
      if (at - Date.now() <= 5_000) setTimeout(() => finished || void controller.deliver(), Math.max(0, at - Date.now()));
    },
    random: () => 0.5,
    newId: () => `w${++ids}`,
  };
  const controller = createController(platform);
  let finished = false;
  try {
    onTestFinished(() => {
      finished = true;
    });
  } catch {
    // Made outside a test (a script, beforeAll): it lives as long as its caller.
  }
  const ask = (message: unknown, sender: SenderInfo = POPUP_SENDER) => controller.handle(message, sender);
  return {
    sandbox,
    controller,
    platform,
    badges,
    tabBadges,
    opened,
    injected,
    reports,
    navigated,
    wakes,
    addWindows,
    told,
    tabScripts,
    toldMessages,
    deskNotices,
    keptOrigins,
    fetchSpy,
    ask,
  };
}

/**
 * The popup's Open profile for `action`, whose profile a tab already shows: the extension brought
 * that tab to it, so its panel may come there (lib/background/tab-invitations.ts). Returns the
 * sender of that tab's content scripts.
 */
export async function openedIn(wired: ReturnType<typeof controllerWithSandbox>, action: NetworkAction, tabId = 7, url = action.prospect.profileUrl!) {
  wired.platform.shownIn = tabId;
  const reply = await wired.ask({ type: 'openProfile', actionId: action.id });
  delete wired.platform.shownIn;
  if (!reply.ok) throw new Error(`Open profile refused: ${reply.error.message}`);
  return contentSender(url, tabId);
}

export async function configure(key = DEMO_KEY, baseUrl = 'http://127.0.0.1:8787') {
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl });
  await apiKeyItem.setValue(key, new URL(baseUrl).origin);
}

/**
 * The same, on a clock the test moves (`advance`), with `reads()` counting the requests whose path
 * `counted` accepts: what the background reads again, and when.
 */
export function clockedController(counted: (path: string) => boolean) {
  let now = Date.UTC(2026, 10, 20, 9);
  const wired = controllerWithSandbox({ now: () => now });
  const reads = () => wired.fetchSpy.mock.calls.filter(([input]) => counted(new URL(String(input)).pathname)).length;
  return { ...wired, reads, advance: (ms: number) => (now += ms) };
}
