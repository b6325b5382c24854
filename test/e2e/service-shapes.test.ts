// Issue 37 in Chromium: the extension used as a new person uses it, against the sandbox answering
// as services written from public conventions would (test/sandbox/conventions/: JSON:API, OData,
// Google AIP, HAL, Stripe's style) and in random shapes on three fixed seeds: the key accepted, the invitation loop
// (badge count, popup list), every account view with its records, and the add form's agents by
// name. One browser a shape; each check a test of its own, so what the reader cannot place is named.
import { shapeSession } from './shape-session';
import { describe, expect, it } from 'vitest';
import { serveProfiles } from '../fixtures/serve-profiles';
import { A1 } from '../sandbox/helpers';
import type { Faults } from '../sandbox/faults';
import { DEMO_KEY } from '../sandbox/seed';
import { weeklyStats } from '../sandbox/state';
import { badgeCount, badgeText, configureThroughOptions, popupOver, popupRow, wholeBudgetForViews } from './browser';

const ALL: Array<{ label: string; faults: Faults }> = [
  { label: 'jsonapi', faults: { shape: 'jsonapi' } },
  { label: 'odata', faults: { shape: 'odata' } },
  { label: 'aip', faults: { shape: 'aip' } },
  { label: 'hal', faults: { shape: 'hal' } },
  { label: 'stripe', faults: { shape: 'stripe' } },
  ...[1, 2, 3].map((seed) => ({ label: `random ${seed}`, faults: { shape: 'random' as const, seed } })),
];
// Each shape takes about 31 s on the 2-core machine: npm test runs three (JSON:API, HAL and
// Stripe's style; the token draw has its own file, token-shape.test.ts); SERVICE_SHAPES=all, or a
// list of labels ("odata,random 2"), runs others. Every shape passed on 2026-11-28, HAL and Stripe
// on 2026-12-02 (docs/api-assumptions.md, Conventions tried).
const CHOSEN = process.env.SERVICE_SHAPES?.split(',').map((s) => s.trim()) ?? ['jsonapi', 'hal', 'stripe'];
const SHAPES = CHOSEN.includes('all') ? ALL : ALL.filter((s) => CHOSEN.includes(s.label));
const PEOPLE: Record<string, string> = { 'jeanne-durand-8c2f1': 'Jeanne Durand' };
const WAIT = { timeout: 15_000 };

describe.each(SHAPES)('against the sandbox in the $label shape', ({ faults }) => {
  const session = shapeSession(faults, (ext) => serveProfiles(ext.context, (slug) => (PEOPLE[slug] ? { name: PEOPLE[slug], card: 'connect' } : undefined)));
  const { account, view } = session;

  it('accepts the key', async () => {
    await configureThroughOptions(session.ext(), session.sb().url, DEMO_KEY);
    await wholeBudgetForViews(session.ext());
  });

  it('the badge counts the ready invitations', async () => {
    const ready = badgeCount(account());
    await expect.poll(() => badgeText(session.ext().worker), WAIT).toBe(String(ready));
  });

  it('the popup lists the ready invitations by name', async () => {
    const popup = await session.ext().context.newPage();
    await popup.goto(`chrome-extension://${session.ext().extensionId}/popup.html`);
    const list = popup.getByRole('list', { name: 'Ready invitations' });
    await list.waitFor(WAIT);
    for (const a of account().actions.filter((x) => x.status === 'ready' && x.agent_id !== 'ag_H1cJ5yUoDq')) {
      await popupRow(popup, `${a.contact.firstname} ${a.contact.lastname}`).waitFor(WAIT);
    }
    await popup.close();
  });

  it('Invitations shows the weekly figure', () =>
    view('invitations', async (page) => {
      const caption = page.locator('.weekly-stats figcaption');
      await caption.waitFor(WAIT);
      expect(Number(/^(\d+) invitations? sent/.exec((await caption.textContent()) ?? '')?.[1])).toBe(weeklyStats(account(), Date.now()).total_sent);
    }));

  it('Contacts shows its records with their names', () =>
    view('contacts', async (page) => {
      await page.locator('.records .record').first().waitFor(WAIT);
      expect((await page.locator('.records .record .record-main').allInnerTexts()).some((p) => p.includes('Aurélie Petitjean'))).toBe(true);
    }));

  it('Agents shows each agent by name, its reflexes and figures', () =>
    view('agents', async (page) => {
      await page.getByRole('button', { name: /^US Fintech Outreach/ }).click(WAIT);
      await page.getByText(account().book.reflexes.find((r) => r.agent_id === A1)!.name, { exact: true }).waitFor(WAIT);
      await page.locator('.agent-stats table').waitFor(WAIT);
    }));

  it('Emails shows a sequence to validate with its subject and steps', () =>
    view('emails', async (page) => {
      const bruno = account().book.contacts.find((c) => c.firstname === 'Bruno')!;
      const row = page.getByRole('listitem', { name: /^Bruno Caron/ });
      await row.getByText('Step 2 of 2').waitFor(WAIT);
      expect(await row.locator('.sequence .email-body').allInnerTexts()).toEqual(Object.values(bruno.draft!.messages));
      expect(await row.getByText(bruno.draft!.subject, { exact: true }).count()).toBe(1);
    }));

  it('Letters shows a letter to validate with its blocks', () =>
    view('letters', async (page) => {
      const letter = account().book.letters.find((l) => l.id === 'lt_val01')!;
      const paper = page
        .locator('.records > li')
        .filter({ hasText: `${letter.address.firstname} ${letter.address.lastname}` })
        .first();
      await paper.locator('.letter-block').first().waitFor(WAIT);
      expect(await paper.locator('.letter-block').first().textContent()).toBe(letter.blocks[0]!.content);
    }));

  it('Blocklist shows its entries', () =>
    view('blocklist', async (page) => {
      await page.getByText(account().book.blocklist[0]!.value, { exact: true }).first().waitFor(WAIT);
    }));

  it('Meetings shows its bookings with their times', () =>
    view('meetings', async (page) => {
      await page.locator('.records .record').first().waitFor(WAIT);
      expect((await page.locator('.records .record .record-main').allInnerTexts()).every((b) => / – /.test(b))).toBe(true);
    }));

  it('the add form lists the agents by name', async () => {
    const { profile, popup } = await popupOver(session.ext(), 'jeanne-durand-8c2f1');
    try {
      const agents = popup.getByRole('combobox', { name: 'Add to agent' });
      // A service that leaves an empty list out (proto3, as AIP does) cannot say "not a contact":
      // the form then waits for the person to say they checked (issue 37), and only then lists the agents.
      const checked = popup.getByRole('button', { name: 'I checked: not yet a contact' });
      await agents.or(checked).first().waitFor(WAIT);
      if (await checked.isVisible()) await checked.click();
      await agents.waitFor(WAIT);
      const names = await agents.locator('option').allInnerTexts();
      expect(names.some((n) => n.includes('Prospection SaaS France'))).toBe(true);
      expect(names.some((n) => n.includes('US Fintech Outreach'))).toBe(true);
    } finally {
      await popup.close();
      await profile.close();
    }
  });
});
