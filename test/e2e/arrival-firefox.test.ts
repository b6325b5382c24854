// How the panel arrives in Firefox (Debian's firefox-esr over WebDriver BiDi): a person's click
// from the feed to a prospect, swapped in by the page's script with pushState, shows the panel;
// a script's address rewrites alone, to prospects or a stranger, show none; Back shows it again.
// And the page, listening to every message and reading its DOM, learns nothing of the extension.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProfile, networkApp } from '../fixtures/network-app';
import { slugOfPath } from '../fixtures/serve-profiles';
import { until } from '../helpers/until';
import { launchFirefoxExtension, type FirefoxExtension } from './firefox-browser';
import type { RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';

const STRANGER = 'someone-not-prospected';

let firefox: FirefoxExtension;
let sb: RunningSandbox;
let browser: Browser;
let geckoId: string;
let EXTENSION_UUID: string;

function prospects() {
  const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready');
  return ready.slice(0, 11).map((a) => ({ slug: slugOfPath(new URL(a.contact.network_url).pathname), name: `${a.contact.firstname} ${a.contact.lastname}` }));
}

beforeAll(async () => {
  firefox = await launchFirefoxExtension();
  ({ browser, sb, geckoId, uuid: EXTENSION_UUID } = firefox);
  await until(() => sb.sandbox.log.some((l) => l.route === 'listActions' && l.status === 200), 'the background to poll the sandbox');
});

afterAll(async () => {
  await firefox?.close();
});

/** Every document of the network is the app (it draws what the address names); nothing else answers. */
async function openApp(path: string): Promise<Page> {
  const profiles: Record<string, AppProfile> = { [STRANGER]: { name: 'Stranger Person', card: 'connect' } };
  for (const p of prospects()) profiles[p.slug] = { name: p.name, card: 'connect' };
  const body = networkApp(profiles);
  const page = await browser.newPage();
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    // The app loads nothing but its document (BiDi gives no resource type): the icon is the only other request.
    const url = new URL(request.url());
    const document = url.hostname === 'www.linkedin.com' && url.pathname !== '/favicon.ico';
    const answer = document ? request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body }) : request.respond({ status: 404, body: '' });
    answer.catch((error: Error) => {
      if (!/no such request/i.test(error.message)) throw error;
    });
  });
  await page.goto(`https://www.linkedin.com${path}`);
  return page;
}

const heading = (page: Page) =>
  page.evaluate(() => document.getElementById('invitation-assistant-panel')?.shadowRoot?.querySelector('h3')?.textContent ?? null);
const hasPanel = (page: Page) => page.evaluate(() => !!document.getElementById('invitation-assistant-panel'));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const show = (page: Page, slug: string) => page.evaluate((s) => (window as unknown as { __show(slug: string): void }).__show(s), slug);

/**
 * What a page's own script can learn: every message posted to it and its DOM. The sandbox build's
 * documented test hooks (the host's id and open root, performance marks) are left out: store
 * builds have none (store-build.test.ts, page-learns-nothing.test.ts).
 */
async function whatThePageLearned(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.documentElement.cloneNode(true) as HTMLElement;
    clone.querySelector('#invitation-assistant-panel')?.remove();
    const heard = (window as unknown as { __heard: string[] }).__heard;
    return [...heard, clone.outerHTML].join('\n').toLowerCase();
  });
}

function expectNothingNamed(learned: string): void {
  for (const trace of [geckoId, EXTENSION_UUID, 'moz-extension', 'invitation-assistant', 'invitation assistant', 'content-script-started', 'wxt']) {
    const at = learned.indexOf(trace.toLowerCase());
    expect(at < 0 ? '' : learned.slice(Math.max(0, at - 200), at + 100)).toBe('');
  }
}

describe('arrival by any path (Firefox)', () => {
  it('shows the panel after a person’s click to a prospect from the feed; a script’s address rewrites, to prospects or a stranger, show none; Back shows it again', async () => {
    const [clicked, ...probed] = prospects();
    expect(probed.length).toBe(10);
    const page = await openApp('/feed/');
    await pause(1500);
    expect(await hasPanel(page)).toBe(false);

    await page.click(`a[href="/in/${clicked!.slug}/"]`);
    await until(async () => (await heading(page)) === clicked!.name, 'the panel for the clicked prospect');

    for (const p of probed) {
      await show(page, p.slug);
      await pause(300);
      expect(await hasPanel(page)).toBe(false);
    }
    await pause(2500);
    expect(await hasPanel(page)).toBe(false);
    await show(page, STRANGER);
    await pause(2000);
    expect(await hasPanel(page)).toBe(false);

    // The browser's Back (a same-document entry: the driver may not see a navigation end).
    void page.goBack().catch(() => undefined);
    const last = probed.at(-1)!;
    await until(async () => (await page.evaluate(() => location.pathname)) === `/in/${last.slug}/`, 'Back to the last entry');
    await until(async () => (await heading(page)) === last.name, 'the panel again after Back');
    await page.close();
  });

  it('tells a page that listens to every message and reads its DOM nothing of the extension, with and without an invitation', async () => {
    const [prospect] = prospects();
    for (const path of [`/in/${prospect!.slug}/`, `/in/${STRANGER}/`, '/feed/']) {
      const page = await openApp(path);
      if (path.includes(prospect!.slug)) await until(async () => (await heading(page)) === prospect!.name, 'the panel for the prospect');
      else await pause(2000);
      // The listener hears what is posted to the page: its own message comes through.
      await page.evaluate(() => window.postMessage('the page’s own', '*'));
      await until(async () => (await whatThePageLearned(page)).includes('the page’s own'), 'the page’s listener to hear');
      expectNothingNamed(await whatThePageLearned(page));
      await page.close();
    }
  });
});
