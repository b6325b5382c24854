// The content script and the background in Firefox (Debian's firefox-esr, over WebDriver BiDi):
// the assisted send on a fixture served at the network's real address.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wxtBuild } from '../../scripts/lib/build';
import { profilePage } from '../fixtures/profile-page';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const BUILD = resolve('.output/firefox-mv2-sandbox');

let sb: RunningSandbox;
let browser: Browser;
let profileDir: string;

const actionOf = (first: string) => sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === first)!;

beforeAll(async () => {
  if (!existsSync(FIREFOX)) throw new Error(`Firefox not found at ${FIREFOX}: install it (apt-get install -y firefox-esr)`);
  sb = await startSandbox({ port: 0 });
  // Firefox gets the demo's preset build: its options page cannot be reached by the test.
  wxtBuild(['-b', 'firefox', '--mode', 'sandbox'], { WXT_SANDBOX_URL: sb.url, WXT_SANDBOX_KEY: DEMO_KEY });
  profileDir = mkdtempSync(join(tmpdir(), 'ia-firefox-'));
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profileDir,
    extraPrefsFirefox: { 'network.captive-portal-service.enabled': false, 'app.update.enabled': false },
  });
  await browser.installExtension(BUILD);
});

afterAll(async () => {
  await browser?.close();
  await sb?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** Serves each given profile (slug → name) at its real address; everything else is a 404. */
async function serve(page: Page, profiles: Record<string, string>): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    const slug = decodeURIComponent(/^\/in\/([^/]+)/.exec(url.pathname)?.[1] ?? '');
    const name = url.hostname === 'www.linkedin.com' ? profiles[slug] : undefined;
    const answer = name
      ? request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: profilePage({ slug, name, card: 'connect-in-more', mimic: {} }) })
      : request.respond({ status: 404, body: '' });
    // A request the page gave up (it navigated in the meantime) has nothing left to answer.
    answer.catch((error: Error) => {
      if (!/no such request/i.test(error.message)) throw error;
    });
  });
}

const slugOf = (first: string) => actionOf(first).contact.network_url.split('/in/')[1]!;
const nameOf = (first: string) => `${actionOf(first).contact.firstname} ${actionOf(first).contact.lastname}`;

describe('Firefox', () => {
  it('lists the ready actions in the background and runs the assisted send from the content script', async () => {
    await until(() => sb.sandbox.log.some((l) => l.route === 'listActions' && l.status === 200), 'the background to poll the sandbox');
    const camille = actionOf('Camille');
    const slug = slugOf('Camille');
    const page = await browser.newPage();
    await serve(page, { [slug]: nameOf('Camille') });
    await page.goto(`https://www.linkedin.com/in/${slug}/`);
    const hostState = () => page.evaluate(() => document.getElementById('invitation-assistant-panel')?.getAttribute('data-invitation-state') ?? null);
    await until(async () => (await hostState()) === 'connect-in-more', 'the panel on the profile');
    // A person's clicks (the panel obeys no click a page script dispatches).
    await page.click('#invitation-assistant-panel >>> button.primary');
    await until(
      () => page.evaluate(() => !(document.querySelector('[data-send]') as HTMLButtonElement | null)?.disabled && !!document.querySelector('[data-send]')),
      'Send enabled',
    );
    expect(await page.evaluate(() => (document.getElementById('custom-message') as HTMLTextAreaElement).value)).toBe(camille.message);
    // As a person would: once the panel says the note is in.
    await until(
      () => page.evaluate(() => !!document.getElementById('invitation-assistant-panel')?.shadowRoot?.textContent?.includes('press Send on the page')),
      'the panel to say the note is in',
    );
    await page.click('[data-send]');
    await until(() => actionOf('Camille').status === 'sent', 'the sandbox to hold the mark');
    expect(actionOf('Camille').metadata).toMatchObject({ method: 'assisted', browser: 'firefox', note_included: true, page_state_before: 'connect-in-more' });
    await until(async () => (await hostState()) === 'sent', 'the panel to say sent');
    await page.close();
  });

  it('follows in-page navigation: another profile switches the panel, one without invitation removes it', async () => {
    const page = await browser.newPage();
    await serve(page, { [slugOf('Antoine')]: nameOf('Antoine'), [slugOf('Hannah')]: nameOf('Hannah') });
    await page.goto(`https://www.linkedin.com/in/${slugOf('Antoine')}/`);
    const heading = () => page.evaluate(() => document.getElementById('invitation-assistant-panel')?.shadowRoot?.querySelector('h3')?.textContent ?? null);
    await until(async () => (await heading()) === nameOf('Antoine'), 'the panel for the first profile');
    // A real in-page navigation: the site draws the other profile, then changes the address.
    const main = /<main>([\s\S]*?)<\/main>/.exec(profilePage({ slug: slugOf('Hannah'), name: nameOf('Hannah'), card: 'connect-in-more' }))![1]!;
    await page.evaluate(
      (html, next) => {
        document.querySelector('main')!.innerHTML = html;
        history.pushState({}, '', `/in/${next}/`);
      },
      main,
      slugOf('Hannah'),
    );
    await until(async () => (await heading()) === nameOf('Hannah'), 'the panel to switch profiles');
    await page.evaluate(() => history.pushState({}, '', '/in/someone-without-invitation/'));
    await until(async () => !(await page.evaluate(() => !!document.getElementById('invitation-assistant-panel'))), 'the panel to go');
    await page.close();
  });
});
