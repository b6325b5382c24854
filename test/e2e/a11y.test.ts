// Accessibility (issues 11, 31 and 33): axe-core in Chromium on the popup, the in-page panel, the desk, every
// options view and its parts, and the states a view can be in that a plain visit never shows (a
// letter with no content, Edit with a change, empty lists, a failed read, the welcome, the first
// run). Each state is checked in the light theme then the dark one on the same page, so one launch
// and one options page serve the whole file. The sandbox build's panel root is open, so axe can
// read it. Longer than 250 lines: it is one table of states, each a few lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SENT_URL, DAY } from '../fixtures/sent-page';
import { serveProfiles, serveSentPage, slugOfPath } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { offeredViews } from '../../lib/views/routes';
import { askAsExtension, launchForViews, openAsExtension, type ExtensionBrowser } from './browser';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SCHEMES = ['light', 'dark'] as const;
const CLEAN = { light: [], dark: [] };

let sb: RunningSandbox;
let ext: ExtensionBrowser;
/** The one options page every options state is shown on, in turn. */
let options: Page;

const demo = () => sb.sandbox.accounts.get(DEMO_KEY)!;
const optionsUrl = (rest: string) => `chrome-extension://${ext.extensionId}/options.html${rest}`;

interface Result {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * axe's violations on the page (evaluated through the driver: extension pages forbid injected
 * scripts), and the texts whose contrast it could not judge: those would escape the check, so they
 * count too, but for the labels of a chart drawn as an image (its figures are in the table beside).
 */
async function violations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const found = (await page.evaluate(async (selector) => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown): Promise<{ violations: Result[]; incomplete: Result[] }> } }).axe;
    const { violations, incomplete } = await axe.run(selector ? { include: [[selector]] } : document);
    const inChart = (target: string[]) => target.length === 1 && !!document.querySelector(target[0]!)?.closest('svg[role="img"]');
    const unsure = incomplete
      .filter((r) => r.id === 'color-contrast')
      .map((r) => ({ ...r, id: 'color-contrast-unsure', nodes: r.nodes.filter((n) => !inChart(n.target)) }))
      .filter((r) => r.nodes.length > 0);
    return [...violations, ...unsure];
  }, within ?? null)) as Result[];
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** The violations of what the page shows now, in the light theme and in the dark one. */
async function inBothThemes(page: Page, within?: string): Promise<Record<(typeof SCHEMES)[number], string[]>> {
  const found = { light: [] as string[], dark: [] as string[] };
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    found[scheme] = await violations(page, within);
  }
  return found;
}

/** Nothing of the options page still says Loading (a view's chunk, its reads, the account). */
const settled = () => options.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Loading…'));

/** The views shown by the checks below. */
const shown = new Set<string>();

/** The options page at a view (`letters`, `emails/replies`), as a link to it opens it. */
async function show(hash: string): Promise<void> {
  shown.add(hash.split('/')[0]!);
  await options.evaluate((h) => {
    location.hash = h;
  }, hash);
  await options.locator(`nav a[aria-current="page"][href="#${hash.split('/')[0]}"]`).waitFor();
  await settled();
}

const button = (name: string) => options.getByRole('button', { name, exact: true });

/** A part of a view (its sub-tab) shown and read: the tab says it is pressed in the render that shows it. */
async function part(name: string): Promise<void> {
  const tab = options.locator('.sub-tabs button', { hasText: name });
  if ((await tab.getAttribute('aria-pressed')) !== 'true') await tab.click();
  await options.locator('.sub-tabs button[aria-pressed="true"]', { hasText: name }).waitFor();
  await settled();
}

/** The Agents view with this agent chosen, once it shows this of the agent and has read the rest. */
async function chooseAgent(name: string, shows: Locator): Promise<void> {
  await show('agents');
  await options.locator('.agent-tabs button', { hasText: name }).click();
  await shows.waitFor();
  await settled();
}

/** Edit on the first review item that has it, its first text changed, its original shown: every mark Edit can show. */
async function editFirstText(): Promise<void> {
  const row = options
    .locator('[data-review-item]')
    .filter({ has: options.locator('[data-action="edit"]') })
    .first();
  await row.locator('[data-action="edit"]').click();
  await row.locator('textarea').first().fill('Changed by hand, to see every mark.');
  await row.getByText('Show the original').first().click();
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  // A letter the service sent without content: its preview says so on the letter's paper.
  const letters = demo().book.letters;
  letters.push({ ...letters.find((l) => l.id === 'lt_val01')!, id: 'lt_blank01', blocks: [] });
  // The whole request budget for views, as a person who uses them all day would set it: the states follow each other fast.
  ext = await launchForViews(sb.url, DEMO_KEY);
  const camille = demo().actions.find((a) => a.contact.firstname === 'Camille')!;
  await serveProfiles(ext.context, (slug) =>
    camille.contact.network_url.includes(slug)
      ? { name: 'Camille Lefèvre', card: 'connect', mimic: {} }
      : slug === 'jeanne-durand-8c2f1'
        ? { name: 'Jeanne Durand', card: 'connect' }
        : undefined,
  );
  options = await ext.context.newPage();
  await options.goto(optionsUrl('#overview'));
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('no accessibility violation found by axe, light and dark themes', () => {
  it('in the popup, a row expanded', async () => {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await page.locator('.queue .row-toggle').first().click();
    await page.getByRole('textbox', { name: 'Note' }).waitFor();
    expect(await inBothThemes(page)).toEqual(CLEAN);
    await page.close();
  });

  it('in the panel on a profile page', async () => {
    const camille = demo().actions.find((a) => a.contact.firstname === 'Camille')!;
    const page = await ext.context.newPage();
    await page.goto(camille.contact.network_url);
    // The panel comes where the extension brings the tab (the popup's Open profile, on this one).
    await openAsExtension(ext, camille.id, page);
    await page.locator('#invitation-assistant-panel').getByRole('button', { name: 'Prepare the invitation' }).waitFor({ timeout: 15_000 });
    expect(await inBothThemes(page, '#invitation-assistant-panel')).toEqual(CLEAN);
    await page.close();
  });

  it('in the desk, in each of its states: the queue, This profile, the invitation before and during Prepare, Mark by hand open, the outcome and the next', async () => {
    // Its page in a tab stands in for the side panel (test/e2e/desk.test.ts says how).
    const desk = await ext.context.newPage();
    await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
    await desk.locator('.queue .row-toggle').first().click();
    await desk.getByRole('textbox', { name: 'Note' }).waitFor();
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    const stranger = await ext.context.newPage();
    await stranger.goto('https://www.linkedin.com/in/jeanne-durand-8c2f1/');
    await stranger.bringToFront();
    await desk
      .getByRole('region', { name: /This profile/ })
      .getByRole('button', { name: 'Add to this agent' })
      .waitFor({ timeout: 15_000 });
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    const camille = demo().actions.find((a) => a.contact.firstname === 'Camille')!;
    const profile = await ext.context.newPage();
    await profile.goto(camille.contact.network_url);
    await profile.bringToFront();
    const atHand = desk.getByRole('region', { name: 'Camille Lefèvre' });
    await atHand.getByRole('button', { name: 'Prepare the invitation' }).waitFor({ timeout: 15_000 });
    await atHand.getByText('Mark by hand').click();
    await atHand.getByRole('button', { name: 'Mark failed' }).click();
    await atHand.getByRole('form', { name: 'Why the invitation could not be sent' }).waitFor();
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    await atHand.getByRole('button', { name: 'Cancel' }).click();
    await atHand.getByRole('button', { name: 'Prepare the invitation' }).click();
    await atHand
      .getByRole('status')
      .getByText(/press Send on the page/)
      .waitFor({ timeout: 15_000 });
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    // The person's Send: the outcome, and the next invitation named with Open.
    await profile.click('[data-send]');
    await atHand.getByRole('button', { name: 'Open', exact: true }).waitFor({ timeout: 15_000 });
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    for (const page of [profile, stranger, desk]) await page.close();
  });

  it('in the desk at 240 px (Firefox sidebar’s default width), the queue and This profile: no violation, no sideways scroll, no control under 24 px', async () => {
    const desk = await ext.context.newPage();
    await desk.setViewportSize({ width: 240, height: 760 });
    await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
    await desk.locator('.queue .row-toggle').first().click();
    await desk.getByRole('textbox', { name: 'Note' }).waitFor();
    /** What does not fit: a page wider than the desk, and the visible controls smaller than 24 px high. */
    const cramped = () =>
      desk.evaluate(() => {
        const wide = document.documentElement.scrollWidth > document.documentElement.clientWidth ? ['scrolls sideways'] : [];
        const small = [...document.querySelectorAll('button, select, input, textarea, summary')]
          .map((e) => [e.textContent?.trim() || e.getAttribute('aria-label') || e.tagName, e.getBoundingClientRect()] as const)
          .filter(([, r]) => r.width > 0 && r.height < 24)
          .map(([name, r]) => `${name}: ${r.height} px`);
        return [...wide, ...small];
      });
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    expect(await cramped()).toEqual([]);
    const stranger = await ext.context.newPage();
    await stranger.goto('https://www.linkedin.com/in/jeanne-durand-8c2f1/');
    await stranger.bringToFront();
    await desk
      .getByRole('region', { name: /This profile/ })
      .getByRole('button', { name: 'Add to this agent' })
      .waitFor({ timeout: 15_000 });
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    expect(await cramped()).toEqual([]);
    for (const page of [stranger, desk]) await page.close();
  });

  it('in the desk on the Sent invitations page: the old invitations listed, a withdrawal recorded with its date, and a wait past the limit', async () => {
    const people = demo()
      .actions.filter((a) => a.status === 'sent')
      .slice(0, 2)
      .map((a) => ({
        actionId: a.id,
        slug: slugOfPath(new URL(a.contact.network_url).pathname),
        name: `${a.contact.firstname} ${a.contact.lastname}`,
        agentId: a.agent_id,
      }));
    await serveSentPage(ext.context, () => ({ invitations: people.map((p, i) => ({ slug: p.slug, name: p.name, sentAt: Date.now() - (40 - i) * DAY })) }));
    const sentRecord = people.map((p, i) => ({ ...p, note: i ? 'Hello' : null, sentAt: Date.now() - (35 - i) * DAY }));
    await ext.worker.evaluate(
      (record) =>
        (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set({ sentRecord: record }),
      sentRecord,
    );
    await askAsExtension(ext, { type: 'saveSettings', withdrawalsPerMinute: 1 });
    const desk = await ext.context.newPage();
    await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
    const page = await ext.context.newPage();
    await page.goto(SENT_URL);
    await page.bringToFront();
    const list = desk.getByRole('list', { name: 'Old invitations to withdraw' });
    await list.waitFor({ timeout: 15_000 });
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    await list.getByRole('button', { name: `Withdraw the invitation to ${people[0]!.name}` }).click();
    await page.locator('[data-confirmation] [data-confirm]').click({ timeout: 10_000 });
    await list.getByText(/^Withdrawn on /).waitFor({ timeout: 15_000 });
    await list.getByRole('button', { name: `Withdraw the invitation to ${people[1]!.name}` }).click();
    await list.getByText(/the next withdrawal can start at/).waitFor({ timeout: 10_000 });
    expect(await inBothThemes(desk)).toEqual(CLEAN);
    for (const p of [page, desk]) await p.close();
  });

  const views: Array<[string, () => Promise<void>]> = [
    [
      "Overview: what waits and each agent's week drawn, every segment of the bars shown",
      async () => {
        // The record of invitations sent through the extension: of every age, one accepted, for each agent.
        const sentRecord = demo()
          .actions.filter((a) => a.status === 'sent')
          .map((a, i) => ({
            actionId: a.id,
            slug: slugOfPath(new URL(a.contact.network_url).pathname),
            agentId: a.agent_id,
            note: null,
            sentAt: Date.now() - (2 + i * 5) * DAY,
            ...(i % 4 === 1 ? { acceptedAt: Date.now() - DAY } : {}),
          }));
        await ext.worker.evaluate(
          (record) =>
            (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set({ sentRecord: record }),
          sentRecord,
        );
        await show('overview');
        for (const tone of ['ok', 'accent', 'muted', 'warn']) await options.locator(`.glance svg[role="img"] rect.tone-${tone}`).first().waitFor();
      },
    ],
    ['Invitations: the week', () => show('invitations').then(() => options.locator('.weekly-stats').waitFor())],
    [
      'Contacts: the marks explained and a Block confirmation open',
      async () => {
        await show('contacts');
        await options.getByText('What the marks mean').click();
        await button('Block').first().click();
        await options.locator('.confirm').waitFor();
      },
    ],
    [
      'Contacts: a search that finds no one',
      async () => {
        await options.getByRole('searchbox').fill('nobody-by-that-name');
        await button('Search').click();
        await options.getByText('Nothing to show here.').waitFor();
      },
    ],
    [
      'Agents: an active agent, its statistics, reflexes (executions open) and meetings',
      async () => {
        await chooseAgent('Prospection SaaS France', options.locator('.stats-table'));
        await options.locator('.executions summary').first().click();
      },
    ],
    ['Agents: an older agent, without reflexes', () => chooseAgent('Salons Lyon 2026', options.getByText('Reflexes exist only on recent agents.'))],
    [
      'Emails to validate: the keys listed, the first in Edit with a changed step',
      async () => {
        await show('emails');
        await button('Keyboard keys (?)').click();
        await editFirstText();
      },
    ],
    [
      'Emails, replies to handle: the first reply in Edit, changed',
      async () => {
        await show('emails/replies');
        await part('Replies to handle');
        await editFirstText();
      },
    ],
    ['Emails, all', () => part('All emails')],
    [
      'Letters to validate: one without content, another in Edit with a changed block',
      async () => {
        await show('letters');
        await options.getByText('The service sent no content for this letter.').waitFor();
        await editFirstText();
      },
    ],
    [
      'Letters: a decision just made, with its Undo',
      async () => {
        const blank = options.locator('[data-review-item]').filter({ hasText: 'The service sent no content for this letter.' });
        await blank.locator('[data-action="reject"]').click();
        await options.locator('.decisions [data-action="undo"]').first().waitFor();
      },
    ],
    ['Letters, all', () => part('All letters')],
    [
      'Blocklist: a value refused before it is sent',
      async () => {
        await show('blocklist');
        await options.locator('.add-entry select').selectOption('email');
        await options.locator('.add-entry').getByRole('textbox', { name: 'Value' }).fill('not an address');
        await button('Add').click();
        await options.locator('.add-entry .feedback.error').waitFor();
      },
    ],
    ['Meetings', () => show('meetings').then(() => options.locator('.records li').first().waitFor())],
    [
      'Settings: Advanced and the Forget everything confirmation open',
      async () => {
        await show('settings');
        // Not exact: the disclosure's name starts with its arrow (▸).
        await options.getByRole('button', { name: 'Advanced' }).click();
        await button('Forget everything…').click();
        await options.locator('.about .confirm').waitFor();
      },
    ],
    [
      'Settings with the welcome of a first install',
      async () => {
        await options.goto(optionsUrl('?welcome#settings'));
        await options.getByRole('heading', { name: 'Welcome' }).waitFor();
        await settled();
      },
    ],
    [
      'a view whose read failed, its details open',
      async () => {
        await show('contacts');
        sb.sandbox.faults = { malformed: 'html' };
        try {
          await button('Refresh').click();
          await options.getByRole('alert').waitFor();
        } finally {
          sb.sandbox.faults = {};
        }
        await options.getByRole('alert').getByText('Details').click();
      },
    ],
  ];

  it.each(views)('on the options page, %s', async (_, open) => {
    await open();
    expect(await inBothThemes(options)).toEqual(CLEAN);
  });

  describe('with nothing in the lists', () => {
    let full: ReturnType<typeof demo>['book'];
    beforeAll(async () => {
      full = demo().book;
      demo().book = { ...full, contacts: [], emails: [], letters: [], blocklist: [], events: [], reflexes: [] };
      // Read again: the page keeps what it read for a few minutes.
      await options.reload();
    });
    afterAll(async () => {
      demo().book = full;
      await options.reload();
    });

    /** A view (and its part) that says it has nothing to show, in these words. */
    const saying = (hash: string, words: string, tab?: string) => async () => {
      await show(hash);
      if (tab) await part(tab);
      await options.getByText(words).waitFor();
    };
    const empty: Array<[string, () => Promise<void>]> = [
      ['Emails to validate', saying('emails', 'No contact email waits for validation.', 'To validate')],
      ['Emails, replies to handle', saying('emails/replies', 'No reply waits for you.', 'Replies to handle')],
      ['Emails, all', saying('emails', 'Nothing to show here.', 'All emails')],
      ['Letters to validate', saying('letters', 'No letter waits for validation.', 'To validate')],
      ['Letters, all', saying('letters', 'Nothing to show here.', 'All letters')],
      ['Contacts', saying('contacts', 'Nothing to show here.')],
      ['Blocklist', saying('blocklist', 'Nothing to show here.')],
      ['Meetings', saying('meetings', 'No meeting booked through this agent yet.')],
      ['Agents: an agent without reflexes or meetings', () => chooseAgent('Prospection SaaS France', options.getByText('This agent has no reflex.'))],
    ];

    it.each(empty)('on the options page, %s', async (_, open) => {
      await open();
      expect(await inBothThemes(options)).toEqual(CLEAN);
    });
  });
});

it('has checked every view the options page offers', () => {
  expect([...shown].sort()).toEqual([...offeredViews(true)].sort());
});

it('finds a violation when there is one, a contrast too low or not judged among them (the check can fail)', async () => {
  await show('settings');
  await options.evaluate(() => {
    const main = document.querySelector('main')!;
    main.append(Object.assign(document.createElement('input'), { type: 'text' }));
    // The dark theme's muted grey on a white sheet: the Letters view's note before its paper had its own colours.
    main.append(Object.assign(document.createElement('p'), { textContent: 'Grey on white', style: 'color: #a9b1ba; background: #fff' }));
    // A text over a gradient, whose contrast axe cannot judge.
    main.append(Object.assign(document.createElement('p'), { textContent: 'Over a gradient', style: 'background-image: linear-gradient(#fff, #000)' }));
  });
  const found = await violations(options);
  expect(found.some((v) => v.startsWith('label'))).toBe(true);
  expect(found.some((v) => v.startsWith('color-contrast ('))).toBe(true);
  expect(found.some((v) => v.startsWith('color-contrast-unsure'))).toBe(true);
  await options.reload();
});

// Last: it forgets the key, after which the page offers Settings alone.
it('finds no violation on Settings alone before a key, with the welcome (after Forget everything)', async () => {
  await options.goto(optionsUrl('?welcome#settings'));
  await settled();
  await button('Forget everything…').click();
  await button('Forget everything').click();
  await options.getByText('Connect the extension to your service here; the other sections appear once it is connected.').waitFor();
  await options.getByRole('heading', { name: 'Welcome' }).waitFor();
  expect(await inBothThemes(options)).toEqual(CLEAN);
});
