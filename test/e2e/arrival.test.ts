// How the panel arrives in Chromium: a person reaches a prospect's profile from the feed by a
// click the site handles itself (no document load); a page's script that rewrites its address
// alone, to prospects or to a stranger, gets no panel; Back brings the panel back.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProfile, networkApp } from '../fixtures/network-app';
import { slugOfPath } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { launchConfigured, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const STRANGER = 'someone-not-prospected';

const host = (page: Page) => page.locator('#invitation-assistant-panel');
const headingLocator = (page: Page) => host(page).getByRole('region', { name: 'Invitation assistant for this profile' }).getByRole('heading', { level: 3 });
/** The panel's heading (its prospect's name), or null when there is none: never waits. */
const heading = (page: Page) =>
  headingLocator(page)
    .textContent({ timeout: 500 })
    .catch(() => null);

/** Eleven ready invitations: the one the person clicks, and ten a page's script probes. */
function prospects() {
  const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready');
  return ready.slice(0, 11).map((a) => ({ slug: slugOfPath(new URL(a.contact.network_url).pathname), name: `${a.contact.firstname} ${a.contact.lastname}` }));
}

function app(): string {
  const profiles: Record<string, AppProfile> = { [STRANGER]: { name: 'Stranger Person', card: 'connect' } };
  for (const p of prospects()) profiles[p.slug] = { name: p.name, card: 'connect' };
  return networkApp(profiles);
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  // Every document of the network is the app; it draws what the address names.
  await ext.context.route('https://www.linkedin.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: app() })
      : route.fulfill({ status: 404, body: '' }),
  );
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

/** The panel's host count now, and after the loader and the background had time to act on it. */
async function noPanelFor(page: Page, ms: number): Promise<void> {
  await page.waitForTimeout(ms);
  expect(await host(page).count()).toBe(0);
}

describe('arrival by any path (Chromium)', () => {
  it('shows the panel after a person’s click to a prospect from the feed; a script’s address rewrites, to prospects or a stranger, show none; Back shows it again', async () => {
    const [clicked, ...probed] = prospects();
    expect(probed.length).toBe(10);
    const page = await ext.context.newPage();
    await page.goto('https://www.linkedin.com/feed/');
    await noPanelFor(page, 1500);

    await page.click(`a[href="/in/${clicked!.slug}/"]`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(clicked!.name);
    expect(page.url()).toBe(`https://www.linkedin.com/in/${clicked!.slug}/`);

    // The page's own script, with no input of the person: it draws each prospect and rewrites the address.
    for (const p of probed) {
      await page.evaluate((slug) => (window as unknown as { __show(s: string): void }).__show(slug), p.slug);
      await noPanelFor(page, 300);
    }
    await noPanelFor(page, 2500);
    await page.evaluate((slug) => (window as unknown as { __show(s: string): void }).__show(slug), STRANGER);
    await noPanelFor(page, 2000);

    // The browser's Back: the entry before, a prospect's profile the page draws again.
    await page.goBack();
    const last = probed.at(-1)!;
    expect(page.url()).toBe(`https://www.linkedin.com/in/${last.slug}/`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(last.name);
    await page.close();
  });

  it('keeps the panel on its person when a script rewrites only the address, and removes it when the page leaves profiles', async () => {
    const [first, other] = prospects();
    const page = await ext.context.newPage();
    await page.goto(`https://www.linkedin.com/in/${first!.slug}/`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe(first!.name);
    await page.evaluate((slug) => history.pushState({}, '', `/in/${slug}/`), other!.slug);
    await page.waitForTimeout(2000);
    expect(await heading(page)).toBe(first!.name);
    await page.evaluate(() => history.pushState({}, '', '/feed/'));
    await expect.poll(() => host(page).count(), { timeout: 5000 }).toBe(0);
    await page.close();
  });
});
