// The account's views on the options page, in real Chromium against the sandbox over HTTP, used
// as a person would: through the navigation, the forms and the buttons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { launchForViews, openOptionsView, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const book = () => sb.sandbox.accounts.get(DEMO_KEY)!.book;

const openView = (hash: string) => openOptionsView(ext, hash);

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchForViews(sb.url, DEMO_KEY);
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('the options page views in Chromium', () => {
  it('opens every view from the navigation, each loading without an error', async () => {
    const page = await openView('overview');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const name of ['Invitations', 'Contacts', 'Agents', 'Emails', 'Letters', 'Blocklist', 'Meetings', 'Settings', 'Overview']) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 2, name }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('alert').count(), name).toBe(0);
    }
    await page.waitForURL(/#overview$/);
    await page.close();
  });

  it('shows page 2 of the contacts', async () => {
    const page = await openView('contacts');
    await page.locator('.record').first().waitFor();
    await page.getByLabel('Per page').selectOption('25');
    await page.getByText(/^Page 1 of \d+/).waitFor();
    const first = await page.locator('.record strong').allTextContents();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(/^Page 2/).waitFor();
    await until(async () => JSON.stringify(await page.locator('.record strong').allTextContents()) !== JSON.stringify(first), 'page 2 shown');
    expect(sb.sandbox.log.some((l) => l.route === 'listContacts' && /page=2/.test(l.query ?? ''))).toBe(true);
    await page.close();
  });

  it('blocks a contact after the confirmation and shows the counts', async () => {
    const page = await openView('contacts');
    await page.getByPlaceholder('Search by name, company or email').fill('Petitjean');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator('.record').filter({ hasText: 'Aurélie Petitjean' });
    await row.getByRole('button', { name: 'Block', exact: true }).click();
    await row.getByRole('button', { name: 'Block this contact' }).click();
    await row.getByText(/^Aurélie Petitjean blocked: \d+ duplicates blocked too, \d+ emails and \d+ letters cancelled\.$/).waitFor();
    expect(book().contacts.find((c) => c.id === 'ld_aurPtj2')?.status).toBe('block');
    await page.close();
  });

  it('validates a contact email, undoes it within the grace, and the sandbox holds the final choice', async () => {
    const page = await openView('emails');
    const row = page.locator('.records > li').filter({ hasText: 'Rachel Adams' }).first();
    await row.getByRole('button', { name: 'Validate', exact: true }).click();
    const decided = page.locator('.decisions li').filter({ hasText: 'Rachel Adams' });
    await decided.getByText(/^Validated\. You can undo it for 60 min\.$/).waitFor();
    await decided.getByRole('button', { name: 'Reject instead' }).click();
    await decided.getByText(/^Rejected\. You can undo it for \d+ min\.$/).waitFor();
    expect(book().contacts.find((c) => c.id === 'ld_rchAdm4')?.decision?.kind).toBe('rejected');
    await page.close();
  });

  it("validates a letter with an edited block, and the sandbox holds the block's text", async () => {
    const page = await openView('letters');
    const letter = book().letters.find((l) => l.id === 'lt_val01')!;
    const row = page
      .locator('.records > li')
      .filter({ hasText: `${letter.address.firstname} ${letter.address.lastname}` })
      .first();
    // The letter reads in full before Edit; Edit turns its blocks into text boxes where they stand.
    expect(await row.locator('.letter-block').first().textContent()).toBe(letter.blocks[0]!.content);
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    await row.getByRole('textbox', { name: 'Block 1' }).fill('Madame, Monsieur, un bloc revu à la main.');
    await row.getByText('Changed').waitFor();
    await row.getByRole('button', { name: 'Validate with my changes' }).click();
    await page
      .locator('.decisions')
      .getByText(/^Validated\. You can undo it/)
      .waitFor();
    expect(letter.blocks[0]!.content).toBe('Madame, Monsieur, un bloc revu à la main.');
    const sent = JSON.parse(sb.sandbox.log.findLast((l) => l.route === 'validateLetter')!.body!) as { blocks: Array<{ id: unknown; content: string }> };
    expect(sent.blocks.map((b) => b.content)).toEqual(letter.blocks.map((b) => b.content));
    await page.close();
  });

  it('adds a blocklist entry of each type and removes one', async () => {
    const page = await openView('blocklist');
    const form = page.getByRole('form', { name: 'Add to the blocklist' });
    for (const [value, saved] of [
      ['e2e@rival.example', 'e2e@rival.example'],
      ['rival-e2e.example', 'rival-e2e.example'],
      ['Rival E2E SAS', 'Rival E2E SAS'],
      ['552 100 554', '552100554'],
    ]) {
      await form.getByLabel('Value', { exact: true }).fill(value!);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await form.getByText(`${saved} is on the blocklist.`).waitFor();
    }
    await form.getByLabel('Type').selectOption('address');
    await form.getByLabel('First name', { exact: true }).fill('Élodie');
    await form.getByLabel('Last name', { exact: true }).fill('Garnier');
    await form.getByLabel('Postcode', { exact: true }).fill('69003');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByText('elodie|garnier|69003 is on the blocklist.').waitFor();
    const values = book().blocklist.map((e) => e.value);
    for (const v of ['e2e@rival.example', 'rival-e2e.example', 'Rival E2E SAS', '552100554', 'elodie|garnier|69003']) expect(values).toContain(v);

    await page.locator('.filters select').selectOption('company');
    await page.getByRole('button', { name: 'Remove Rival E2E SAS from the blocklist' }).click();
    await page.getByText('Rival E2E SAS was removed from the blocklist.').waitFor();
    expect(book().blocklist.some((e) => e.value === 'Rival E2E SAS')).toBe(false);
    await page.close();
  });

  it("shows a paused agent's refusal on the item", async () => {
    const page = await openView('emails');
    const row = page.locator('.records > li').filter({ hasText: 'Bruno Caron' }).first();
    await row.getByRole('button', { name: 'Validate', exact: true }).click();
    await row.getByText(/agent is paused on the service/).waitFor();
    await page.close();
  });

  it('keeps a validation made while the service is down and delivers it when it is back', async () => {
    const page = await openView('emails');
    const row = page.locator('.records > li').filter({ hasText: 'Kevin Tran' }).first();
    await row.waitFor();
    sb.sandbox.faults = { down: true };
    await row.getByRole('button', { name: 'Validate', exact: true }).click();
    await row.getByText(/^Saved in the extension; it will be sent/).waitFor();
    sb.sandbox.faults = {};
    await until(() => book().contacts.find((c) => c.id === 'ld_kevTrn3')?.decision?.kind === 'validated', 'the queued validation delivered', 60_000);
    await page.close();
  });
});
