// Reviewing what will be sent (issue 23), in real Chromium against the sandbox over HTTP: an email's
// whole sequence read before deciding, edited in place, decided and taken back by keyboard; the
// contacts and meetings views under each response shape the sandbox can answer in.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/until';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import type { ResponseShape } from '../sandbox/shapes';
import { launchForViews, openOptionsView, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const book = () => sb.sandbox.accounts.get(DEMO_KEY)!.book;
const lead = (id: string) => book().contacts.find((c) => c.id === id)!;

const openView = (hash: string) => openOptionsView(ext, hash);

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchForViews(sb.url, DEMO_KEY);
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

/** Tab until the keyboard is inside the queue, as a person without a mouse gets there. */
async function tabIntoQueue(page: Page) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.closest('[data-review-item]') !== null)) return;
  }
  throw new Error('Tab never reached the queue');
}

const focusedItem = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-review-item]')?.getAttribute('aria-label') ?? null);

describe('reviewing emails and letters in Chromium', () => {
  it('reads a two-step email in full without Edit, edits step 2, validates, and the sandbox gets both steps in custom_messages', async () => {
    const page = await openView('emails');
    const leon = lead('ld_leonMrc1');
    const { email_1, follow_up_1 } = leon.draft!.messages;
    const row = page.getByRole('listitem', { name: /^Léon Marchal/ });
    await row.getByText('Step 2 of 2').waitFor();
    expect(await row.getByText(leon.draft!.subject, { exact: true }).count()).toBe(1);
    expect(await row.locator('.sequence .email-body').allInnerTexts()).toEqual([email_1, follow_up_1]);
    expect(await row.getByRole('textbox').count()).toBe(0);

    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    await row.getByRole('textbox', { name: 'Text of step 2' }).fill('Bonjour Léon,\nune relance revue.');
    await row.getByText('Changed').waitFor();
    await row.getByRole('button', { name: 'Validate with my changes' }).click();
    await page
      .locator('.decisions')
      .getByText(/^Validated\. You can undo it for 60 min\.$/)
      .waitFor();
    const sent = JSON.parse(sb.sandbox.log.findLast((l) => l.route === 'validateEmail')!.body!) as { custom_messages: Record<string, string> };
    expect(sent.custom_messages).toEqual({ email_1, follow_up_1: 'Bonjour Léon,\nune relance revue.' });
    expect(lead('ld_leonMrc1').draft!.messages.follow_up_1).toBe('Bonjour Léon,\nune relance revue.');
    expect(lead('ld_leonMrc1').decision?.kind).toBe('validated');

    // u takes the newest decision back (the opposite one, within its 60 minutes).
    await tabIntoQueue(page);
    await page.keyboard.press('u');
    await until(async () => lead('ld_leonMrc1').decision?.kind === 'rejected', 'the validation taken back');
    await page
      .locator('.decisions')
      .getByText(/^Rejected\. You can undo it for \d+ min\.$/)
      .waitFor();
    await page.close();
  });

  it('triages three items by keyboard only, focus moving to the next after each decision', async () => {
    const page = await openView('emails');
    await page.locator('[data-review-item]').first().waitFor();
    const before = await page.locator('[data-review-item]').count();
    await tabIntoQueue(page);
    // The first item is a paused agent's (its validation is refused): move past it.
    await page.keyboard.press('j');
    const decided: string[] = [];
    for (const keyName of ['v', 'r', 'v']) {
      const at = await focusedItem(page);
      expect(at).not.toBeNull();
      decided.push(at!);
      await page.keyboard.press(keyName);
      await until(async () => (await focusedItem(page)) !== at, `focus moved on from ${at}`);
      if (decided.length < 3 || before > 4) expect(await focusedItem(page)).not.toBeNull();
    }
    await until(async () => (await page.locator('[data-review-item]').count()) === before - 3, 'three items decided');
    const kinds = decided.map((label) => book().contacts.find((c) => label.startsWith(`${c.firstname} ${c.lastname}`))?.decision?.kind);
    expect(kinds).toEqual(['validated', 'rejected', 'validated']);
    expect(await page.locator('.decisions li').count()).toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it('lists the keys with ? and escapes a text box with Escape', async () => {
    const page = await openView('letters');
    await page.locator('[data-review-item]').first().waitFor();
    await tabIntoQueue(page);
    await page.keyboard.press('?');
    await page.getByText(/^u: take back the newest decision/).waitFor();
    await page.keyboard.press('e');
    await until(() => page.evaluate(() => document.activeElement?.tagName === 'TEXTAREA'), 'the first block in a text box');
    await page.keyboard.type('v');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-review-item'))).toBe(true);
    await page.close();
  });
});

describe('the work that waits', () => {
  it('the popup\'s "N replies wait" opens the Emails view on the replies\' first item', async () => {
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    const link = popup.getByRole('link', { name: /^\d+ replies wait for you to handle$/ });
    const opened = ext.context.waitForEvent('page');
    await link.click();
    const page = await opened;
    await until(async () => (await focusedItem(page)) !== null, 'the first reply focused');
    await page.waitForURL(/options\.html#emails\/replies$/);
    expect(await page.getByRole('button', { name: 'Replies to handle' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.activeElement === document.querySelector('[data-review-item]'))).toBe(true);
    await page.close();
    await popup.close();
  });
});

describe('contacts, meetings and emails under each response shape', () => {
  const shown: Record<string, { contacts: string[]; meetings: string[] }> = {};

  it.each([undefined, 'nested', 'follow-ups'] as const)(
    'shows the same contacts, meetings and email steps when the sandbox answers in the %s shape',
    async (shape?: ResponseShape) => {
      sb.sandbox.faults = shape ? { shape } : {};
      try {
        const contacts = await openView('contacts');
        await contacts.locator('.records .record').first().waitFor();
        const people = await contacts.locator('.records .record .record-main').allInnerTexts();
        expect(people.some((p) => p.includes('Aurélie Petitjean'))).toBe(true);
        await contacts.close();
        const meetings = await openView('meetings');
        await meetings.locator('.records .record').first().waitFor();
        const booked = await meetings.locator('.records .record .record-main').allInnerTexts();
        // Each with its time from start to end, however the service gives it.
        expect(booked.every((b) => / – /.test(b))).toBe(true);
        await meetings.close();
        // And an email to validate: both steps in order, in full (a paused agent's: never decided here).
        const bruno = lead(book().contacts.find((c) => c.firstname === 'Bruno')!.id);
        const emails = await openView('emails');
        const row = emails.getByRole('listitem', { name: /^Bruno Caron/ });
        await row.getByText('Step 2 of 2').waitFor();
        expect(await row.locator('.sequence .email-body').allInnerTexts()).toEqual(Object.values(bruno.draft!.messages));
        expect(await row.getByText(bruno.draft!.subject, { exact: true }).count()).toBe(1);
        await emails.close();
        // What the rules placed must be the same; the lines they could not place are each shape's own, as sent.
        const placed = (texts: string[]) => texts.map((x) => x.split('\nAlso in this record')[0] ?? x);
        shown[shape ?? 'own'] = { contacts: placed(people), meetings: placed(booked) };
        if (shape) expect(shown[shape]).toEqual(shown.own);
      } finally {
        sb.sandbox.faults = {};
      }
    },
  );
});
