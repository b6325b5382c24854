// The desk in Chromium (issue 31), on the sandbox's simulated profiles. Playwright reaches no side
// panel's document, so the desk's page is opened in a tab of the same window: it follows the window's
// active tab as in the side panel (tabs.onActivated / onUpdated of its window; bringToFront makes a
// tab the active one) and never follows its own tab, and it writes its window into its address as in
// the side panel, which is how the background finds it (`runtime.getContexts`, lib/desk/page.ts).
// The one thing only the real side panel shows, that the popup's button opens it in the window, is
// checked by asking Chrome for its contexts. One browser for every case.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profilePage, type FixtureOptions } from '../fixtures/profile-page';
import { serveProfiles, slugOfPath } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { askAsExtension, expandRow, launchConfigured, markByHand, openAsExtension, popupRow, type ExtensionBrowser } from './browser';
import { PAGE_SAW, PAGE_WATCH, type PageSaw } from './page-watch';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
let desk: Page;
const pages = new Map<string, Omit<FixtureOptions, 'slug'>>();

const account = () => sb.sandbox.accounts.get(DEMO_KEY)!;
const actionOf = (first: string) => account().actions.find((a) => a.contact.firstname === first)!;
const slugOf = (first: string) => slugOfPath(new URL(actionOf(first).contact.network_url).pathname);
const nameOf = (first: string) => `${actionOf(first).contact.firstname} ${actionOf(first).contact.lastname}`;
/** The desk's invitation at hand, named after its prospect. */
const atHand = (name: string) => desk.getByRole('region', { name });
/** What the page holds of the extension's: the sandbox build's panel host, or any element added to its body. */
const bodyChildren = (page: Page) => page.evaluate(() => [...document.body.children].map((el) => `${el.tagName}#${el.id}`).join(' '));

/** A prospect's profile in a tab of its own, watched by the page from its start, looked at by the person. */
async function profileTab(first: string, options: Omit<FixtureOptions, 'slug' | 'name'> = { card: 'connect', mimic: {} }): Promise<Page> {
  pages.set(slugOf(first), { name: nameOf(first), ...options });
  const page = await ext.context.newPage();
  await page.addInitScript(PAGE_WATCH);
  await page.goto(`https://www.linkedin.com/in/${slugOf(first)}/`);
  await page.bringToFront();
  return page;
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  await serveProfiles(ext.context, (slug) => pages.get(slug));
  // The feed: a page of the network that is no profile.
  await ext.context.route('https://www.linkedin.com/feed/', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Feed | LinkedIn</title><main><h1>Feed</h1></main>' }),
  );
  desk = await ext.context.newPage();
  await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
  await desk.getByRole('main', { name: 'Desk' }).waitFor();
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

let openBefore = new Set<Page>();
beforeEach(() => {
  pages.clear();
  openBefore = new Set(ext.context.pages());
});
afterEach(async () => {
  for (const page of ext.context.pages()) if (!openBefore.has(page)) await page.close();
});

describe('the desk (Chromium)', () => {
  it('shows the invitation of the active tab’s profile and switches when the tab moves to another; This profile elsewhere on profiles, the queue off them', async () => {
    // Its window's address, where the background looks for it.
    await expect.poll(() => new URL(desk.url()).search).toMatch(/^\?window=\d+$/);
    const page = await profileTab('Camille');
    await atHand(nameOf('Camille')).waitFor({ timeout: 10_000 });
    const camille = atHand(nameOf('Camille'));
    await expect(camille.getByRole('textbox', { name: 'Note' }).inputValue()).resolves.toBe(actionOf('Camille').message);
    await camille.getByText(`${[...actionOf('Camille').message!].length} / 200 characters`).waitFor();
    const agent = account().agents.find((a) => a.id === actionOf('Camille').agent_id)!;
    await camille.getByText(`Agent: ${agent.name}`).waitFor();
    // The person moves to another prospect within the page (the site's script, no document load).
    pages.set(slugOf('Hannah'), { name: nameOf('Hannah'), card: 'connect' });
    const main = /<main>([\s\S]*?)<\/main>/.exec(profilePage({ slug: slugOf('Hannah'), name: nameOf('Hannah'), card: 'connect' }))![1]!;
    await page.evaluate(
      ([html, url]) => {
        document.querySelector('main')!.innerHTML = html!;
        history.pushState({}, '', url);
      },
      [main, `/in/${slugOf('Hannah')}/`],
    );
    await atHand(nameOf('Hannah')).waitFor({ timeout: 10_000 });
    // Someone without an invitation: This profile, for the profile the tab shows.
    pages.set('jeanne-durand-8c2f1', { name: 'Jeanne Durand', card: 'connect' });
    await page.goto('https://www.linkedin.com/in/jeanne-durand-8c2f1/');
    await desk.getByRole('region', { name: /This profile/ }).waitFor({ timeout: 10_000 });
    await desk.locator('.this-profile .slug').getByText('linkedin.com/in/jeanne-durand-8c2f1').waitFor();
    await desk.locator('.this-profile .who').getByText('Jeanne Durand').waitFor();
    // Off profiles: the queue and the weekly pace, as in the popup.
    await page.goto('https://www.linkedin.com/feed/');
    await desk.getByRole('list', { name: 'Ready invitations' }).waitFor({ timeout: 10_000 });
    await desk.getByText(/invitations sent in the last 7 days|Reading the invitations sent/).waitFor();
    // Back on a prospect's tab, by the person's own choice of tab.
    const other = await profileTab('Noah');
    await atHand(nameOf('Noah')).waitFor({ timeout: 10_000 });
    await page.bringToFront();
    await desk.getByRole('list', { name: 'Ready invitations' }).waitFor({ timeout: 10_000 });
    await other.close();
  });

  it('This profile of someone the extension invited earlier (in its record) says so, with the note sent, and offers no agent', async () => {
    const sentAt = Date.now() - 3 * 86_400_000;
    const sentRecord = [
      { actionId: 'act-earlier', slug: 'lea-martin-earlier', name: 'Léa Martin', agentName: 'Prospection SaaS', note: 'Bonjour Léa', sentAt },
    ];
    await ext.worker.evaluate(
      (v) => (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set({ sentRecord: v }),
      sentRecord,
    );
    pages.set('lea-martin-earlier', { name: 'Léa Martin', card: 'pending' });
    const page = await ext.context.newPage();
    await page.goto('https://www.linkedin.com/in/lea-martin-earlier/');
    await page.bringToFront();
    const profile = desk.getByRole('region', { name: /This profile/ });
    await profile.getByText(/^Invitation sent on .+ through Prospection SaaS$/).waitFor({ timeout: 10_000 });
    await profile.getByText('pending', { exact: false }).first().waitFor();
    await profile.getByText('Bonjour Léa').waitFor();
    expect(await profile.getByRole('button', { name: 'Add to this agent' }).count()).toBe(0);
    expect(await profile.getByRole('combobox', { name: 'Add to agent' }).count()).toBe(0);
  });

  it('Prepare in the desk types the note in that tab’s dialog and stops before Send, with nothing of the extension in the page; the person’s Send records sent, and the desk offers the next, opened in the same tab', async () => {
    const page = await profileTab('Julien', { card: 'connect-in-more', mimic: {} });
    const before = await bodyChildren(page);
    const julien = atHand(nameOf('Julien'));
    const prepare = julien.getByRole('button', { name: 'Prepare the invitation' });
    await prepare.waitFor({ timeout: 10_000 });
    // The desk's next step has the focus: Enter prepares.
    await expect.poll(() => prepare.evaluate((el) => el === document.activeElement)).toBe(true);
    await desk.keyboard.press('Enter');
    const note = actionOf('Julien').message!;
    await expect.poll(() => page.locator('#custom-message').inputValue(), { timeout: 10_000 }).toBe(note);
    await expect(page.locator('[data-counter]').textContent()).resolves.toBe(`${note.length}/200`);
    // The state of the attempt, in the desk's live line (the help, folded, says it too).
    await julien
      .getByRole('status')
      .getByText(/press Send on the page/)
      .waitFor({ timeout: 10_000 });
    expect(actionOf('Julien').status).toBe('ready');
    // Nothing of the extension's in the page: no panel host, no node added to its body.
    expect(await page.locator('#invitation-assistant-panel').count()).toBe(0);
    expect(await bodyChildren(page)).toBe(before);
    // For the next: every ready prospect has a page.
    for (const a of account().actions) {
      const slug = slugOfPath(new URL(a.contact.network_url).pathname);
      if (!pages.has(slug)) pages.set(slug, { name: `${a.contact.firstname} ${a.contact.lastname}`, card: 'connect', mimic: {} });
    }
    await page.click('[data-send]');
    await until(() => actionOf('Julien').status === 'sent', 'Julien marked sent');
    expect(actionOf('Julien').metadata).toMatchObject({ method: 'assisted', note_included: true, page_state_before: 'connect-in-more' });
    await julien.getByText('Marked sent on the service.').waitFor({ timeout: 10_000 });
    const open = julien.getByRole('button', { name: 'Open', exact: true });
    await expect.poll(() => open.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
    const nextName = (await julien.locator('.next-up strong').textContent())!;
    const saw = (await page.evaluate(PAGE_SAW)) as PageSaw;
    expect(saw.changes.filter((c) => c.startsWith('childList BODY'))).toEqual([]);
    expect(await page.locator('#invitation-assistant-panel').count()).toBe(0);
    await open.click();
    await page.waitForURL((url) => url.pathname !== `/in/${slugOf('Julien')}/`, { timeout: 10_000 });
    const next = account().actions.find((a) => slugOfPath(new URL(a.contact.network_url).pathname) === slugOfPath(new URL(page.url()).pathname))!;
    expect(`${next.contact.firstname} ${next.contact.lastname}`).toBe(nextName);
    await atHand(nextName).getByRole('button', { name: 'Prepare the invitation' }).waitFor({ timeout: 10_000 });
    // Brought there by the extension: its assisted send reads the page (the desk says what it shows), and still draws nothing.
    await atHand(nextName).getByText('Connect available').waitFor({ timeout: 10_000 });
    expect(await page.locator('#invitation-assistant-panel').count()).toBe(0);
  });

  it('with "Let me click on the page", the desk says which of the page’s buttons to press, and the page hears no event the extension made', async () => {
    expect(await askAsExtension(ext, { type: 'saveSettings', letMeClick: true })).toMatchObject({ ok: true });
    try {
      const page = await profileTab('Noah', { card: 'connect-in-more', mimic: {} });
      const noah = atHand(nameOf('Noah'));
      await noah.getByRole('button', { name: 'Prepare the invitation' }).click({ timeout: 10_000 });
      await noah.getByText("Press More on the profile's card, then Connect in its menu.").waitFor({ timeout: 10_000 });
      await page.click('[data-more]');
      await noah.getByText('Press Connect in the More menu.').waitFor();
      await page.click('[role="menuitem"][href*="custom-invite"]');
      await noah.getByText('Press “Add a note” in the invitation window.').waitFor();
      await page.click('[data-add-note]');
      await noah.getByText('The note is in. Check it, then press Send in the invitation window.').waitFor({ timeout: 10_000 });
      await expect(page.locator('#custom-message').inputValue()).resolves.toBe(actionOf('Noah').message);
      await page.click('[data-send]');
      await until(() => actionOf('Noah').status === 'sent', 'Noah marked sent');
      const saw = (await page.evaluate(PAGE_SAW)) as PageSaw;
      expect(saw.untrusted).toEqual([]);
      expect(saw.changes.filter((c) => c.startsWith('childList BODY'))).toEqual([]);
    } finally {
      await askAsExtension(ext, { type: 'saveSettings', letMeClick: false });
    }
  });

  it('a panel already in the page leaves it when the desk looks at its window, and the desk shows its invitation', async () => {
    await desk.close();
    const page = await profileTab('Antoine');
    await openAsExtension(ext, actionOf('Antoine').id, page);
    await page.locator('#invitation-assistant-panel').waitFor({ state: 'attached', timeout: 10_000 });
    desk = await ext.context.newPage();
    await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
    await page.bringToFront();
    await expect.poll(() => page.locator('#invitation-assistant-panel').count(), { timeout: 10_000 }).toBe(0);
    await atHand(nameOf('Antoine')).getByText('Connect available').waitFor({ timeout: 10_000 });
    openBefore.add(desk);
  });

  it('the queue in the desk is the popup’s, kept in step after a mark made in either', async () => {
    const away = await ext.context.newPage();
    await away.goto('https://www.linkedin.com/feed/');
    await away.bringToFront();
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    const [first, second] = account().actions.filter((a) => a.status === 'ready' && a.contact.firstname !== 'Antoine');
    const name = (a: typeof first) => `${a!.contact.firstname} ${a!.contact.lastname}`;
    await popupRow(desk, name(first)).waitFor({ timeout: 10_000 });
    // Marked in the popup: gone from the desk's queue.
    await markByHand(await expandRow(popup, name(first)));
    await popupRow(popup, name(first)).getByRole('button', { name: 'Mark sent' }).click();
    await expect.poll(() => popupRow(desk, name(first)).count(), { timeout: 10_000 }).toBe(0);
    // Marked in the desk: gone from the popup's.
    await markByHand(await expandRow(desk, name(second)));
    await popupRow(desk, name(second)).getByRole('button', { name: 'Mark sent' }).click();
    await expect.poll(() => popupRow(popup, name(second)).count(), { timeout: 10_000 }).toBe(0);
  });

  it('the popup’s Work beside the page opens Chrome’s side panel in its window, within the click; that real side panel follows the active tab and prepares there as the stand-in does', async () => {
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Work beside the page' }).click();
    const sidePanels = () =>
      ext.worker.evaluate(async () => {
        const { chrome } = globalThis as unknown as { chrome: { runtime: { getContexts(f: object): Promise<{ documentUrl?: string }[]> } } };
        return (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).map((c) => c.documentUrl ?? '');
      });
    await expect.poll(sidePanels, { timeout: 10_000 }).toEqual([expect.stringMatching(/\/desk\.html\?window=\d+$/)]);
    // Playwright lists no side panel, but the extension's own pages reach its document (extension.getViews).
    const own = await ext.context.newPage();
    await own.goto(`chrome-extension://${ext.extensionId}/options.html#settings`);
    const inSidePanel = (script: string) =>
      own.evaluate((body) => {
        const { chrome } = globalThis as unknown as { chrome: { extension: { getViews(): Window[] } } };
        const panel = chrome.extension.getViews().find((v) => v.location.pathname === '/desk.html' && v !== window);
        return panel ? (new Function('document', body) as (d: Document) => unknown)(panel.document) : null;
      }, script);
    await desk.close();
    const page = await profileTab('Sarah', { card: 'connect', mimic: {} });
    await expect.poll(() => inSidePanel("return document.querySelector('.at-hand h2')?.textContent"), { timeout: 10_000 }).toBe(nameOf('Sarah'));
    await inSidePanel("document.querySelector('.at-hand button.primary').click()");
    await expect.poll(() => page.locator('#custom-message').inputValue(), { timeout: 10_000 }).toBe(actionOf('Sarah').message);
    expect(await page.locator('#invitation-assistant-panel').count()).toBe(0);
  });
});
