// The invitation loop in real Chromium: options, badge, popup, against the sandbox over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { badgeCount, badgeText, badgeTitle, expandRow, launchExtension, markByHand, popupRow, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;

const readyActions = () => sb.sandbox.accounts.get(DEMO_KEY)!.actions.filter((a) => a.status === 'ready');
const PAUSED_AGENT = 'ag_H1cJ5yUoDq';

async function eventually<T>(read: () => Promise<T> | T, expected: T, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

async function openPopup(): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await page.getByRole('list', { name: 'Ready invitations' }).waitFor();
  return page;
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchExtension();
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('the invitation loop in Chromium', () => {
  it('starts not set up, without a request', async () => {
    await eventually(() => badgeText(ext.worker), '?');
    expect(await badgeTitle(ext.worker)).toMatch(/not set up/i);
    expect(sb.sandbox.log).toHaveLength(0);
  });

  it('connects on the options page in one step, as a person would: address, key, Connect', async () => {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await page.getByLabel('Service URL').fill(sb.url);
    const key = page.getByLabel('API key', { exact: true });
    await key.fill(DEMO_KEY);
    expect(await key.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText(/^Connected\./).waitFor();
    await expect(key.inputValue()).resolves.toBe('');
    await page.getByText(`A key ending in ${DEMO_KEY.slice(-4)} is saved`).waitFor();
    const agents = page.getByRole('table', { name: 'Agents' });
    await expect(agents.getByRole('row').count()).resolves.toBe(4);
    await agents.getByText('Salons Lyon 2026').waitFor();
    // Connected, the page offers the account's views; the week's figures are under Invitations.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Invitations' }).click();
    await page.getByRole('table', { name: 'Invitations sent per day' }).waitFor();
    await page.waitForURL(/#invitations$/);
    await page.close();
  });

  it('shows the sandbox ready count on the badge', async () => {
    // Those of the paused agent are counted apart.
    await eventually(() => badgeText(ext.worker), String(badgeCount(sb.sandbox.accounts.get(DEMO_KEY)!)));
    const list = sb.sandbox.log.find((l) => l.route === 'listActions')!;
    expect(list.authorization).toBe(`Bearer ${DEMO_KEY}`);
    expect(list.query).not.toContain(DEMO_KEY);
  });

  it('edits a note in the popup and the sandbox holds the new text', async () => {
    const page = await openPopup();
    const target = readyActions().find((a) => a.agent_id !== PAUSED_AGENT)!;
    const item = await expandRow(page, `${target.contact.firstname} ${target.contact.lastname}`);
    const note = item.getByRole('textbox', { name: 'Note' });
    await note.fill('Bonjour, ravi de vous rencontrer au salon 🎉');
    // 43 code points; UTF-16 would count 44 for the emoji.
    await item.getByText('43 / 200 characters').waitFor();
    await item.getByRole('button', { name: 'Save note' }).click();
    await item.getByText('Note saved.').waitFor();
    expect(sb.sandbox.action(target.id)?.message).toBe('Bonjour, ravi de vous rencontrer au salon 🎉');
    await note.fill('x'.repeat(250));
    await expect(note.inputValue()).resolves.toHaveLength(200);
    await page.close();
  });

  it('marks sent by hand with metadata, after the undo delay, and the badge decrements', async () => {
    const before = badgeCount(sb.sandbox.accounts.get(DEMO_KEY)!);
    const page = await openPopup();
    const target = readyActions().find((a) => a.agent_id !== PAUSED_AGENT)!;
    const item = await expandRow(page, `${target.contact.firstname} ${target.contact.lastname}`);
    await markByHand(item);
    await item.getByRole('button', { name: 'Mark sent' }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Undo/ }).waitFor();
    // Held for the undo delay, then sent by the background on its own.
    await eventually(() => sb.sandbox.action(target.id)?.status, 'sent');
    expect(sb.sandbox.action(target.id)).toMatchObject({
      status: 'sent',
      metadata: { source: 'invitation-assistant-extension', method: 'manual', browser: 'chrome', version: expect.any(String), marked_at: expect.any(String) },
    });
    await eventually(() => badgeText(ext.worker), String(before - 1));
    await page.close();
  });

  it('shows the same weekly figure in the popup and on the options page after a mark, one more than before', async () => {
    /** "12 of 100 invitations sent in the last 7 days" in the popup; "12 invitations sent…" in the options. */
    const popupFigure = async (page: Page) => Number(/^(\d+) of \d+ invitations sent/.exec((await page.locator('.popup-head .pace').textContent()) ?? '')?.[1]);
    const optionsFigure = async (page: Page) =>
      Number(/^(\d+) invitations? sent/.exec((await page.locator('.weekly-stats figcaption').textContent()) ?? '')?.[1]);
    const popup = await openPopup();
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html#invitations`);
    await options.locator('.weekly-stats figcaption').waitFor();
    await expect.poll(() => popupFigure(popup)).toBe(await optionsFigure(options));
    const before = await optionsFigure(options);
    const target = readyActions().find((a) => a.agent_id !== PAUSED_AGENT)!;
    const item = await expandRow(popup, `${target.contact.firstname} ${target.contact.lastname}`);
    await markByHand(item);
    await item.getByRole('button', { name: 'Mark sent' }).click();
    await eventually(() => sb.sandbox.action(target.id)?.status, 'sent');
    // Neither page is reloaded: both follow what the background keeps.
    await expect.poll(() => optionsFigure(options), { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => popupFigure(popup), { timeout: 15_000 }).toBe(before + 1);
    await popup.close();
    await options.close();
  });

  it('undo within the delay sends nothing to the sandbox', async () => {
    const page = await openPopup();
    const target = readyActions().find((a) => a.agent_id !== PAUSED_AGENT)!;
    const name = `${target.contact.firstname} ${target.contact.lastname}`;
    const marks = () => sb.sandbox.log.filter((l) => l.route === 'markSent' || l.route === 'markFailed').length;
    const before = marks();
    const item = await expandRow(page, name);
    await markByHand(item);
    await item.getByRole('button', { name: 'Mark sent' }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Undo/ }).click();
    await popupRow(page, name).waitFor();
    await new Promise((r) => setTimeout(r, 6_000));
    expect(marks()).toBe(before);
    expect(sb.sandbox.action(target.id)?.status).toBe('ready');
    await page.close();
  });

  it('marks failed with a reason, by keyboard', async () => {
    const page = await openPopup();
    const target = readyActions().find((a) => a.agent_id !== PAUSED_AGENT)!;
    const row = popupRow(page, `${target.contact.firstname} ${target.contact.lastname}`);
    await row.locator('.row-toggle').focus();
    await page.keyboard.press('Enter');
    await row.getByText('Mark by hand').focus();
    await page.keyboard.press('Enter');
    await row.getByRole('button', { name: 'Mark failed' }).focus();
    await page.keyboard.press('Enter');
    const reason = row.getByLabel('Reason');
    await expect(reason.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await reason.selectOption('email_required');
    await row.getByLabel('Details (optional)').fill('Asks for an email address');
    await row.getByRole('button', { name: 'Confirm failed' }).press('Enter');
    await row.waitFor({ state: 'detached' });
    await eventually(() => sb.sandbox.action(target.id)?.status, 'failed');
    expect(sb.sandbox.action(target.id)).toMatchObject({
      status: 'failed',
      metadata: { reason: 'email_required', reason_text: 'Asks for an email address', method: 'manual' },
    });
    await page.close();
  });

  it("says a paused agent's invitation cannot be recorded, before and after trying", async () => {
    const page = await openPopup();
    const target = readyActions().find((a) => a.agent_id === PAUSED_AGENT)!;
    const item = await expandRow(page, `${target.contact.firstname} ${target.contact.lastname}`);
    // The popup says so before anything is tried, and the service's refusal is said in words too.
    await item.getByText(/is paused: the service records nothing for it/).waitFor();
    await item.getByRole('textbox', { name: 'Note' }).fill('Nouvelle note');
    await item.getByRole('button', { name: 'Save note' }).click();
    await item.getByText(/agent is paused on the service/).waitFor();
    expect(sb.sandbox.action(target.id)?.message).not.toBe('Nouvelle note');
    await page.close();
  });
});
