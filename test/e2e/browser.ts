// Launches Debian's Chromium with the built sandbox extension loaded.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page, type Worker } from 'playwright-core';
import { agentWaits } from '../../lib/invitations/queue';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SANDBOX_BUILD = resolve('.output/chrome-mv3-sandbox');

/**
 * The time a hook that builds an extension of its own (`wxtBuild`) is given: builds run one at a
 * time across files (scripts/lib/build.ts), so the hook may wait for another file's build before
 * its own. At load 11 to 12 on the shared 2-core machine, two such hooks passed the 90 s default
 * (2026-11-28): twice the default, for two builds.
 */
export const BUILDING_HOOK_MS = 180_000;

/** What a network page no test serves shows: the network's frame, nobody's profile. */
const UNSERVED_PAGE = '<!doctype html><html lang="en"><title>LinkedIn</title><main><h1>Sign in</h1></main></html>';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** A window to look at (the demo); tests run headless. */
  headless?: boolean;
  /** A profile folder to keep; by default a temporary one, removed on close. */
  profileDir?: string;
  /** Pins the extension's button to the toolbar (a new profile only), so its badge shows. */
  pinned?: boolean;
  /** The unpacked extension to load; the sandbox build by default. */
  build?: string;
  /** The browser's language (the extension's messages follow it), e.g. 'fr'. */
  lang?: string;
  /** An X display to draw on (Xvfb's, e.g. ':93'): headed there, for real key presses (test/e2e/keys-headed.test.ts). */
  display?: string;
}

/** The id Chromium gives an unpacked extension: the SHA-256 of its absolute path, in letters a to p. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

/** Chromium reads the toolbar's pinned extensions from the profile's preferences. */
function pinExtension(profile: string, id: string): void {
  mkdirSync(join(profile, 'Default'), { recursive: true });
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ extensions: { pinned_extensions: [id] } }));
}

export async function launchExtension({
  headless = true,
  profileDir,
  pinned = false,
  build = SANDBOX_BUILD,
  lang,
  display,
}: LaunchOptions = {}): Promise<ExtensionBrowser> {
  if (display) headless = false;
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium)`);
  if (!existsSync(join(build, 'manifest.json'))) throw new Error(`No sandbox build at ${build}: run npm run build:sandbox`);
  const profile = profileDir ?? mkdtempSync(join(tmpdir(), 'ia-e2e-'));
  if (pinned && !existsSync(join(profile, 'Default', 'Preferences'))) pinExtension(profile, unpackedExtensionId(build));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless,
    viewport: headless ? { width: 1280, height: 720 } : null,
    ignoreDefaultArgs: ['--disable-extensions'],
    ...(lang ? { locale: lang } : {}),
    ...(lang || display
      ? { env: { ...process.env, ...(lang ? { LANGUAGE: lang, LANG: `${lang}_${lang.toUpperCase()}.UTF-8` } : {}), ...(display ? { DISPLAY: display } : {}) } }
      : {}),
    args: [
      ...(lang ? [`--lang=${lang}`] : []),
      `--disable-extensions-except=${build}`,
      `--load-extension=${build}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Nothing leaves the machine: a network page no test serves is a bare page of the network's (as
  // its sign-in wall is to a browser not signed in), not a lookup a machine without DNS fails.
  // A test's own routes, registered later, come first.
  await context.route('https://www.linkedin.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: UNSERVED_PAGE })
      : route.fulfill({ status: 404, body: '' }),
  );
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    worker,
    close: async () => {
      await context.close();
      if (!profileDir) rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface ChromeGlobal {
  chrome: { action: { getBadgeText(details: object): Promise<string>; getTitle(details: object): Promise<string> } };
}

/** The toolbar's title (tooltip), which says why the badge looks as it does. */
export async function badgeTitle(worker: Worker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.action.getTitle({}));
}

/**
 * What the badge counts of a sandbox account (lib/invitations/ready-count.ts): its ready
 * invitations, less those whose agent waits (paused, cancelled, unpaid), which are said apart.
 */
export function badgeCount(account: { actions: { status: string; agent_id: string }[]; agents: { id: string; status: string }[] }): number {
  const waits = new Set(account.agents.filter((a) => agentWaits(a.status)).map((a) => a.id));
  return account.actions.filter((a) => a.status === 'ready' && !waits.has(a.agent_id)).length;
}

/** The toolbar badge text, read from the extension's own service worker. */
export async function badgeText(worker: Worker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.action.getBadgeText({}));
}

/** Waits until the badge shows a number (the background has listed the ready actions). */
export async function waitForBadgeCount(worker: Worker, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = await badgeText(worker);
  while (!/^\d+\+?$/.test(text)) {
    if (Date.now() > deadline) throw new Error(`The badge never showed a count (last: "${text}")`);
    await new Promise((r) => setTimeout(r, 200));
    text = await badgeText(worker);
  }
  return text;
}

/** Connects to the sandbox (address and key) through the options page, as a person would. */
export async function configureThroughOptions(ext: ExtensionBrowser, serviceUrl: string, key: string): Promise<void> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/options.html#settings`);
  await page.getByLabel('Service URL').fill(serviceUrl);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByText(/^Connected\./).waitFor();
  await page.close();
}

/** The extension configured for this sandbox through its options page, its ready list fetched. */
export async function launchConfigured(serviceUrl: string, key: string): Promise<ExtensionBrowser> {
  const ext = await launchExtension();
  await configureThroughOptions(ext, serviceUrl, key);
  await waitForBadgeCount(ext.worker);
  return ext;
}

/** The popup's row of this prospect (its heading is named after them). */
export function popupRow(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The row of this prospect expanded, as a person clicks it open to edit or act. */
export async function expandRow(page: Page, name: string): Promise<Locator> {
  const row = popupRow(page, name);
  const toggle = row.locator('.row-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return row;
}

/** Opens "Mark by hand" in an expanded row, where Mark sent and Mark failed are. */
export async function markByHand(row: Locator): Promise<void> {
  const more = row.locator('details.more');
  if (!(await more.evaluate((el) => (el as HTMLDetailsElement).open))) await row.getByText('Mark by hand').click();
}

/** A profile in a tab, then the popup (in a tab of its own, as the tests open it) with its This profile block. */
export async function popupOver(ext: ExtensionBrowser, slug: string): Promise<{ profile: Page; popup: Page }> {
  const profile = await ext.context.newPage();
  await profile.goto(`https://www.linkedin.com/in/${slug}/`);
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await popup.getByRole('region', { name: /This profile/ }).waitFor({ timeout: 15_000 });
  return { profile, popup };
}

/** The options page at one of its views (`hash`), once its navigation shows. */
export async function openOptionsView(ext: ExtensionBrowser, hash: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/options.html#${hash}`);
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  return page;
}

/**
 * The whole request budget, as a person who uses the options views all day would set it under
 * Advanced: the tests and the screenshots open views faster than a person does (a view's reads get
 * two thirds of it).
 */
export async function wholeBudgetForViews(ext: ExtensionBrowser): Promise<void> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/options.html#settings`);
  await page.evaluate(() =>
    (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({
      type: 'saveSettings',
      requestCap: 100,
    }),
  );
  await page.close();
}

/** Configured, with the whole request budget for views (`wholeBudgetForViews`). */
export async function launchForViews(serviceUrl: string, key: string): Promise<ExtensionBrowser> {
  const ext = await launchConfigured(serviceUrl, key);
  await wholeBudgetForViews(ext);
  return ext;
}

interface ExtensionGlobal {
  chrome: {
    runtime: { sendMessage(m: unknown): Promise<unknown> };
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
    action: { getBadgeText(details: object): Promise<string> };
  };
}

/** One page of the extension's own (its popup, in a tab) kept open per browser to speak as the extension's pages do. */
const ownPages = new WeakMap<ExtensionBrowser, Page>();

async function ownPage(ext: ExtensionBrowser): Promise<Page> {
  const kept = ownPages.get(ext);
  if (kept && !kept.isClosed()) return kept;
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  ownPages.set(ext, page);
  return page;
}

/** A request of the extension's pages (the protocol's), sent as the popup sends it; its reply. */
export async function askAsExtension(ext: ExtensionBrowser, message: object): Promise<{ ok: boolean; data?: unknown; error?: { message: string } }> {
  const page = await ownPage(ext);
  return page.evaluate((m) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage(m), message) as Promise<{ ok: boolean }>;
}

/**
 * The popup's Open profile for an action: the tab that comes with its panel. A new one, unless a tab
 * (`shownIn`) already shows that profile, which then comes forward with the panel.
 */
export async function openAsExtension(ext: ExtensionBrowser, actionId: string, shownIn?: Page): Promise<Page> {
  await ownPage(ext);
  const opened = shownIn ? Promise.resolve(shownIn) : ext.context.waitForEvent('page');
  const reply = await askAsExtension(ext, { type: 'openProfile', actionId });
  if (!reply.ok) throw new Error(`Open profile refused: ${reply.error?.message}`);
  return opened;
}

/** The badge a tab shows (its own, or the toolbar's), found by its address; read in the extension. */
export async function tabBadgeText(ext: ExtensionBrowser, url: string): Promise<string> {
  return ext.worker.evaluate(async (href) => {
    const { chrome } = globalThis as unknown as ExtensionGlobal;
    const tab = (await chrome.tabs.query({ url: 'https://www.linkedin.com/*' })).find((t) => t.url === href);
    if (tab?.id === undefined) throw new Error(`No tab at ${href}`);
    return chrome.action.getBadgeText({ tabId: tab.id });
  }, url);
}
