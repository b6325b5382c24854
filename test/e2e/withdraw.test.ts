// Withdrawing old invitations on the network's Sent invitations page, in Chromium (issue 33), on
// the simulated page served at its real address, through the real desk (its page in a tab of the
// window, following the active tab): it lists the agents' old invitations the page shows; its
// Withdraw opens the network's confirmation for that row's person only; the simulated person's
// confirmation is recorded and shown; a second one past the limit a minute waits.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentInvitationsReply, WithdrawReply } from '../../lib/background/sent-invitations';
import type { SentInvitation } from '../../lib/sent-invitations/record';
import { DAY, SENT_URL } from '../fixtures/sent-page';
import { serveProfiles, serveSentPage, slugOfPath } from '../fixtures/serve-profiles';
import { until } from '../helpers/until';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { askAsExtension, launchConfigured, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;

interface Person {
  actionId: string;
  slug: string;
  name: string;
}

/** Three invitations the service holds as sent, the third someone the extension never sent to. */
let people: Person[];
/** A fourth, sent through the extension, whose profile now shows a 1st-degree connection. */
let accepted: Person;

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  people = sb.sandbox.accounts
    .get(DEMO_KEY)!
    .actions.filter((a) => a.status === 'sent')
    .slice(0, 4)
    .map((a) => ({ actionId: a.id, slug: slugOfPath(new URL(a.contact.network_url).pathname), name: `${a.contact.firstname} ${a.contact.lastname}` }));
  accepted = people.pop()!;
  await serveProfiles(ext.context, (slug) => (slug === accepted.slug ? { name: accepted.name, card: 'connected' } : undefined));
  await serveSentPage(ext.context, () => ({ invitations: people.map((p, i) => ({ slug: p.slug, name: p.name, sentAt: Date.now() - (40 - i) * DAY })) }));
  // The extension marked the first two sent five and four weeks ago (its record, as a mark writes it).
  const record: SentInvitation[] = [...people.slice(0, 2), accepted].map((p, i) => ({
    actionId: p.actionId,
    slug: p.slug,
    name: p.name,
    note: 'Hello',
    sentAt: Date.now() - (35 - 7 * i) * DAY,
  }));
  await ext.worker.evaluate(
    (sentRecord) => (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set({ sentRecord }),
    record,
  );
}, 120_000);

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

/** The Sent invitations page in a tab, and that tab's id as the browser knows it. */
async function sentTab(): Promise<{ page: Page; tabId: number }> {
  const page = await ext.context.newPage();
  await page.goto(`${SENT_URL}?invitationType=CONNECTION`);
  await page.locator('[data-row]').first().waitFor();
  const tabId = await ext.worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number }[]> } } };
    return (await chrome.tabs.query({ url: 'https://www.linkedin.com/mynetwork/*' }))[0]!.id!;
  });
  return { page, tabId };
}

const withdraw = (tabId: number, slug: string) => askAsExtension(ext, { type: 'withdraw', tabId, slug }) as Promise<{ ok: boolean; data: WithdrawReply }>;
const confirmations = (page: Page) => page.locator('[data-confirmation]');
const storedRecord = () =>
  ext.worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<{ sentRecord?: SentInvitation[] }> } } } };
    return (await chrome.storage.local.get('sentRecord')).sentRecord ?? [];
  });

describe('withdrawing an old invitation from the Sent invitations page, in Chromium', () => {
  it('the desk lists exactly the agents’ old ones the page shows; Withdraw on a row opens the confirmation for that row only; the person’s confirmation is recorded and shown; the next past the limit waits', async () => {
    // The desk's page in a tab of the window stands in for the side panel (test/e2e/desk.test.ts says why).
    const desk = await ext.context.newPage();
    await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
    await desk.getByRole('main', { name: 'Desk' }).waitFor();
    const { page, tabId } = await sentTab();
    const [first, second, stranger] = people as [Person, Person, Person];
    // Only the extension's own invitations are withdrawn from here, even when asked directly. (Asked
    // first: the extension's page that asks is a tab, and the person then looks at the Sent page.)
    expect((await withdraw(tabId, stranger.slug)).data).toEqual({ state: 'not-ours' });
    await askAsExtension(ext, { type: 'saveSettings', withdrawalsPerMinute: 1 });
    await page.bringToFront();

    // The desk's view: the extension's old invitations that this page lists, oldest first; not the
    // stranger's (never sent through the extension), not the accepted one's (not on the page).
    const list = desk.getByRole('list', { name: 'Old invitations to withdraw' });
    await list.waitFor({ timeout: 15_000 });
    const names = () => list.locator('li .row-name').allTextContents();
    expect(await names()).toEqual([first.name, second.name]);
    await list.getByText('Sent 35 days ago').waitFor();
    await expect(list.getByText('Note: “Hello”').count()).resolves.toBe(2);
    expect(await confirmations(page).count()).toBe(0);

    const started = Date.now();
    const row = (p: Person) => list.getByRole('listitem').filter({ hasText: p.name });
    await row(first)
      .getByRole('button', { name: `Withdraw the invitation to ${first.name}` })
      .click();
    await confirmations(page).first().waitFor({ timeout: 10_000 });
    expect(await confirmations(page).count()).toBe(1);
    await expect(confirmations(page).textContent()).resolves.toContain(first.name);
    await row(first).getByText(`Confirm the withdrawal for ${first.name} in the page, or cancel it there.`).waitFor({ timeout: 10_000 });
    // The extension never presses the confirm: the page waits for the person.
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as unknown as { __withdrawn: string[] }).__withdrawn)).toEqual([]);
    // The person confirms in the page.
    await confirmations(page).locator('[data-confirm]').click();
    await row(first)
      .getByText(/^Withdrawn\. The extension keeps the date/)
      .waitFor({ timeout: 15_000 });
    await row(first)
      .getByText(/^Withdrawn on /)
      .waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __withdrawn: string[] }).__withdrawn)).toEqual([first.slug]);
    const record = await storedRecord();
    expect(record.find((i) => i.slug === first.slug)?.withdrawnAt).toBeGreaterThanOrEqual(started);
    expect(record.find((i) => i.slug === second.slug)?.withdrawnAt).toBeUndefined();
    // The next one still to withdraw has the focus.
    const next = row(second).getByRole('button', { name: `Withdraw the invitation to ${second.name}` });
    await expect.poll(() => next.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);

    // A second click within the minute waits, and says until when; nothing opens in the page.
    await desk.keyboard.press('Enter');
    await row(second)
      .getByText(/^To keep a person's pace, the next withdrawal can start at /)
      .waitFor({ timeout: 10_000 });
    const waited = (await withdraw(tabId, second.slug)).data;
    expect(waited.state).toBe('wait');
    const until_ = (waited as { until: number }).until;
    expect(until_).toBeGreaterThanOrEqual(started + 60_000);
    expect(until_).toBeLessThanOrEqual(Date.now() + 60_000);
    await page.waitForTimeout(500);
    expect(await confirmations(page).count()).toBe(0);
    expect((await storedRecord()).find((i) => i.slug === second.slug)?.withdrawnAt).toBeUndefined();

    // Nothing of the extension is in the page's DOM.
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toMatch(/chrome-extension:|invitation-assistant/i);
    // Withdrawn, the first is no longer listed as old.
    await until(
      async () => (((await askAsExtension(ext, { type: 'sentInvitations' })) as { data: SentInvitationsReply }).data.old ?? []).length === 2,
      'the withdrawn invitation unlisted',
      10_000,
    );
    // The tab leaves the Sent page: the desk shows the queue again.
    await ext.context.route('https://www.linkedin.com/feed/', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Feed | LinkedIn</title><main><h1>Feed</h1></main>' }),
    );
    await page.goto('https://www.linkedin.com/feed/');
    await desk.getByRole('list', { name: 'Ready invitations' }).waitFor({ timeout: 10_000 });
    await page.close();
    await desk.close();
  });
});
