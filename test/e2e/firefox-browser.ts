// Debian's Firefox ESR over WebDriver BiDi (puppeteer-core) with the demo's preset build: it
// arrives connected to a sandbox of its own with the demo key.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { wxtBuild } from '../../scripts/lib/build';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';

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

export async function launchFirefoxExtension(): Promise<FirefoxExtension> {
  if (!existsSync(FIREFOX)) throw new Error(`Firefox not found at ${FIREFOX}: install it (apt-get install -y firefox-esr)`);
  const sb = await startSandbox({ port: 0 });
  // A build of its own: two files launching at once (e2e runs two) must not install each other's,
  // each preset for its own sandbox, nor one half rewritten.
  const out = mkdtempSync(join(tmpdir(), 'ia-firefox-build-'));
  const build = join(out, 'firefox-mv2-sandbox');
  wxtBuild(['-b', 'firefox', '--mode', 'sandbox'], { WXT_SANDBOX_URL: sb.url, WXT_SANDBOX_KEY: DEMO_KEY, WXT_OUT_DIR: out });
  const manifest = JSON.parse(readFileSync(join(build, 'manifest.json'), 'utf8')) as { browser_specific_settings: { gecko: { id: string } } };
  const geckoId = manifest.browser_specific_settings.gecko.id;
  const uuid = randomUUID();
  const profileDir = mkdtempSync(join(tmpdir(), 'ia-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profileDir,
    // WebDriver BiDi navigates only to web addresses unless allowed more: the extension's pages are
    // at moz-extension://, which a person reaches from the toolbar or the add-ons manager.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'network.captive-portal-service.enabled': false,
      'app.update.enabled': false,
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
    },
  });
  await browser.installExtension(build);
  return {
    browser,
    sb,
    geckoId,
    uuid,
    close: async () => {
      await browser.close();
      await sb.close();
      rmSync(profileDir, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    },
  };
}
