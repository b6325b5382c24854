// When the panel comes, in Chromium (issue 30): on no arrival of the page's making or the person's
// own (document loads a page's script makes, address rewrites after each of the person's keys, a
// link back to a profile), only where the extension brought the tab or the person asked. The tab's
// own badge, which the page cannot see, says that an invitation is ready there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProfile, networkApp } from '../fixtures/network-app';
import { slugOfPath } from '../fixtures/serve-profiles';
import { HERE_TEXT } from '../../lib/invitations/badge';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { badgeText, expandRow, launchConfigured, openAsExtension, tabBadgeText, type ExtensionBrowser } from './browser';
import { PAGE_SAW, PAGE_WATCH, type PageSaw } from './page-watch';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const STRANGERS = ['stranger-one', 'stranger-two', 'stranger-three', 'stranger-four'];

const host = (page: Page) => page.locator('#invitation-assistant-panel');
const heading = (page: Page) =>
  host(page)
    .getByRole('region', { name: 'Invitation' })
    .getByRole('heading', { level: 3 })
    .textContent({ timeout: 500 })
    .catch(() => null);

function prospects() {
  const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready');
  return ready.map((a) => ({ id: a.id, slug: slugOfPath(new URL(a.contact.network_url).pathname), name: `${a.contact.firstname} ${a.contact.lastname}` }));
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  const profiles: Record<string, AppProfile> = {};
  for (const s of STRANGERS) profiles[s] = { name: s.replace('-', ' '), card: 'connect' };
  for (const p of prospects()) profiles[p.slug] = { name: p.name, card: p.name.startsWith('Priya') ? 'pending' : 'connect' };
  const body = networkApp(profiles);
  // Every document of the network is the app; it draws what the address names.
  await ext.context.route('https://www.linkedin.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body })
      : route.fulfill({ status: 404, body: '' }),
  );
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

/** What the page saw, once the loader and the background had time to act on the address it shows. */
async function sawAfter(page: Page, ms = 1500): Promise<PageSaw> {
  await page.waitForTimeout(ms);
  return page.evaluate(PAGE_SAW) as Promise<PageSaw>;
}

describe('when the panel comes (Chromium)', () => {
  it('a page that loads five candidate profiles itself, one ready, gets no panel on any and a DOM the same on all; the tab’s badge names the ready one', async () => {
    const ready = prospects()[0]!;
    const candidates = [STRANGERS[0]!, STRANGERS[1]!, ready.slug, STRANGERS[2]!, STRANGERS[3]!];
    const page = await ext.context.newPage();
    await page.addInitScript(PAGE_WATCH);
    await page.goto('https://www.linkedin.com/feed/');
    const count = await badgeText(ext.worker);
    const seen: { slug: string; saw: PageSaw; badge: string }[] = [];
    for (const slug of candidates) {
      // The page's own script: a new document each time.
      await Promise.all([page.waitForURL(`**/in/${slug}/`), page.evaluate((s) => location.assign(`/in/${s}/`), slug)]);
      const saw = await sawAfter(page);
      seen.push({ slug, saw, badge: await tabBadgeText(ext, page.url()) });
      expect(await host(page).count()).toBe(0);
    }
    for (const { slug, saw, badge } of seen) {
      expect(saw.changes, slug).toEqual([]);
      expect(saw.outside).toBe(seen[0]!.saw.outside);
      expect(badge, slug).toBe(slug === ready.slug ? HERE_TEXT : count);
    }
    await page.close();
  });

  it('a page that rewrites its address after each of the person’s keys in its search box gets no panel and no change; the badge follows', async () => {
    const ready = prospects()[1]!;
    const candidates = [STRANGERS[0]!, ready.slug, STRANGERS[1]!, STRANGERS[2]!];
    const page = await ext.context.newPage();
    await page.addInitScript(PAGE_WATCH);
    await page.goto('https://www.linkedin.com/feed/');
    const count = await badgeText(ext.worker);
    // The page's script: each key the person presses in its search box draws the next candidate.
    await page.evaluate((list) => {
      let next = 0;
      document.getElementById('search')!.addEventListener('keydown', () => {
        const slug = list[next++ % list.length]!;
        (window as unknown as { __show(s: string): void }).__show(slug);
      });
    }, candidates);
    await page.locator('#search').click();
    for (const slug of candidates) {
      await page.keyboard.press('a');
      // The page's own address change reaches the driver as an event of its own: wait for it, not race it.
      await page.waitForURL(`https://www.linkedin.com/in/${slug}/`);
      const saw = await sawAfter(page, 1200);
      expect(saw.changes, slug).toEqual([]);
      expect(await host(page).count()).toBe(0);
      expect(await tabBadgeText(ext, page.url()), slug).toBe(slug === ready.slug ? HERE_TEXT : count);
    }
    await page.close();
  });

  it('Open profile brings the panel on that profile; leaving it and coming back by a link does not; Prepare here in the popup does', async () => {
    const prospect = prospects().find((p) => p.name.startsWith('Priya'))!;
    const tab = await openAsExtension(ext, prospect.id);
    await tab.waitForURL(`https://www.linkedin.com/in/${prospect.slug}/`);
    await expect.poll(() => heading(tab), { timeout: 15_000 }).toBe(prospect.name);
    // The person leaves for the feed, then comes back by a link the page handles.
    await tab.click('a[href="/feed/"]');
    await expect.poll(() => host(tab).count(), { timeout: 5000 }).toBe(0);
    await tab.click(`a[href="/in/${prospect.slug}/"]`);
    await tab.waitForTimeout(2000);
    expect(await host(tab).count()).toBe(0);
    expect(await tabBadgeText(ext, tab.url())).toBe(HERE_TEXT);
    // A reload of the profile: a new document, no panel either.
    await tab.reload();
    await tab.waitForTimeout(2000);
    expect(await host(tab).count()).toBe(0);
    // The person asks, in the popup's This profile: the panel comes (on a pending card it offers Mark sent).
    await tab.bringToFront();
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    const block = popup.getByRole('region', { name: /This profile/ });
    await expect(block.getByRole('heading', { level: 2 }).textContent({ timeout: 15_000 })).resolves.toContain(`linkedin.com/in/${prospect.slug}`);
    await block.getByRole('button', { name: 'Prepare here' }).click();
    await block.getByText(/^On the page now/).waitFor();
    await expect.poll(() => heading(tab), { timeout: 15_000 }).toBe(prospect.name);
    await host(tab).getByRole('button', { name: 'Mark sent' }).waitFor();
    // And the popup's own Open profile, on the row: the same tab comes forward, the panel still there.
    await (await expandRow(popup, prospect.name)).getByRole('button', { name: 'Open profile' }).click();
    expect(await heading(tab)).toBe(prospect.name);
    await popup.close();
    await tab.close();
  });
});
