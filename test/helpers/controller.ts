import { vi } from 'vitest';
import { createController } from '../../lib/background/controller';
import type { Platform } from '../../lib/background/platform';
import type { SenderInfo } from '../../lib/background/sender';
import type { Badge } from '../../lib/badge';
import { apiKeyItem, DEFAULT_SETTINGS, settingsItem } from '../../lib/storage';
import { Sandbox, type SandboxOptions } from '../sandbox/app';
import { DEMO_KEY } from '../sandbox/seed';
import { getMessageFrom, loadMessages } from './messages';

export const EXTENSION_ID = 'test-extension-id';
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
export const POPUP_SENDER = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}/popup.html` };

/** The content script in the top frame of a tab showing this profile. */
export function contentSender(profileUrl: string, tabId = 7) {
  return { id: EXTENSION_ID, url: profileUrl, frameId: 0, tab: { id: tabId, url: profileUrl } };
}

const english = getMessageFrom(loadMessages('en'));

/** A controller wired to an in-process sandbox, with every platform effect recorded. */
export function controllerWithSandbox(options: SandboxOptions & { permission?: boolean } = {}) {
  const sandbox = new Sandbox(options);
  const badges: Badge[] = [];
  const opened: string[] = [];
  const injected: number[] = [];
  const reports: [number, string | undefined][] = [];
  const navigated: Array<[number, string]> = [];
  const wakes: number[] = [];
  const addWindows: number[] = [];
  const told: Array<[number, string]> = [];
  /** The origins whose permissions were kept when the others were given back. */
  const keptOrigins: string[] = [];
  let ids = 0;
  const fetchSpy = vi.fn<typeof fetch>((input, init) => sandbox.fetch(input, init));
  const platform: Platform & { schedulePoll: ReturnType<typeof vi.fn>; tab?: { id?: number; url?: string; title?: string } | null } = {
    fetch: fetchSpy,
    now: () => sandbox.now(),
    t: (key, subs) => english(key.replaceAll('.', '_'), subs?.map(String)),
    version: '9.9.9',
    browserName: 'chrome',
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    setBadge: async (b) => {
      badges.push(b);
    },
    hasOriginPermission: async () => options.permission ?? true,
    keepOnlyOrigin: async (pattern) => {
      keptOrigins.push(pattern);
    },
    openProfile: async (_slug, url) => {
      opened.push(url);
    },
    schedulePoll: vi.fn(async () => {}),
    injectPanel: async (tabId) => {
      injected.push(tabId);
    },
    openReport: async (tabId, name) => {
      reports.push([tabId, name]);
    },
    navigateTab: async (tabId, url) => {
      navigated.push([tabId, url]);
    },
    // The tab the person looks at: tests set it (`platform.tab = …`).
    activeTab: async () => platform.tab ?? null,
    tellTab: async (tabId, message) => {
      told.push([tabId, message.type]);
    },
    openAddWindow: async () => {
      addWindows.push(Date.now());
    },
    // As in the browser: a short wait is a timer (writes are spaced by a second).
    wakeAt: (at) => {
      wakes.push(at);
      if (at - Date.now() <= 5_000) setTimeout(() => void controller.deliver(), Math.max(0, at - Date.now()));
    },
    random: () => 0.5,
    newId: () => `w${++ids}`,
  };
  const controller = createController(platform);
  const ask = (message: unknown, sender: SenderInfo = POPUP_SENDER) => controller.handle(message, sender);
  return { sandbox, controller, platform, badges, opened, injected, reports, navigated, wakes, addWindows, told, keptOrigins, fetchSpy, ask };
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
