// The content script, the background and the options page in Firefox (Debian's firefox-esr, over
// WebDriver BiDi): the assisted send on a fixture served at the network's real address (the panel
// brought by Open profile: it comes nowhere by itself, issue 30), a page that moves its Send, the
// guided mode's events, and views of the options page at its moz-extension:// address.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePage } from '../fixtures/profile-page';
import { DAY, SENT_URL, sentPage } from '../fixtures/sent-page';
import type { RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { BUILDING_HOOK_MS } from './browser';
import {
  askAsExtension,
  extensionPage,
  launchFirefoxExtension,
  openAsExtension,
  setViewport,
  storeAsExtension,
  type FirefoxExtension,
} from './firefox-browser';
import { MOVE_SEND_UNDER_POINTER, PAGE_SAW, PAGE_WATCH, type PageSaw } from './page-watch';
import { forbiddenWords, READ_PANEL, type PanelRead } from './panel-words';

let firefox: FirefoxExtension;
let sb: RunningSandbox;
let browser: Browser;
/** Firefox gives each profile a random moz-extension:// host; the launch pins it to this one. */
let EXTENSION_UUID: string;

const actionOf = (first: string) => sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === first)!;

beforeAll(async () => {
  firefox = await launchFirefoxExtension();
  ({ browser, sb, uuid: EXTENSION_UUID } = firefox);
}, BUILDING_HOOK_MS);

afterAll(async () => {
  await firefox?.close();
});

/** Serves each given profile (slug → name) at its real address, watched by the page from its start; everything else is a 404. */
async function serve(page: Page, profiles: Record<string, string>): Promise<void> {
  await page.evaluateOnNewDocument(PAGE_WATCH);
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
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const panelText = (page: Page) => page.evaluate(() => document.getElementById('invitation-assistant-panel')?.shadowRoot?.textContent ?? '');
const hostState = (page: Page) => page.evaluate(() => document.getElementById('invitation-assistant-panel')?.getAttribute('data-invitation-state') ?? null);

/** The prospect's profile in a new tab, then the popup's Open profile on it: the panel comes there. */
async function openBrought(first: string): Promise<Page> {
  const page = await browser.newPage();
  // Room for the whole panel beside the card: folded to its title bar, its words are not on the page to find.
  await setViewport(page, 1280, 900);
  await serve(page, { [slugOf(first)]: nameOf(first) });
  await page.goto(`https://www.linkedin.com/in/${slugOf(first)}/`);
  await openAsExtension(firefox, actionOf(first).id);
  await until(async () => (await hostState(page)) === 'connect-in-more', 'the panel on the profile');
  return page;
}

/** window.find, as the page's own script: none of the words the panel may not show. */
async function expectNothingElseFound(page: Page, first: string): Promise<void> {
  const words = forbiddenWords(sb.sandbox.accounts.get(DEMO_KEY)!, nameOf(first));
  let read: PanelRead | undefined;
  // Firefox's find sees a panel drawn a moment ago only once it is laid out.
  await until(
    async () => (read = (await page.evaluate(`(${READ_PANEL})(${JSON.stringify(words)})`)) as PanelRead).reached,
    'window.find to reach the panel',
    5000,
  );
  expect(read!.found).toEqual([]);
}

describe('Firefox', () => {
  it('lists the ready actions in the background and runs the assisted send from the content script', async () => {
    await until(() => sb.sandbox.log.some((l) => l.route === 'listActions' && l.status === 200), 'the background to poll the sandbox');
    const camille = actionOf('Camille');
    const page = await openBrought('Camille');
    await expectNothingElseFound(page, 'Camille');
    // A person's clicks (the panel obeys no click a page script dispatches).
    await page.click('#invitation-assistant-panel >>> button.primary');
    await until(
      () => page.evaluate(() => !(document.querySelector('[data-send]') as HTMLButtonElement | null)?.disabled && !!document.querySelector('[data-send]')),
      'Send enabled',
    );
    expect(await page.evaluate(() => (document.getElementById('custom-message') as HTMLTextAreaElement).value)).toBe(camille.message);
    // As a person would: once the panel says the note is in.
    await until(async () => (await panelText(page)).includes('press Send on the page'), 'the panel to say the note is in');
    await expectNothingElseFound(page, 'Camille');
    await page.click('[data-send]');
    await until(() => actionOf('Camille').status === 'sent', 'the sandbox to hold the mark');
    expect(actionOf('Camille').metadata).toMatchObject({ method: 'assisted', browser: 'firefox', note_included: true, page_state_before: 'connect-in-more' });
    await until(async () => (await hostState(page)) === 'sent', 'the panel to say sent');
    await expectNothingElseFound(page, 'Camille');
    // Without "Let me click on the page" the page heard the assistant's own clicks (the watch hears them).
    expect(((await page.evaluate(PAGE_SAW)) as PageSaw).untrusted.some((e) => e.startsWith('click'))).toBe(true);
    await page.close();
  });

  it('a page that moves its Send button under the person’s next click gets "not sure", not "sent"', async () => {
    const page = await openBrought('Antoine');
    await page.click('#invitation-assistant-panel >>> button.primary');
    await until(async () => (await panelText(page)).includes('press Send on the page'), 'the note in');
    await page.evaluate(MOVE_SEND_UNDER_POINTER);
    await page.mouse.move(500, 400);
    await page.mouse.click(500, 400);
    expect(await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toHaveLength(1);
    await until(async () => (await panelText(page)).includes('cannot tell whether you sent this invitation'), 'the panel to ask the person');
    await pause(1000);
    expect(actionOf('Antoine').status).toBe('ready');
    await expectNothingElseFound(page, 'Antoine');
    await page.close();
  });

  it('with "Let me click on the page", a listener of the page sees no event with isTrusted false during a whole invitation, and the note is in the dialog', async () => {
    expect(await askAsExtension(firefox, { type: 'saveSettings', letMeClick: true })).toMatchObject({ ok: true });
    try {
      const page = await openBrought('Julien');
      await page.click('#invitation-assistant-panel >>> button.primary');
      await until(async () => (await panelText(page)).includes("Press More on the profile's card"), 'the panel to say press More');
      await page.click('[data-more]');
      await until(async () => (await panelText(page)).includes('Press Connect in the More menu.'), 'the panel to say press Connect');
      await page.click('[role="menuitem"][href*="custom-invite"]');
      await until(async () => (await panelText(page)).includes('Press “Add a note”'), 'the panel to say press Add a note');
      await page.click('[data-add-note]');
      await until(async () => (await panelText(page)).includes('press Send in the invitation window'), 'the note in');
      expect(await page.evaluate(() => (document.getElementById('custom-message') as HTMLTextAreaElement).value)).toBe(actionOf('Julien').message);
      expect(await page.evaluate(() => document.querySelector('[data-send]')!.getAttribute('style'))).toBeNull();
      await page.click('[data-send]');
      await until(() => actionOf('Julien').status === 'sent', 'the sandbox to hold the mark');
      expect(((await page.evaluate(PAGE_SAW)) as PageSaw).untrusted).toEqual([]);
      await page.close();
    } finally {
      await askAsExtension(firefox, { type: 'saveSettings', letMeClick: false });
    }
  });

  it('goes when the person moves in the page to another prospect’s profile, and none comes there by itself; a script leaving profiles removes it', async () => {
    const page = await browser.newPage();
    await serve(page, { [slugOf('Hannah')]: nameOf('Hannah'), [slugOf('Noah')]: nameOf('Noah') });
    await page.goto(`https://www.linkedin.com/in/${slugOf('Hannah')}/`);
    await openAsExtension(firefox, actionOf('Hannah').id);
    const heading = () => page.evaluate(() => document.getElementById('invitation-assistant-panel')?.shadowRoot?.querySelector('h3')?.textContent ?? null);
    const gone = () => page.evaluate(() => !document.getElementById('invitation-assistant-panel'));
    await until(async () => (await heading()) === nameOf('Hannah'), 'the panel for the first profile');
    // A real in-page navigation: a person's click on a link the site's script handles; it draws
    // the other profile, then changes the address.
    const main = /<main>([\s\S]*?)<\/main>/.exec(profilePage({ slug: slugOf('Noah'), name: nameOf('Noah'), card: 'connect-in-more' }))![1]!;
    await page.evaluate(
      (html, next) => {
        const link = document.createElement('a');
        link.id = 'in-page-link';
        link.href = `/in/${next}/`;
        link.textContent = 'Next profile';
        link.style.cssText = 'position:fixed;top:0;right:0;z-index:2147483647;background:#fff';
        link.addEventListener('click', (event) => {
          event.preventDefault();
          link.remove();
          document.querySelector('main')!.innerHTML = html;
          history.pushState({}, '', `/in/${next}/`);
        });
        document.body.append(link);
      },
      main,
      slugOf('Noah'),
    );
    await page.click('#in-page-link');
    await until(gone, 'the panel to go with the person');
    await pause(2000);
    expect(await gone()).toBe(true);
    // Back on the first, by the page's own rewrite: nothing comes back.
    await page.evaluate((slug) => history.pushState({}, '', `/in/${slug}/`), slugOf('Hannah'));
    await pause(2000);
    expect(await gone()).toBe(true);
    await page.close();
  });

  // The options views come before the desk's tests: those read the ready list as a person working
  // through a session would, and the views' share of the request budget is what is left of that
  // minute (the views would then wait out the budget's pacing, up to a minute).
  it('sets the three suggested keys (Alt+Shift+K, J, U: none a key Firefox holds), as the background reads them for the desk’s help', async () => {
    const reply = (await askAsExtension(firefox, { type: 'shortcuts' })) as unknown as { ok: true; data: { name: string; shortcut?: string }[] };
    expect(Object.fromEntries(reply.data.map((c) => [c.name, c.shortcut]))).toMatchObject({
      'focus-panel': 'Alt+Shift+K',
      'open-next': 'Alt+Shift+J',
      'open-desk': 'Alt+Shift+U',
    });
  });

  it('opens the options page at its moz-extension:// address and loads the Contacts view', async () => {
    const page = await browser.newPage();
    // Puppeteer over BiDi never sees this navigation end (the tab moves to the extension's
    // process), though the page loads: it is started here, and the page is read once it is there.
    void page.goto(`moz-extension://${EXTENSION_UUID}/options.html#contacts`).catch(() => undefined);
    await until(
      () => page.evaluate(() => document.querySelector('nav[aria-label="Sections"] a[aria-current="page"]')?.textContent ?? null).then((t) => t === 'Contacts'),
      'the navigation with Contacts current',
    );
    await until(() => page.evaluate(() => document.querySelectorAll('.records .record').length).then((n) => n > 0), 'a row of the Contacts view');
    expect(await page.evaluate(() => document.querySelector('h2#view-heading')?.textContent)).toBe('Contacts');
    expect(await page.evaluate(() => document.querySelector('.as-of')?.textContent)).toMatch(/^As of \d/);
    expect(await page.evaluate(() => document.querySelectorAll('[role="alert"]').length)).toBe(0);
    // The rows are the sandbox's contacts, read by the page through the background.
    const shown = await page.evaluate(() => [...document.querySelectorAll('.records .record strong')].map((s) => s.textContent ?? ''));
    const names = new Set(sb.sandbox.accounts.get(DEMO_KEY)!.book.contacts.map((c) => [c.firstname, c.lastname].filter(Boolean).join(' ')));
    expect(shown.filter((n) => names.has(n)).length).toBeGreaterThan(0);
    expect(sb.sandbox.log.some((l) => l.route === 'listContacts' && l.status === 200)).toBe(true);
    await page.close();
  });

  it('opens the popup and lists the ready invitations from the read its head script started', async () => {
    const page = await browser.newPage();
    void page.goto(`moz-extension://${EXTENSION_UUID}/popup.html`).catch(() => undefined);
    await until(() => page.evaluate(() => document.querySelectorAll('.queue > li').length).then((n) => n > 0), 'a row of the queue');
    // public/early-read.js ran in Firefox (its `browser` namespace) and the popup took its answer.
    expect(await page.evaluate(() => typeof (globalThis as { __popupEarlyRead?: unknown }).__popupEarlyRead)).toBe('object');
    const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready').length;
    // The paused agents' invitations are listed apart (each list headed by a summary line), none left out.
    await until(
      () => page.evaluate(() => document.querySelectorAll('.queue > li:not(.summary)').length).then((n) => n === Math.min(ready, 25)),
      'every ready row',
    );
    expect(await page.evaluate(() => document.querySelectorAll('[role="alert"]').length)).toBe(0);
    await page.close();
  });

  it('opens the Emails view and shows a full sequence: every step with its subject and text', async () => {
    const page = await browser.newPage();
    void page.goto(`moz-extension://${EXTENSION_UUID}/options.html#emails`).catch(() => undefined);
    const leon = sb.sandbox.accounts.get(DEMO_KEY)!.book.contacts.find((c) => c.id === 'ld_leonMrc1')!;
    const stepsOf = () =>
      page.evaluate(() => {
        const item = [...document.querySelectorAll('[data-review-item]')].find((li) => li.getAttribute('aria-label')?.startsWith('Léon Marchal'));
        return item ? [...item.querySelectorAll('.sequence .step')].map((s) => (s as HTMLElement).innerText) : null;
      });
    await until(() => stepsOf().then((s) => s !== null && s.length === 2), "Léon Marchal's two steps");
    const [first, second] = (await stepsOf())!;
    expect(first).toContain('Step 1 of 2');
    expect(first).toContain(leon.draft!.subject);
    expect(first).toContain(leon.draft!.messages.email_1!);
    expect(second).toContain('Step 2 of 2');
    expect(second).toContain(leon.draft!.messages.follow_up_1!);
    expect(await page.evaluate(() => document.querySelectorAll('[data-review-item] textarea').length)).toBe(0);
    await page.close();
  });

  it('the desk (its page in a tab of the window, as the sidebar follows it) shows the active tab’s invitation and switches with it; its Prepare types the note in that tab’s dialog with nothing in the page; the person’s Send records sent and the desk names the next', async () => {
    const desk = await browser.newPage();
    void desk.goto(`moz-extension://${EXTENSION_UUID}/desk.html`).catch(() => undefined);
    // It writes its window into its address: the background finds it there (extension.getViews).
    await until(() => desk.evaluate(() => /^\?window=\d+$/.test(location.search)).catch(() => false), 'the desk');
    const deskText = () => desk.evaluate(() => document.querySelector('main')?.textContent ?? '');
    const page = await browser.newPage();
    await setViewport(page, 1280, 900);
    const everyone = Object.fromEntries(
      sb.sandbox.accounts.get(DEMO_KEY)!.actions.map((a) => [a.contact.network_url.split('/in/')[1]!, `${a.contact.firstname} ${a.contact.lastname}`]),
    );
    await serve(page, everyone);
    await page.goto(`https://www.linkedin.com/in/${slugOf('Sarah')}/`);
    await page.bringToFront();
    await until(async () => (await deskText()).includes(nameOf('Sarah')), 'the desk to show Sarah’s invitation');
    await page.goto(`https://www.linkedin.com/in/${slugOf('Emily')}/`);
    await until(async () => (await deskText()).includes(nameOf('Emily')), 'the desk to follow the tab to Emily');
    const before = await page.evaluate(() => [...document.body.children].map((el) => el.id).join(' '));
    await desk.click('.at-hand button.primary');
    await until(
      () =>
        page
          .evaluate(() => (document.getElementById('custom-message') as HTMLTextAreaElement | null)?.value ?? '')
          .then((v) => v === actionOf('Emily').message),
      'the note in the page’s dialog',
    );
    await until(async () => (await deskText()).includes('press Send on the page'), 'the desk to say the note is in');
    expect(actionOf('Emily').status).toBe('ready');
    expect(await page.evaluate(() => document.getElementById('invitation-assistant-panel'))).toBeNull();
    expect(await page.evaluate(() => [...document.body.children].map((el) => el.id).join(' '))).toBe(before);
    await page.click('[data-send]');
    await until(() => actionOf('Emily').status === 'sent', 'the sandbox to hold the mark');
    expect(actionOf('Emily').metadata).toMatchObject({ method: 'assisted', browser: 'firefox', page_state_before: 'connect-in-more' });
    await until(async () => /Marked sent on the service\..*Next:/.test(await deskText()), 'the desk to offer the next');
    expect(((await page.evaluate(PAGE_SAW)) as PageSaw).changes.filter((c) => c.startsWith('childList BODY'))).toEqual([]);
    await page.close();
    await desk.close();
  });

  it('the popup’s Work beside the page opens Firefox’s sidebar, within the click', async () => {
    const popup = await browser.newPage();
    void popup.goto(`moz-extension://${EXTENSION_UUID}/popup.html`).catch(() => undefined);
    await until(() => popup.evaluate(() => !!document.querySelector('.work-beside button')).catch(() => false), 'the popup’s Work beside the page');
    const isOpen = () =>
      extensionPage(firefox).then((page) =>
        page.evaluate(() =>
          (globalThis as unknown as { browser: { sidebarAction: { isOpen(d: object): Promise<boolean> } } }).browser.sidebarAction.isOpen({}),
        ),
      );
    expect(await isOpen()).toBe(false);
    // The popup closes itself once the sidebar opens: a click whose page is gone before puppeteer's
    // action ends is that.
    await popup.click('.work-beside button').catch((error: unknown) => {
      if (!/no such frame|DiscardedBrowsingContext/.test(String(error))) throw error;
    });
    await until(isOpen, 'the sidebar to open');
    await popup.close().catch(() => undefined);
  });

  it('the desk on the Sent invitations page lists the agents’ old invitations it shows; its Withdraw opens that row’s confirmation only, the person’s confirmation is recorded and shown, the next past the limit waits', async () => {
    const account = sb.sandbox.accounts.get(DEMO_KEY)!;
    const [first, second] = account.actions
      .filter((a) => a.status === 'ready' && a.contact.firstname !== 'Camille' && a.agent_id !== 'ag_H1cJ5yUoDq')
      .slice(-2);
    const person = (a: typeof first) => ({ slug: a!.contact.network_url.split('/in/')[1]!, name: `${a!.contact.firstname} ${a!.contact.lastname}` });
    // Marked sent through the extension, as the popup does: its record keeps them. A month has passed since (the record says so).
    for (const a of [first!, second!]) expect(await askAsExtension(firefox, { type: 'markSent', actionId: a.id })).toMatchObject({ ok: true });
    const own = await extensionPage(firefox);
    const record = (await own.evaluate(async () => {
      const api = (globalThis as unknown as { browser: { storage: { local: { get(k: string): Promise<{ sentRecord?: object[] }> } } } }).browser;
      return (await api.storage.local.get('sentRecord')).sentRecord ?? [];
    })) as { slug: string; sentAt: number }[];
    const ours = new Set([person(first).slug, person(second).slug]);
    expect(record.filter((i) => ours.has(i.slug))).toHaveLength(2);
    await storeAsExtension(
      firefox,
      'sentRecord',
      record.map((i) => (ours.has(i.slug) ? { ...i, sentAt: i.sentAt - (i.slug === person(first).slug ? 31 : 30) * DAY } : i)),
    );
    await askAsExtension(firefox, { type: 'saveSettings', withdrawalsPerMinute: 1 });
    const desk = await browser.newPage();
    void desk.goto(`moz-extension://${EXTENSION_UUID}/desk.html`).catch(() => undefined);
    await until(() => desk.evaluate(() => /^\?window=\d+$/.test(location.search)).catch(() => false), 'the desk');
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    const body = sentPage({ invitations: [first!, second!].map((a, i) => ({ ...person(a), sentAt: Date.now() - (31 - i) * DAY })), mimic: true });
    page.on('request', (request) => {
      const answer = request.url().startsWith(SENT_URL)
        ? request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body })
        : request.respond({ status: 404, body: '' });
      answer.catch((error: Error) => {
        if (!/no such request/i.test(error.message)) throw error;
      });
    });
    await page.goto(SENT_URL);
    await page.bringToFront();
    const rowText = (slug: string) =>
      desk.evaluate((s) => [...document.querySelectorAll<HTMLElement>('.sent-rows li')].find((li) => li.dataset.slug === s)?.textContent ?? null, slug);
    const names = () => desk.evaluate(() => [...document.querySelectorAll('.sent-rows .row-name')].map((n) => n.textContent));
    await until(async () => (await names()).length === 2, 'the desk to list the old invitations');
    expect(await names()).toEqual([person(first).name, person(second).name]);
    const press = (slug: string) =>
      desk.evaluate(
        (s) =>
          [...document.querySelectorAll<HTMLElement>('.sent-rows li')]
            .find((li) => li.dataset.slug === s)!
            .querySelector<HTMLElement>('button.withdraw')!
            .click(),
        slug,
      );
    await press(person(first).slug);
    await until(() => page.evaluate(() => document.querySelectorAll('[data-confirmation]').length === 1), 'the confirmation');
    expect(await page.evaluate(() => document.querySelector('[data-confirmation]')!.textContent)).toContain(person(first).name);
    await until(async () => (await rowText(person(first).slug))?.includes('Confirm the withdrawal for') ?? false, 'the desk to say confirm in the page');
    await pause(500);
    expect(await page.evaluate(() => (window as unknown as { __withdrawn: string[] }).__withdrawn)).toEqual([]);
    await page.click('[data-confirmation] [data-confirm]');
    await until(
      async () => /Withdrawn on .*Withdrawn\. The extension keeps the date/.test((await rowText(person(first).slug)) ?? ''),
      'the desk to show it withdrawn',
    );
    expect(await page.evaluate(() => (window as unknown as { __withdrawn: string[] }).__withdrawn)).toEqual([person(first).slug]);
    await press(person(second).slug);
    await until(async () => (await rowText(person(second).slug))?.includes('the next withdrawal can start at') ?? false, 'the desk to say the next waits');
    expect(await page.evaluate(() => document.querySelectorAll('[data-confirmation]').length)).toBe(0);
    await page.close();
    await desk.close();
  });

  // Last: it leaves settings in storage that the extension did not write.
  it('takes no setting written past the extension (as a content script can in Firefox): no automatic Send, no higher cap', async () => {
    const page = await browser.newPage();
    void page.goto(`moz-extension://${EXTENSION_UUID}/options.html#settings`).catch(() => undefined);
    const form = () =>
      page.evaluate(() => {
        const cap = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Weekly invitation cap'))?.control as HTMLInputElement | null;
        const agent = document.querySelector('select[id$="-agent"]') as HTMLSelectElement | null;
        const autoSend = [...document.querySelectorAll('label.check')].find((l) => l.textContent?.includes('press Send'))?.querySelector('input');
        return { cap: cap?.value ?? null, agent: agent?.value ?? null, autoSend: autoSend?.checked ?? null };
      });
    // As a person: Advanced holds the caps and the automatic Send.
    await until(() => page.evaluate(() => !!document.querySelector('button.disclosure[aria-controls="advanced-body"]')), 'the Advanced button');
    await page.click('button.disclosure[aria-controls="advanced-body"]');
    await until(() => form().then((f) => f.cap === '100' && f.agent === '' && f.autoSend === false), 'the settings form');
    // A plain storage.local.set, as a content script's: past the ledger the extension keeps.
    await page.evaluate(async () => {
      type Local = { get(name: string): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> };
      const api = (globalThis as unknown as { browser: { storage: { local: Local } } }).browser;
      const { settings } = await api.storage.local.get('settings');
      await api.storage.local.set({ settings: { ...(settings as object), agentFilter: 'ag_7Kq2mX9pLs', weeklyCap: 999, autoSend: true } });
    });
    // The page saw the change (the agent filter is harmless, and kept); the cap and Send are not taken.
    await until(() => form().then((f) => f.agent === 'ag_7Kq2mX9pLs'), 'the form to show the written agent filter');
    expect(await form()).toEqual({ cap: '100', agent: 'ag_7Kq2mX9pLs', autoSend: false });
    await page.close();
  });
});
