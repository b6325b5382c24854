// The in-page assistant in Chromium, on fixtures served at the network's real profile addresses,
// each brought there as the popup's Open profile does (the panel comes nowhere else, issue 30).
// Long: one browser and one sandbox for every case, as starting them is most of the time.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { profilePage, type FixtureOptions } from '../fixtures/profile-page';
import { serveProfiles, slugOfPath } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { askAsExtension, expandRow, launchConfigured, openAsExtension, tabBadgeText, type ExtensionBrowser } from './browser';
import { MOVE_SEND_UNDER_POINTER, PAGE_SAW, PAGE_WATCH, type PageSaw } from './page-watch';
import { forbiddenWords, READ_PANEL, type PanelRead } from './panel-words';
import { HERE_TEXT } from '../../lib/invitations/badge';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const pages = new Map<string, Omit<FixtureOptions, 'slug'>>();

const actionOf = (first: string) => sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === first)!;
const slugOf = (first: string) => slugOfPath(new URL(actionOf(first).contact.network_url).pathname);
const host = (page: Page) => page.locator('#invitation-assistant-panel');
const panel = (page: Page) => host(page).getByRole('region', { name: 'Invitation' });
const nameOf = (first: string) => `${actionOf(first).contact.firstname} ${actionOf(first).contact.lastname}`;

/**
 * Reads the panel as the page's own script can (window.find, the selection extended line by line):
 * it finds the panel, and in it no other person, agent, account, product name or figure.
 */
async function expectPanelTellsNothingElse(page: Page, first: string): Promise<void> {
  const account = sb.sandbox.accounts.get(DEMO_KEY)!;
  const words = forbiddenWords(account, nameOf(first));
  const { found, reached, read } = (await page.evaluate(`(${READ_PANEL})(${JSON.stringify(words)})`)) as PanelRead;
  expect(reached).toBe(true);
  // The selection read the whole panel, from its title down.
  for (const shown of ['Invitation', nameOf(first), 'This page was read wrong']) expect(read).toContain(shown);
  expect(found).toEqual([]);
  for (const word of words) expect(read).not.toContain(word);
  expect(read).not.toMatch(/\b\d+ (of|sur) \d+\b/);
}

/**
 * What the site does on a real in-page navigation, after a person's click on a link its own
 * script handles: it draws the other profile, then changes the address (no document loads).
 */
async function navigateInPage(page: Page, slug: string, spec: Omit<FixtureOptions, 'slug'>): Promise<void> {
  const main = /<main>([\s\S]*?)<\/main>/.exec(profilePage({ slug, ...spec }))![1]!;
  await page.evaluate(
    ([html, url]) => {
      const link = document.createElement('a');
      link.id = 'in-page-link';
      link.href = url!;
      link.textContent = 'Next profile';
      link.style.cssText = 'position:fixed;top:0;right:0;z-index:2147483647;background:#fff';
      link.addEventListener('click', (event) => {
        event.preventDefault();
        link.remove();
        document.querySelector('main')!.innerHTML = html!;
        history.pushState({}, '', url);
      });
      document.body.append(link);
    },
    [main, `/in/${slug}/`],
  );
  await page.click('#in-page-link');
}

/** The prospect's profile, opened as the popup's Open profile does: a new tab, with the panel. */
async function openProfile(first: string, options: Omit<FixtureOptions, 'slug' | 'name'>): Promise<Page> {
  pages.set(slugOf(first), { name: nameOf(first), ...options });
  const page = await openAsExtension(ext, actionOf(first).id);
  await page.waitForURL(`https://www.linkedin.com/in/${slugOf(first)}/`);
  return page;
}

/** The profile in a tab of the test's own (watched by the page's own script from its start), then Open profile on it. */
async function openWatched(first: string, options: Omit<FixtureOptions, 'slug' | 'name'>): Promise<Page> {
  pages.set(slugOf(first), { name: nameOf(first), ...options });
  const page = await ext.context.newPage();
  await page.addInitScript(PAGE_WATCH);
  await page.goto(`https://www.linkedin.com/in/${slugOf(first)}/`);
  await openAsExtension(ext, actionOf(first).id, page);
  return page;
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  await serveProfiles(ext.context, (slug) => pages.get(slug));
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

/** The tabs open before the case. */
let openBefore = new Set<Page>();

beforeEach(() => {
  pages.clear();
  openBefore = new Set(ext.context.pages());
});

// A case that fails closes its tabs too: one left showing a profile would change a later case
// ("Open profile" focuses the tab already showing it instead of opening one).
afterEach(async () => {
  for (const page of ext.context.pages()) if (!openBefore.has(page)) await page.close();
});

describe('assisted send in Chromium', () => {
  it('opens Connect through More, fills the note so the page registers it, and marks sent after the human presses Send, then Next invitation opens the next profile in the same tab', async () => {
    const page = await openProfile('Camille', { card: 'connect-in-more', mimic: {} });
    await expect.poll(() => host(page).getAttribute('data-invitation-state'), { timeout: 15_000 }).toBe('connect-in-more');
    await expectPanelTellsNothingElse(page, 'Camille');
    await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
    const send = page.locator('[data-send]');
    await expect.poll(() => send.evaluate((el) => el === (el.getRootNode() as Document).activeElement), { timeout: 10_000 }).toBe(true);
    const note = actionOf('Camille').message!;
    await expect(page.locator('#custom-message').inputValue()).resolves.toBe(note);
    await expect(page.locator('[data-counter]').textContent()).resolves.toBe(`${note.length}/200`);
    expect(actionOf('Camille').status).toBe('ready');
    await expectPanelTellsNothingElse(page, 'Camille');
    await send.click();
    await until(() => actionOf('Camille').status === 'sent', 'Camille marked sent');
    expect(await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toEqual([note]);
    expect(actionOf('Camille').metadata).toMatchObject({
      method: 'assisted',
      source: 'invitation-assistant-extension',
      note_included: true,
      note_length: [...note].length,
      page_state_before: 'connect-in-more',
      page_language: 'en',
      marked_at: expect.any(String),
    });
    await expect.poll(() => host(page).getAttribute('data-invitation-state')).toBe('sent');
    await panel(page).getByText('Marked sent on the service.').waitFor();
    await expectPanelTellsNothingElse(page, 'Camille');
    // Next invitation: the next ready action's profile, in the same tab.
    for (const a of sb.sandbox.accounts.get(DEMO_KEY)!.actions) {
      const slug = slugOfPath(new URL(a.contact.network_url).pathname);
      if (!pages.has(slug)) pages.set(slug, { name: `${a.contact.firstname} ${a.contact.lastname}`, card: 'connect' });
    }
    const before = page.url();
    await panel(page).getByRole('button', { name: 'Next invitation', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/in/') && url.href !== before, { timeout: 10_000 });
    const shownSlug = slugOfPath(new URL(page.url()).pathname);
    const next = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => slugOfPath(new URL(a.contact.network_url).pathname) === shownSlug)!;
    expect(next.status).toBe('ready');
    await panel(page)
      .getByRole('heading', { name: `${next.contact.firstname} ${next.contact.lastname}` })
      .waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('works with the dialog inside #interop-outlet’s shadow root and a direct Connect', async () => {
    const page = await openProfile('Julien', { card: 'connect', dialogInShadow: true, mimic: {} });
    await panel(page).getByRole('button', { name: 'Prepare the invitation', exact: true }).click();
    const send = page.locator('#interop-outlet [data-send]');
    await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
    await send.click();
    await until(() => actionOf('Julien').status === 'sent', 'Julien marked sent');
    expect(actionOf('Julien').metadata).toMatchObject({ method: 'assisted', page_state_before: 'connect' });
    await page.close();
  });

  it('ends with failed and its reason when the network asks for an email address', async () => {
    const page = await openProfile('Sarah', { card: 'connect', mimic: { afterConnect: 'email' } });
    await panel(page).getByRole('button', { name: 'Prepare the invitation', exact: true }).click();
    await panel(page)
      .getByText(/asks for this person's email address/)
      .waitFor();
    await expect.poll(() => host(page).getAttribute('data-invitation-state')).toBe('email-required');
    await panel(page).getByRole('button', { name: 'Mark failed' }).click();
    await expect(panel(page).getByLabel('Reason').inputValue()).resolves.toBe('email_required');
    await panel(page).getByRole('button', { name: 'Confirm failed' }).click();
    await until(() => actionOf('Sarah').status === 'failed', 'Sarah marked failed');
    expect(actionOf('Sarah').metadata).toMatchObject({ method: 'assisted', reason: 'email_required', page_state_before: 'connect' });
    await page.close();
  });

  it('offers "mark sent" on an already pending invitation', async () => {
    const page = await openProfile('Priya', { card: 'pending', mimic: {} });
    await panel(page)
      .getByText(/already pending/)
      .waitFor();
    await expectPanelTellsNothingElse(page, 'Priya');
    await panel(page).getByRole('button', { name: 'Mark sent' }).click();
    await until(() => actionOf('Priya').status === 'sent', 'Priya marked sent');
    expect(actionOf('Priya').metadata).toMatchObject({ method: 'assisted', page_state_before: 'pending', note_included: false });
    await page.close();
  });

  it('marks already connected as failed with its reason, in one press of its first step', async () => {
    const page = await openProfile('Lucas', { card: 'connected', mimic: {} });
    // The reason can be changed (Another reason…), and is shown on the mark itself.
    await panel(page).getByRole('button', { name: 'Another reason…' }).click();
    await expect(panel(page).getByLabel('Reason').inputValue()).resolves.toBe('already_connected');
    await panel(page).getByRole('button', { name: 'Cancel' }).click();
    await expectPanelTellsNothingElse(page, 'Lucas');
    await panel(page).getByRole('button', { name: 'Mark failed: Already connected', exact: true }).click();
    await until(() => actionOf('Lucas').status === 'failed', 'Lucas marked failed');
    expect(actionOf('Lucas').metadata).toMatchObject({ reason: 'already_connected' });
    await page.close();
  });

  it('marks nothing when the human closes the dialog and chooses later', async () => {
    const page = await openProfile('Emily', { card: 'connect', mimic: {} });
    await panel(page).getByRole('button', { name: 'Prepare the invitation', exact: true }).click();
    await expect.poll(() => page.locator('[data-send]').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.locator('[data-dismiss]').click();
    await panel(page).getByText('The invitation window was closed without sending.').waitFor({ timeout: 10_000 });
    await panel(page).getByRole('button', { name: 'Later' }).click();
    await panel(page)
      .getByText(/stays in the ready list/)
      .waitFor();
    expect(actionOf('Emily').status).toBe('ready');
    await page.close();
  });

  it('keeps clear of the top card’s controls and of the dialog, folding to its title bar when no corner is free', async () => {
    const page = await openProfile('Hannah', { card: 'connect', mimic: {} });
    await page.setViewportSize({ width: 700, height: 460 });
    await panel(page).waitFor();
    /** How many of the top card's controls and the dialog the panel's box overlaps, and how many are visible. */
    const overlaps = () =>
      page.evaluate(() => {
        const box = document.getElementById('invitation-assistant-panel')!.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
        const controls = [...document.querySelectorAll('[data-actions] a, [data-actions] button, [role=dialog]')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width && r.height);
        const hits = controls.filter((r) => r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom);
        return { hits: hits.length, visible: controls.length };
      });
    await expect.poll(async () => (await overlaps()).hits, { timeout: 5000 }).toBe(0);
    await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
    await page.locator('[data-send]').waitFor();
    await expect.poll(async () => (await overlaps()).hits, { timeout: 5000 }).toBe(0);
    expect((await overlaps()).visible).toBe(4);
    await expect(host(page).locator('[data-squeezed]').count()).resolves.toBe(1);
    await page.close();
  });

  it('adds nothing to a profile without an invitation', async () => {
    pages.set('no-invitation-here', { name: 'Nobody Special', card: 'connect', mimic: {} });
    const page = await ext.context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __added: number };
      w.__added = 0;
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((records) => {
          for (const r of records) w.__added += r.addedNodes.length;
        }).observe(document, { childList: true, subtree: true, attributes: true });
      });
    });
    await page.goto('https://www.linkedin.com/in/no-invitation-here/');
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => (window as unknown as { __added: number }).__added)).toBe(0);
    await expect(host(page).count()).resolves.toBe(0);
    await page.close();
  });

  it('goes when the person moves in the page to another profile, a prospect’s included, and none comes there by itself: the tab’s badge says it', async () => {
    const page = await openProfile('Antoine', { card: 'connect', mimic: {} });
    await panel(page)
      .getByRole('heading', { name: nameOf('Antoine') })
      .waitFor();
    const hannahPage = { name: nameOf('Hannah'), card: 'connect-in-more' as const };
    await navigateInPage(page, slugOf('Hannah'), hannahPage);
    await expect.poll(() => host(page).count(), { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(1500);
    expect(await host(page).count()).toBe(0);
    expect(await tabBadgeText(ext, page.url())).toBe(HERE_TEXT);
    await navigateInPage(page, 'someone-without-invitation', { name: 'Someone Else', card: 'connect' });
    await expect.poll(() => tabBadgeText(ext, page.url()), { timeout: 5000 }).not.toBe(HERE_TEXT);
    expect(await host(page).count()).toBe(0);
    await page.close();
  });

  it('goes when the page rewrites its address to another prospect’s (pushState), and takes no mark for either', async () => {
    const page = await openProfile('Antoine', { card: 'connect', mimic: {} });
    await panel(page)
      .getByRole('heading', { name: nameOf('Antoine') })
      .waitFor();
    await page.evaluate((slug) => history.pushState({}, '', `/in/${slug}/`), slugOf('Hannah'));
    await expect.poll(() => host(page).count(), { timeout: 5000 }).toBe(0);
    // Its address back to Antoine's: nothing comes back either.
    await page.evaluate((slug) => history.pushState({}, '', `/in/${slug}/`), slugOf('Antoine'));
    await page.waitForTimeout(2000);
    expect(await host(page).count()).toBe(0);
    expect([actionOf('Antoine').status, actionOf('Hannah').status]).toEqual(['ready', 'ready']);
    await page.close();
  });

  it('obeys none of the clicks, key presses and submits a page script dispatches on its controls', async () => {
    const page = await openProfile('Élodie', { card: 'pending', mimic: {} });
    await panel(page)
      .getByText(/already pending/)
      .waitFor();
    // The sandbox build leaves the panel's shadow root open for tests: what a page script could do if it reached it.
    await page.evaluate(async () => {
      const root = document.getElementById('invitation-assistant-panel')!.shadowRoot!;
      const pause = () => new Promise((r) => setTimeout(r, 200));
      const buttons = () => [...root.querySelectorAll('button')];
      for (let round = 0; round < 3; round++) {
        for (const b of buttons()) {
          b.click();
          b.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
          b.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
          await pause();
        }
        const note = root.querySelector('textarea');
        if (note) {
          note.value = 'Written by the page';
          note.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
          note.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, composed: true }));
        }
        for (const f of root.querySelectorAll('form')) {
          f.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
          f.requestSubmit();
        }
        await pause();
      }
    });
    await page.waitForTimeout(1500);
    expect(actionOf('Élodie').status).toBe('ready');
    expect(actionOf('Élodie').message).not.toBe('Written by the page');
    // The page opened nothing either: the panel still offers its first choice.
    await panel(page).getByRole('button', { name: 'Mark sent' }).waitFor();
    await page.close();
  });

  it.each([
    [1024, 700],
    [800, 600],
  ])('never covers the page’s Send when the dialog is drawn in #interop-outlet’s shadow root, at %ix%i', async (width, height) => {
    const page = await openProfile('Hannah', { card: 'connect', dialogInShadow: true, mimic: {} });
    await page.setViewportSize({ width, height });
    await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
    const send = page.locator('#interop-outlet [data-send]');
    await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
    /** Whether the panel's box overlaps Send or the dialog now. */
    const covers = () =>
      page.evaluate(() => {
        const box = document.getElementById('invitation-assistant-panel')!.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
        const dialog = document.getElementById('interop-outlet')!.shadowRoot!.querySelector('[role=dialog]')!.getBoundingClientRect();
        return box.left < dialog.right && dialog.left < box.right && box.top < dialog.bottom && dialog.top < box.bottom;
      });
    await expect.poll(covers, { timeout: 5000 }).toBe(false);
    // And it stays clear: sampled over three seconds.
    for (let i = 0; i < 15; i++) {
      expect(await covers()).toBe(false);
      await page.waitForTimeout(200);
    }
    await page.close();
  });

  it('folds to its title bar, never over the dialog, when the unfolded panel would overlap it by under a pixel', async () => {
    const page = await openProfile('Hannah', { card: 'connect', dialogInShadow: true, mimic: {} });
    await page.setViewportSize({ width: 1024, height: 900 });
    await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
    await expect.poll(() => page.locator('#interop-outlet [data-send]').isEnabled(), { timeout: 10_000 }).toBe(true);
    const boxes = () =>
      page.evaluate(() => {
        const box = document.getElementById('invitation-assistant-panel')!.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
        const dialog = document.getElementById('interop-outlet')!.shadowRoot!.querySelector('[role=dialog]')!.getBoundingClientRect();
        return {
          height: box.height,
          dialogBottom: dialog.bottom,
          covers: box.left < dialog.right && dialog.left < box.right && box.top < dialog.bottom && dialog.top < box.bottom,
        };
      });
    // Tall enough: the whole panel under the dialog, its height as drawn (border and fractions of a pixel included).
    await expect.poll(async () => (await boxes()).covers, { timeout: 5000 }).toBe(false);
    await expect(host(page).locator('[data-squeezed]').count()).resolves.toBe(0);
    const { height, dialogBottom } = await boxes();
    // A window just too short by under a pixel (the panel sits 16 px above the bottom): the
    // panel must fold, whatever the fonts make its height on this machine.
    await page.setViewportSize({ width: 1024, height: Math.ceil(dialogBottom + height + 16) - 1 });
    await expect.poll(() => host(page).locator('[data-squeezed]').count(), { timeout: 5000 }).toBe(1);
    expect((await boxes()).covers).toBe(false);
    await page.close();
  });

  it('types nothing in a 2026 dialog that names another person only in its body', async () => {
    const page = await openProfile('Hannah', { card: 'connect', mimic: { afterConnect: 'someone-else-in-body' } });
    await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
    await panel(page)
      .getByText(/names someone else/)
      .waitFor({ timeout: 10_000 });
    await expect(page.locator('#modal-root [data-dialog] strong').textContent()).resolves.toBe('Mallory Evil');
    await expect(page.locator('#modal-root textarea').count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toEqual([]);
    expect(actionOf('Hannah').status).toBe('ready');
    await page.close();
  });

  it('"This page was read wrong" opens the scrubbed copy of the profile in a page of the extension, and saves it as a file', async () => {
    const page = await openProfile('Noah', { card: 'connected', layout: 'older', messagePrimary: true, moreOpen: true });
    await expect.poll(() => host(page).getAttribute('data-invitation-state'), { timeout: 15_000 }).toBe('connected');
    const opened = ext.context.waitForEvent('page');
    await panel(page).getByRole('button', { name: 'This page was read wrong' }).click();
    const report = await opened;
    // No name in the report page's address: the browser's history keeps addresses.
    await report.waitForURL(/\/report\.html\?tab=\d+$/);
    const copy = report.getByRole('textbox', { name: 'The scrubbed copy' });
    await expect.poll(() => copy.inputValue(), { timeout: 10_000 }).toContain('<meta name="read-state" content="connected">');
    const html = await copy.inputValue();
    const noah = actionOf('Noah');
    for (const part of [noah.contact.firstname, noah.contact.lastname, slugOf('Noah')]) expect(html.toLowerCase()).not.toContain(part.toLowerCase());
    await report.getByText('The assistant read: Already connected.').waitFor();
    const download = report.waitForEvent('download');
    await report.getByRole('button', { name: 'Save the file' }).click();
    expect((await download).suggestedFilename()).toBe('page-report-connected.html');
    await report.close();
    await page.close();
  });

  it('a content script of the extension cannot read the key from storage', async () => {
    const page = await openProfile('Noah', { card: 'connect', mimic: {} });
    await panel(page).waitFor();
    const cdp = await page.context().newCDPSession(page);
    const contexts: Array<{ id: number; origin: string; name: string; auxData?: { type?: string } }> = [];
    cdp.on('Runtime.executionContextCreated', (e: { context: (typeof contexts)[number] }) => void contexts.push(e.context));
    await cdp.send('Runtime.enable');
    const isolated = contexts.find((c) => c.auxData?.type === 'isolated' && c.origin.includes(ext.extensionId));
    expect(isolated, 'the extension content script world').toBeTruthy();
    const result = (await cdp.send('Runtime.evaluate', {
      contextId: isolated!.id,
      awaitPromise: true,
      expression: 'chrome.storage.local.get(null).then((v) => JSON.stringify(v), (e) => "refused: " + e.message)',
    })) as { result: { value: string } };
    expect(result.result.value).toMatch(/^refused: /);
    expect(result.result.value).not.toContain(DEMO_KEY);
    await page.close();
  });

  it('"Open profile" in the popup focuses the tab already showing that profile, bringing the panel there, else opens one', async () => {
    pages.set(slugOf('Noah'), { name: nameOf('Noah'), card: 'connect', mimic: {} });
    const page = await ext.context.newPage();
    await page.goto(`https://www.linkedin.com/in/${slugOf('Noah')}/`);
    await page.waitForTimeout(1500);
    expect(await host(page).count()).toBe(0);
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    const noah = actionOf('Noah');
    const card = await expandRow(popup, `${noah.contact.firstname} ${noah.contact.lastname}`);
    const before = ext.context.pages().length;
    await card.getByRole('button', { name: 'Open profile' }).click();
    await panel(page)
      .getByRole('heading', { name: nameOf('Noah') })
      .waitFor({ timeout: 10_000 });
    expect(ext.context.pages().length).toBe(before);
    const other = actionOf('Hannah');
    pages.set(slugOf('Hannah'), { name: `${other.contact.firstname} ${other.contact.lastname}`, card: 'connect', mimic: {} });
    const opened = ext.context.waitForEvent('page');
    await (await expandRow(popup, `${other.contact.firstname} ${other.contact.lastname}`)).getByRole('button', { name: 'Open profile' }).click();
    const tab = await opened;
    await tab.waitForURL(`https://www.linkedin.com/in/${slugOf('Hannah')}/`);
    await tab.close();
    await popup.close();
    await page.close();
  });

  it('"Prepare here" in the popup brings the panel to the profile the person is on and prepares there: the note in the page’s dialog, its Send focused', async () => {
    pages.set(slugOf('Hannah'), { name: nameOf('Hannah'), card: 'connect', mimic: {} });
    const page = await ext.context.newPage();
    await page.addInitScript(PAGE_WATCH);
    await page.goto(`https://www.linkedin.com/in/${slugOf('Hannah')}/`);
    await page.waitForTimeout(1500);
    expect(await host(page).count()).toBe(0);
    // The person looks at the profile, then opens the popup over it.
    await page.bringToFront();
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup
      .getByRole('region', { name: /This profile/ })
      .getByRole('button', { name: 'Prepare here' })
      .click({ timeout: 15_000 });
    const send = page.locator('[data-send]');
    await expect.poll(() => send.evaluate((el) => el === (el.getRootNode() as Document).activeElement), { timeout: 15_000 }).toBe(true);
    await expect(page.locator('#custom-message').inputValue()).resolves.toBe(actionOf('Hannah').message);
    await panel(page)
      .getByText(/press Send on the page/)
      .waitFor();
    expect(actionOf('Hannah').status).toBe('ready');
    // Without "Let me click on the page", the page heard the assistant's own click on Connect (the watch hears them).
    expect(((await page.evaluate(PAGE_SAW)) as PageSaw).untrusted.some((e) => e.startsWith('click'))).toBe(true);
    await popup.close();
    await page.close();
  });

  it('a page that moves its Send button under the person’s next click gets "not sure", not "sent", and the panel asks the person', async () => {
    const page = await openProfile('Antoine', { card: 'connect', mimic: {} });
    await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
    await panel(page)
      .getByText(/press Send on the page/)
      .waitFor({ timeout: 10_000 });
    await page.evaluate(MOVE_SEND_UNDER_POINTER);
    await page.mouse.move(500, 400);
    await page.mouse.click(500, 400);
    expect(await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toHaveLength(1);
    await panel(page)
      .getByText(/cannot tell whether you sent this invitation/)
      .waitFor({ timeout: 10_000 });
    await panel(page).getByRole('button', { name: 'Mark sent' }).waitFor();
    await panel(page).getByRole('button', { name: 'Mark failed' }).waitFor();
    await page.waitForTimeout(1000);
    expect(actionOf('Antoine').status).toBe('ready');
    await expectPanelTellsNothingElse(page, 'Antoine');
    await page.close();
  });

  it('a page that fakes a Pending card, with no click of the person’s on Send, gets "not sure", not "sent"', async () => {
    const page = await openProfile('Emily', { card: 'connect', mimic: {} });
    await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
    await panel(page)
      .getByText(/press Send on the page/)
      .waitFor({ timeout: 10_000 });
    await page.evaluate(() => {
      document.getElementById('modal-root')!.innerHTML = '';
      document.querySelector('[data-connect]')!.remove();
      document.querySelector('[data-actions]')!.insertAdjacentHTML('afterbegin', '<a aria-label="Pending, click to withdraw invitation" href="#">Pending</a>');
      document.getElementById('toasts')!.innerHTML = '<div role="alert">Invitation sent</div>';
    });
    await panel(page)
      .getByText(/cannot tell whether you sent this invitation/)
      .waitFor({ timeout: 10_000 });
    expect(actionOf('Emily').status).toBe('ready');
    await page.close();
  });

  it('with "Let me click on the page", a listener of the page sees no event with isTrusted false during a whole invitation, and the note is in the dialog', async () => {
    expect(await askAsExtension(ext, { type: 'saveSettings', letMeClick: true })).toMatchObject({ ok: true });
    try {
      const page = await openWatched('Noah', { card: 'connect-in-more', mimic: {} });
      await panel(page).getByRole('button', { name: 'Prepare the invitation' }).click();
      await panel(page).getByText("Press More on the profile's card, then Connect in its menu.").waitFor({ timeout: 10_000 });
      await page.click('[data-more]');
      await panel(page).getByText('Press Connect in the More menu.').waitFor();
      await page.click('[role="menuitem"][href*="custom-invite"]');
      await panel(page).getByText('Press “Add a note” in the invitation window.').waitFor();
      await page.click('[data-add-note]');
      await panel(page).getByText('The note is in. Check it, then press Send in the invitation window.').waitFor({ timeout: 10_000 });
      const note = actionOf('Noah').message!;
      await expect(page.locator('#custom-message').inputValue()).resolves.toBe(note);
      await expect(page.locator('[data-counter]').textContent()).resolves.toBe(`${note.length}/200`);
      // Nothing drawn on the page's Send, and no Send now.
      await expect(page.locator('[data-send]').getAttribute('style')).resolves.toBeNull();
      expect(await panel(page).getByRole('button', { name: 'Send now' }).count()).toBe(0);
      await page.click('[data-send]');
      await until(() => actionOf('Noah').status === 'sent', 'Noah marked sent');
      expect(actionOf('Noah').metadata).toMatchObject({ method: 'assisted', note_included: true, page_state_before: 'connect-in-more' });
      const saw = (await page.evaluate(PAGE_SAW)) as PageSaw;
      expect(saw.untrusted).toEqual([]);
      await page.close();
    } finally {
      await askAsExtension(ext, { type: 'saveSettings', letMeClick: false });
    }
  });

  // Last: the weekly limit pauses assisted sends for the rest of the session.
  it('ends with failed "weekly_limit" when the page says the weekly limit is reached, and pauses', async () => {
    const page = await openProfile('Marcus', { card: 'connect', mimic: { afterSend: 'weekly-limit' } });
    await panel(page).getByRole('button', { name: 'Prepare the invitation', exact: true }).click();
    const send = page.locator('[data-send]');
    await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
    await send.click();
    await panel(page).getByText("The network's weekly invitation limit is reached.").waitFor();
    await panel(page).getByRole('button', { name: 'Mark failed' }).click();
    await panel(page).getByRole('button', { name: 'Confirm failed' }).click();
    await until(() => actionOf('Marcus').status === 'failed', 'Marcus marked failed');
    expect(actionOf('Marcus').metadata).toMatchObject({ reason: 'weekly_limit', method: 'assisted' });
    await page.close();
    const next = await openProfile('Thomas', { card: 'connect', mimic: {} });
    await panel(next)
      .getByText(/Assisted invitations are paused/)
      .waitFor();
    // The pause message names the weekly limit; the panel must not take its own words for the page's.
    await next.waitForTimeout(1500);
    await expect(host(next).getAttribute('data-invitation-state')).resolves.toBe('connect');
    await next.close();
  });
});
