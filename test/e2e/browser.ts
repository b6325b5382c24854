// Launches Debian's Chromium with the built sandbox extension loaded.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SANDBOX_BUILD = resolve('.output/chrome-mv3-sandbox');

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
  /** The unpacked build to load; by default the sandbox build. */
  build?: string;
}

export async function launchExtension({ headless = true, profileDir, build = SANDBOX_BUILD }: LaunchOptions = {}): Promise<ExtensionBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium)`);
  if (!existsSync(join(build, 'manifest.json'))) throw new Error(`No build at ${build}: run npm run build:sandbox (or npm run build)`);
  const profile = profileDir ?? mkdtempSync(join(tmpdir(), 'ia-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless,
    viewport: headless ? { width: 1280, height: 720 } : null,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
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

/** Saves the sandbox's address and key through the options page, as a person would. */
export async function configureThroughOptions(ext: ExtensionBrowser, serviceUrl: string, key: string): Promise<void> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/options.html`);
  await page.getByLabel('Service URL').fill(serviceUrl);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  await page.close();
}

/** The extension configured for this sandbox through its options page, its ready list fetched. */
export async function launchConfigured(serviceUrl: string, key: string): Promise<ExtensionBrowser> {
  const ext = await launchExtension();
  await configureThroughOptions(ext, serviceUrl, key);
  await waitForBadgeCount(ext.worker);
  return ext;
}
