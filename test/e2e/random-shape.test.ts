// Issue 29 in Chromium: the extension used as a person uses it, against the sandbox answering every
// operation in a random shape (random-shape.ts) on three fixed seeds: the invitation loop, every
// account view and the add form, each checked as with the sandbox's own shapes. One browser a seed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveProfiles } from '../fixtures/serve-profiles';
import { until } from '../helpers/until';
import { A0, A1 } from '../sandbox/helpers';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { weeklyStats } from '../sandbox/state';
import { badgeCount, badgeText, expandRow, launchForViews, markByHand, openOptionsView, popupOver, popupRow, type ExtensionBrowser } from './browser';

/**
 * Together these three draw, on the routes used here, every key case, indicator, envelope, list key,
 * wrapper, pagination style, name layout, parts holder, time format and boolean spelling.
 */
const SEEDS = [1, 2, 3];
const PEOPLE: Record<string, string> = { 'jeanne-durand-8c2f1': 'Jeanne Durand', 'leon-marchal': 'Léon Marchal' };
const PAUSED_AGENT = 'ag_H1cJ5yUoDq';

describe.each(SEEDS)('against the sandbox in random shape, seed %i', (seed) => {
  let sb: RunningSandbox;
  let ext: ExtensionBrowser;
  const account = () => sb.sandbox.accounts.get(DEMO_KEY)!;
  const ready = () => account().actions.filter((a) => a.status === 'ready' && a.agent_id !== PAUSED_AGENT);

  beforeAll(async () => {
    sb = await startSandbox({ port: 0 });
    // Issue 29's draws: the wider ones of issue 37 (wrappers, references, family words) are tried by
    // the sandbox's own tests; the reader does not place all of them yet (the note says which).
    sb.sandbox.faults = { shape: 'random', seed, classic: true };
    ext = await launchForViews(sb.url, DEMO_KEY);
    await serveProfiles(ext.context, (slug) => (PEOPLE[slug] ? { name: PEOPLE[slug], card: 'connect' } : undefined));
  });

  afterAll(async () => {
    await ext?.close();
    await sb?.close();
  });

  async function openPopup(): Promise<Page> {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await page.getByRole('list', { name: 'Ready invitations' }).waitFor();
    return page;
  }

  it('counts the ready invitations, saves a note, marks one sent and one failed, and the weekly figure follows', async () => {
    await expect.poll(() => badgeText(ext.worker), { timeout: 15_000 }).toBe(String(badgeCount(account())));
    const popup = await openPopup();
    const [noted, sent, failed] = ready();
    const name = (a: typeof noted) => `${a!.contact.firstname} ${a!.contact.lastname}`;
    const item = await expandRow(popup, name(noted));
    await item.getByRole('textbox', { name: 'Note' }).fill('Bonjour, au plaisir de vous lire.');
    await item.getByRole('button', { name: 'Save note' }).click();
    await item.getByText('Note saved.').waitFor();
    expect(sb.sandbox.action(noted!.id)?.message).toBe('Bonjour, au plaisir de vous lire.');

    const options = await openOptionsView(ext, 'invitations');
    const figure = async () => Number(/^(\d+) invitations? sent/.exec((await options.locator('.weekly-stats figcaption').textContent()) ?? '')?.[1]);
    await options.locator('.weekly-stats figcaption').waitFor();
    const before = await figure();
    expect(before).toBe(weeklyStats(account(), Date.now()).total_sent);
    const toSend = await expandRow(popup, name(sent));
    await markByHand(toSend);
    await toSend.getByRole('button', { name: 'Mark sent' }).click();
    await until(() => sb.sandbox.action(sent!.id)?.status === 'sent', 'the mark sent delivered', 20_000);
    await expect.poll(figure, { timeout: 15_000 }).toBe(before + 1);

    const row = popupRow(popup, name(failed));
    await row.locator('.row-toggle').click();
    await markByHand(row);
    await row.getByRole('button', { name: 'Mark failed' }).click();
    await row.getByLabel('Reason').selectOption('not_relevant');
    await row.getByRole('button', { name: 'Confirm failed' }).click();
    await until(() => sb.sandbox.action(failed!.id)?.status === 'failed', 'the mark failed delivered', 20_000);
    expect(sb.sandbox.action(failed!.id)?.metadata).toMatchObject({ reason: 'not_relevant' });
    await options.close();
    await popup.close();
  });

  it('shows every account view with its records', async () => {
    const page = await openOptionsView(ext, 'overview');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const view of ['Invitations', 'Contacts', 'Agents', 'Emails', 'Letters', 'Blocklist', 'Meetings', 'Overview']) {
      await nav.getByRole('link', { name: view, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: view }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('alert').count(), view).toBe(0);
    }
    await page.close();

    const contacts = await openOptionsView(ext, 'contacts');
    await contacts.locator('.records .record').first().waitFor();
    expect((await contacts.locator('.records .record .record-main').allInnerTexts()).some((p) => p.includes('Aurélie Petitjean'))).toBe(true);
    await contacts.close();

    const meetings = await openOptionsView(ext, 'meetings');
    await meetings.locator('.records .record').first().waitFor();
    expect((await meetings.locator('.records .record .record-main').allInnerTexts()).every((b) => / – /.test(b))).toBe(true);
    await meetings.close();

    const book = account().book;
    const bruno = book.contacts.find((c) => c.firstname === 'Bruno')!;
    const emails = await openOptionsView(ext, 'emails');
    const row = emails.getByRole('listitem', { name: /^Bruno Caron/ });
    await row.getByText('Step 2 of 2').waitFor();
    expect(await row.locator('.sequence .email-body').allInnerTexts()).toEqual(Object.values(bruno.draft!.messages));
    expect(await row.getByText(bruno.draft!.subject, { exact: true }).count()).toBe(1);
    await emails.close();

    const letter = book.letters.find((l) => l.id === 'lt_val01')!;
    const letters = await openOptionsView(ext, 'letters');
    const paper = letters
      .locator('.records > li')
      .filter({ hasText: `${letter.address.firstname} ${letter.address.lastname}` })
      .first();
    expect(await paper.locator('.letter-block').first().textContent()).toBe(letter.blocks[0]!.content);
    await letters.close();

    const blocklist = await openOptionsView(ext, 'blocklist');
    await blocklist.getByText(book.blocklist[0]!.value, { exact: true }).first().waitFor();
    await blocklist.close();

    const agents = await openOptionsView(ext, 'agents');
    await agents.getByRole('button', { name: /^US Fintech Outreach/ }).click();
    const reflex = book.reflexes.find((r) => r.agent_id === A1)!;
    await agents.getByText(reflex.name, { exact: true }).waitFor();
    await agents.locator('.agent-stats table').waitFor();
    expect(await agents.getByRole('alert').count()).toBe(0);
    await agents.close();
  });

  it("asks the agent's required field, adds the profile, and says who is already a contact", async () => {
    const { profile, popup } = await popupOver(ext, 'jeanne-durand-8c2f1');
    await expect.poll(() => popup.getByRole('combobox', { name: 'Add to agent' }).inputValue()).toBe(A0);
    await popup.getByRole('textbox', { name: /Offre à mettre en avant/ }).fill('audit');
    await popup.getByRole('button', { name: 'Add to this agent' }).click();
    await popup.getByText(/^Added to Prospection SaaS France\./).waitFor({ timeout: 15_000 });
    expect(account().book.contacts.filter((c) => c.network_url === 'https://www.linkedin.com/in/jeanne-durand-8c2f1')).toEqual([
      expect.objectContaining({ agent_id: A0, custom_variables: { custom_offre: 'audit' } }),
    ]);
    await popup.close();
    await profile.close();

    const known = await popupOver(ext, 'leon-marchal');
    await known.popup.getByText(/^Already a contact of Prospection SaaS France, status: /).waitFor({ timeout: 15_000 });
    await known.popup.close();
    await known.profile.close();
  });
});
