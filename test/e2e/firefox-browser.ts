// Debian's Firefox ESR over WebDriver BiDi (puppeteer-core) with the Firefox sandbox build, made
// once per run (shared-builds.ts), connected to a sandbox of its own with the demo key as the
// options page's Connect does it.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { canonicalJson } from '../../lib/util/canonical-json';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { sharedBuild } from './shared-builds';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface FirefoxExtension {
  browser: Browser;
  sb: RunningSandbox;
  /** The add-on's id (browser_specific_settings.gecko.id). */
  geckoId: string;
  /** The host of its pages, moz-extension://<uuid>/: random per profile, pinned here. */
  uuid: string;
  close(): Promise<void>;
}

/**
 * `display`: an X display to draw on (Xvfb's), headed there for real key presses; headless by default.
 * `prefs`: more of Firefox's preferences, set in the profile before it starts.
 */
export async function launchFirefoxExtension(display?: string, prefs: Record<string, string | number | boolean> = {}): Promise<FirefoxExtension> {
  if (!existsSync(FIREFOX)) throw new Error(`Firefox not found at ${FIREFOX}: install it (apt-get install -y firefox-esr)`);
  const sb = await startSandbox({ port: 0 });
  // The run's one Firefox sandbox build, no address in it: each file connects it to its own sandbox below.
  const build = join(sharedBuild('firefox-sandbox', ['-b', 'firefox', '--mode', 'sandbox']), 'firefox-mv2-sandbox');
  const manifest = JSON.parse(readFileSync(join(build, 'manifest.json'), 'utf8')) as { browser_specific_settings: { gecko: { id: string } } };
  const geckoId = manifest.browser_specific_settings.gecko.id;
  const uuid = randomUUID();
  const profileDir = mkdtempSync(join(tmpdir(), 'ia-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: !display,
    ...(display ? { env: { ...process.env, DISPLAY: display } } : {}),
    userDataDir: profileDir,
    // WebDriver BiDi navigates only to web addresses unless allowed more: the extension's pages are
    // at moz-extension://, which a person reaches from the toolbar or the add-ons manager.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'network.captive-portal-service.enabled': false,
      'app.update.enabled': false,
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
      ...prefs,
    },
  });
  await browser.installExtension(build);
  const firefox: FirefoxExtension = {
    browser,
    sb,
    geckoId,
    uuid,
    close: async () => {
      await browser.close();
      await sb.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
  // What the options page's Connect sends (the sandbox build may reach the loopback without asking).
  const connected = await askAsExtension(firefox, { type: 'connect', baseUrl: sb.url, apiKey: DEMO_KEY });
  if (!connected.ok) throw new Error(`Connect refused: ${connected.error?.message}`);
  return firefox;
}

type Page = Awaited<ReturnType<Browser['newPage']>>;

interface ExtensionGlobal {
  browser: {
    runtime: { sendMessage(m: unknown): Promise<unknown> };
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
    browserAction: { getBadgeText(details: object): Promise<string> };
  };
}

/** One page of the extension's own (its popup, in a tab) kept open per browser to speak as its pages do. */
const ownPages = new WeakMap<FirefoxExtension, Page>();

export async function extensionPage(firefox: FirefoxExtension): Promise<Page> {
  const kept = ownPages.get(firefox);
  if (kept && !kept.isClosed()) return kept;
  const page = await firefox.browser.newPage();
  // Puppeteer over BiDi never sees a moz-extension:// navigation end: it is started, then waited for.
  void page.goto(`moz-extension://${firefox.uuid}/popup.html`).catch(() => undefined);
  await until(
    () => page.evaluate(() => location.protocol === 'moz-extension:' && !!(globalThis as { browser?: unknown }).browser).catch(() => false),
    "the extension's page",
  );
  ownPages.set(firefox, page);
  return page;
}

/** A request of the extension's pages (the protocol's), sent as the popup sends it; its reply. */
export async function askAsExtension(firefox: FirefoxExtension, message: object): Promise<{ ok: boolean; error?: { message: string } }> {
  const page = await extensionPage(firefox);
  return page.evaluate((m) => (globalThis as unknown as ExtensionGlobal).browser.runtime.sendMessage(m), message) as Promise<{ ok: boolean }>;
}

/**
 * Stores a value as the extension writes it in Firefox: in storage.local, with its digest in the
 * ledger its reads are checked against (lib/storage/storage-ledger.ts: the same database, store, lock and
 * digest). For a state the extension reaches only over weeks (its record of invitations marked
 * sent a month ago), set up in one step.
 */
export async function storeAsExtension(firefox: FirefoxExtension, key: string, value: unknown): Promise<void> {
  const digest = createHash('sha256').update(canonicalJson(value)).digest('base64');
  const page = await extensionPage(firefox);
  await page.evaluate(
    async (name, stored, accepted) => {
      type Locks = { request(n: string, o: object, run: () => Promise<void>): Promise<void> };
      const api = (globalThis as unknown as { browser: { storage: { local: { set(v: object): Promise<void> } } } }).browser;
      await (navigator as unknown as { locks: Locks }).locks.request('invitation-assistant-ledger', { mode: 'exclusive' }, async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open('invitation-assistant-ledger', 1);
          req.onupgradeneeded = () => req.result.createObjectStore('digests');
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        await api.storage.local.set({ [name]: stored });
        await new Promise((resolve, reject) => {
          const tx = db.transaction('digests', 'readwrite');
          tx.objectStore('digests').put([accepted], name);
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      });
    },
    key,
    value,
    digest,
  );
}

/** The popup's Open profile for an action whose profile `page` shows: that tab comes forward with the panel. */
export async function openAsExtension(firefox: FirefoxExtension, actionId: string): Promise<void> {
  const reply = await askAsExtension(firefox, { type: 'openProfile', actionId });
  if (!reply.ok) throw new Error(`Open profile refused: ${reply.error?.message}`);
}

/** The badge a tab shows (its own, or the toolbar's), found by its address; read in the extension. */
export async function tabBadgeText(firefox: FirefoxExtension, url: string): Promise<string> {
  const page = await extensionPage(firefox);
  return page.evaluate(async (href) => {
    const { browser } = globalThis as unknown as ExtensionGlobal;
    const tab = (await browser.tabs.query({ url: 'https://www.linkedin.com/*' })).find((t) => t.url === href);
    if (tab?.id === undefined) throw new Error(`No tab at ${href}`);
    return browser.browserAction.getBadgeText({ tabId: tab.id });
  }, url);
}

/**
 * The page's viewport. Puppeteer's setViewport also overrides the screen's orientation, a BiDi
 * command Firefox ESR 140 does not know (153 does): the size is applied before that refusal, which
 * is let go.
 */
export async function setViewport(page: Page, width: number, height: number): Promise<void> {
  await page.setViewport({ width, height }).catch((error: unknown) => {
    if (!String(error).includes('setScreenOrientationOverride')) throw error;
  });
}
