// Words made irrelevant, in Chromium (issue 49, item 5): the sandbox answers with every field the
// spec does not name renamed to a random token (test/sandbox/random-tokens.ts). What a person must
// be able to rely on whatever the words: the badge is exact, every contact email's steps and every
// letter's blocks are on the page before Validate, and no list says nothing waits while records
// wait. npm test runs seed 1; TOKEN_SEEDS=1,2,3 runs others.
import { shapeSession } from './shape-session';
import { describe, expect, it } from 'vitest';
import { letterCategory } from '../sandbox/letters';
import { DEMO_KEY } from '../sandbox/seed';
import { badgeCount, badgeText, configureThroughOptions, wholeBudgetForViews } from './browser';

const SEEDS = (process.env.TOKEN_SEEDS ?? '1').split(',').map(Number);
const WAIT = { timeout: 15_000 };

describe.each(SEEDS)('against the sandbox whose words are tokens, seed %i', (seed) => {
  const session = shapeSession({ shape: 'random', seed, tokens: true });
  const { account, view } = session;

  it('accepts the key, and the badge counts every ready invitation', async () => {
    await configureThroughOptions(session.ext(), session.sb().url, DEMO_KEY);
    await wholeBudgetForViews(session.ext());
    const ready = badgeCount(account());
    await expect.poll(() => badgeText(session.ext().worker), WAIT).toBe(String(ready));
  });

  it('Emails shows every step of every contact email to validate, and never that nothing waits', () =>
    view('emails', async (page) => {
      await page.locator('.records > li').first().waitFor(WAIT);
      expect(await page.getByText('No contact email waits for validation.').count()).toBe(0);
      const text = await page.locator('main').innerText();
      const flat = (s: string) => s.replace(/\s+/g, ' ').trim();
      const steps = account()
        .book.contacts.filter((c) => c.status === 'validation' && c.draft)
        .flatMap((c) => Object.values(c.draft!.messages));
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) expect(flat(text), step.slice(0, 40)).toContain(flat(step));
    }));

  it('Letters shows every block of every letter to validate', () =>
    view('letters', async (page) => {
      await page.locator('.records > li').first().waitFor(WAIT);
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      const blocks = account()
        .book.letters.filter((l) => letterCategory(l) === 'to_validate')
        .flatMap((l) => l.blocks.map((b) => b.content.replace(/\s+/g, ' ')));
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) expect(text, block.slice(0, 40)).toContain(block);
    }));
});
