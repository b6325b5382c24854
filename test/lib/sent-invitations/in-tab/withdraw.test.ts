// @vitest-environment happy-dom
// The withdrawal run in the Sent page's tab, on the simulated page (it plays the site) in the four
// languages and both layouts: the person's row found by its link only, its own Withdraw pressed (or
// the person told to), the confirmation for that person awaited, the confirm never pressed by the
// extension, and the outcome read from the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readWithdrawDialog } from '../../../../lib/page/reader/sent-dialog';
import { findSentRow, readSentPage } from '../../../../lib/page/reader/sent-page';
import { readSlot, slotKey } from '../../../../lib/sent-invitations/in-tab/slot';
import { DIALOG_WAIT_MS, withdrawOnPage, withdrawScript, type WithdrawTabState } from '../../../../lib/sent-invitations/in-tab/withdraw';
import { DAY, SENT_LANGS, SENT_LAYOUTS, SENT_URL, showSentPage, type SentRowSpec } from '../../../fixtures/sent-page';
import { human } from '../../../helpers/human';
import { until } from '../../../helpers/until';
import { fakeClock, pass, settle } from '../../../helpers/fake-clock';

const NOW = Date.now();
const JANE = { slug: 'jane-doe-42', name: 'Jane Doe', sentAt: NOW - 30 * DAY };
const JOHN = { slug: 'john-smith-7', name: 'John Smith', sentAt: NOW - 2 * DAY };
const ANA = { slug: 'ana-garcía-7', name: 'Ana García', sentAt: NOW - 40 * DAY };

/** Every click the page sees, and whether a person made it (isTrusted). */
let clicks: Array<{ on: string; trusted: boolean }>;
const listen = (e: Event) => {
  const el = e.target as Element;
  clicks.push({
    on: el.closest('[data-confirm]') ? 'confirm' : el.closest('[data-cancel]') ? 'cancel' : el.closest('[data-withdraw]') ? 'withdraw' : 'other',
    trusted: e.isTrusted === true,
  });
};
beforeEach(() => {
  clicks = [];
  document.addEventListener('click', listen, true);
});
afterEach(() => {
  document.removeEventListener('click', listen, true);
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const withdrawn = () => (window as unknown as { __withdrawn: string[] }).__withdrawn;
const rowOf = (slug: string) => findSentRow(readSentPage(document, SENT_URL), slug).row!;
const confirmOf = (slug: string) => readWithdrawDialog(document, rowOf(slug), { address: SENT_URL }).dialog!;

/** Starts the withdrawal of `slug` and collects what it says. */
function start(slug: string, letMeClick = false) {
  const said: WithdrawTabState[] = [];
  const done = withdrawOnPage(document, SENT_URL, { slug, letMeClick }, (s) => said.push(s));
  const step = (step: string) => until(() => said.some((s) => s.step === step), `the step ${step}`, 5_000, 20);
  return { said, done, step };
}

describe('a withdrawal on the Sent page, in the page’s tab', () => {
  for (const lang of SENT_LANGS)
    for (const layout of SENT_LAYOUTS)
      it(`${lang}, ${layout} layout: opens the confirmation for that person only, never presses its confirm, and records the person’s`, async () => {
        // The 300 ms in which nothing may be pressed, and the page's own waits, pass on a fake clock.
        fakeClock();
        showSentPage({ invitations: [JOHN, JANE, ANA], lang, layout, now: NOW });
        const { done, step } = start(JANE.slug);
        await step('confirm');
        // Only Jane's row's Withdraw was pressed, by the extension (an untrusted click), and her confirmation is open.
        expect(clicks).toEqual([{ on: 'withdraw', trusted: false }]);
        expect(confirmOf(JANE.slug).names).toContain('jane doe');
        expect(readWithdrawDialog(document, rowOf(ANA.slug), { address: SENT_URL }).otherDialog).toBe(true);
        await pass(300);
        expect(withdrawn()).toEqual([]);
        human('click', confirmOf(JANE.slug).confirm);
        await expect(settle(done)).resolves.toMatchObject({ end: { state: 'withdrawn', evidence: expect.arrayContaining(['row-gone', 'person-confirmed']) } });
        expect(withdrawn()).toEqual([JANE.slug]);
        expect(clicks.filter((c) => c.on === 'confirm')).toEqual([{ on: 'confirm', trusted: true }]);
        expect(readSentPage(document, SENT_URL).rows.map((r) => r.slug)).toEqual([JOHN.slug, ANA.slug]);
      });

  it('says cancelled when the person cancels in the page, the row still there', async () => {
    showSentPage({ invitations: [JANE, ANA], lang: 'fr', now: NOW });
    const { done, step } = start(JANE.slug);
    await step('confirm');
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    human('click', confirmOf(JANE.slug).cancel!);
    // The page is given a few seconds to take the row away; it does not.
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(done).resolves.toMatchObject({ end: { state: 'cancelled', evidence: ['row-present', 'confirmation-closed'] } });
    expect(withdrawn()).toEqual([]);
  });

  it('is not sure when the row goes without the person pressing the confirm (a page script pressed it)', async () => {
    showSentPage({ invitations: [JANE, ANA], lang: 'de', layout: 'older', now: NOW });
    const { done, step } = start(JANE.slug);
    await step('confirm');
    confirmOf(JANE.slug).confirm.click();
    await expect(done).resolves.toMatchObject({ end: { state: 'not-sure', why: 'not-confirmed-by-person' } });
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: a page that takes the row away at the extension’s click, asking nothing, is not sure, never withdrawn`, async () => {
      showSentPage({ invitations: [JANE, ANA], lang, now: NOW, asksNothing: true });
      const { done } = start(JANE.slug);
      await expect(done).resolves.toMatchObject({
        end: { state: 'not-sure', why: 'not-confirmed-by-person', evidence: expect.arrayContaining(['no-confirmation-asked']) },
      });
      expect(withdrawn()).toEqual([JANE.slug]);
    });

    it(`${lang}: on a slow page (the row goes 5 s after the person confirmed) the withdrawal is recorded withdrawn, not cancelled`, async () => {
      showSentPage({ invitations: [JANE, ANA], lang, now: NOW, removeAfterMs: 5_000 });
      const { done, step } = start(JANE.slug);
      await step('confirm');
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
      human('click', confirmOf(JANE.slug).confirm);
      await vi.advanceTimersByTimeAsync(6_000);
      await expect(done).resolves.toMatchObject({ end: { state: 'withdrawn', evidence: expect.arrayContaining(['row-gone', 'person-confirmed']) } });
    });

    it(`${lang}: the person confirmed and the row is still listed 20 s later: not sure (read the page again), never cancelled`, async () => {
      showSentPage({ invitations: [JANE, ANA], lang, now: NOW, removeAfterMs: 60_000 });
      const { done, step, said } = start(JANE.slug);
      await step('confirm');
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
      human('click', confirmOf(JANE.slug).confirm);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(said.some((s) => s.step === 'done')).toBe(false);
      await vi.advanceTimersByTimeAsync(6_000);
      await expect(done).resolves.toMatchObject({
        end: { state: 'not-sure', why: 'still-listed', evidence: expect.arrayContaining(['row-present', 'person-confirmed']) },
      });
    });
  }

  for (const lang of ['en', 'fr'] as const)
    it.each<[string, SentRowSpec, { boldDialog?: boolean }]>([
      ['its Withdraw is an <a> without href or role', { ...JANE, withdrawAsLink: true }, {}],
      ['its card links a mutual connection', { ...JANE, mutual: { slug: 'bob-martin-3', name: 'Bob Martin' } }, {}],
      ['the confirmation puts the duration in bold', JANE, { boldDialog: true }],
    ])(`${lang}: withdraws the person’s invitation when %s`, async (_what, jane, options) => {
      showSentPage({ invitations: [JOHN, jane, ANA], lang, now: NOW, ...options });
      const { done, step } = start(JANE.slug);
      await step('confirm');
      human('click', confirmOf(JANE.slug).confirm);
      await expect(done).resolves.toMatchObject({ end: { state: 'withdrawn' } });
      expect(withdrawn()).toEqual([JANE.slug]);
    });

  it.each<[string, string, SentRowSpec[]]>([
    ['no row links to the profile', 'no-row', [JOHN, ANA]],
    ['another person’s row also links to them (a decoy)', 'two-rows', [JANE, { ...ANA, decoySlug: JANE.slug }]],
    ['their row has no Withdraw of its own', 'row-not-sure', [{ ...JANE, withdraw: 'outside' }, ANA]],
    ['their row’s Withdraw names someone else', 'row-not-sure', [{ ...JANE, withdrawFor: 'Ana García' }, ANA]],
  ])('presses nothing when %s: not sure (%s)', async (_what, why, invitations) => {
    showSentPage({ invitations, lang: 'es', now: NOW });
    await expect(start(JANE.slug).done).resolves.toMatchObject({ end: { state: 'not-sure', why } });
    expect(clicks).toEqual([]);
    expect(document.querySelector('[data-confirmation]')).toBeNull();
  });

  it('never takes a namesake’s row, and never calls a confirmation theirs while a namesake is listed', async () => {
    const namesake = { slug: 'jane-doe-other', name: 'Jane Doe', sentAt: NOW - 25 * DAY };
    showSentPage({ invitations: [namesake, JANE], now: NOW });
    const { done } = start(JANE.slug);
    await expect(done).resolves.toMatchObject({ end: { state: 'not-sure', why: 'dialog-not-sure', evidence: expect.arrayContaining(['namesake-row']) } });
    // The Withdraw pressed was Jane's own row's, found by her link.
    expect(clicks).toEqual([{ on: 'withdraw', trusted: false }]);
    expect(document.querySelector('[data-confirmation]')?.textContent).toContain('Jane Doe');
    expect(withdrawn()).toEqual([]);
  });

  it('is not sure when no confirmation opens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    showSentPage({ invitations: [JANE], now: NOW });
    // A page whose Withdraw does nothing: its script is gone.
    (window as unknown as { __sentPageScript: AbortController }).__sentPageScript.abort();
    const { done } = start(JANE.slug);
    await vi.advanceTimersByTimeAsync(DIALOG_WAIT_MS + 1_000);
    await expect(done).resolves.toMatchObject({ end: { state: 'not-sure', why: 'no-dialog' } });
  });

  describe('with "Let me click on the page"', () => {
    it('presses nothing: tells the person to press the row’s Withdraw, waits for their confirmation, and reads it', async () => {
      showSentPage({ invitations: [JOHN, JANE], lang: 'fr', layout: 'older', now: NOW });
      const { done, step, said } = start(JANE.slug, true);
      await step('press-withdraw');
      expect(said[0]).toEqual({ slug: JANE.slug, step: 'press-withdraw', name: 'Jane Doe' });
      human('click', rowOf(JANE.slug).withdraw!);
      await step('confirm');
      human('click', confirmOf(JANE.slug).confirm);
      await expect(done).resolves.toMatchObject({ end: { state: 'withdrawn' } });
      // Every click the page saw was the person's.
      expect(clicks).toEqual([
        { on: 'withdraw', trusted: true },
        { on: 'confirm', trusted: true },
      ]);
    });

    it('stops, not sure, when the person opens someone else’s confirmation', async () => {
      showSentPage({ invitations: [JOHN, JANE], lang: 'es', now: NOW });
      const { done, step } = start(JANE.slug, true);
      await step('press-withdraw');
      human('click', rowOf(JOHN.slug).withdraw!);
      await expect(done).resolves.toMatchObject({ end: { state: 'not-sure', why: 'other-dialog' } });
    });
  });

  it('speaks through its slot: the background reads each step, and the last', async () => {
    showSentPage({ invitations: [JANE], now: NOW });
    const world: Record<string, unknown> = { [slotKey('sent-withdraw')]: { input: { slug: JANE.slug, letMeClick: false } } };
    withdrawScript(world, document, SENT_URL);
    const first = await readSlot(slotKey('sent-withdraw'), -1, 0, world);
    expect(first?.version).toBeGreaterThanOrEqual(0);
    await until(
      async () => ((await readSlot(slotKey('sent-withdraw'), -1, 0, world))?.state as WithdrawTabState | null)?.step === 'confirm',
      'confirm',
      5_000,
      20,
    );
    const seen = (await readSlot(slotKey('sent-withdraw'), -1, 0, world))!.version;
    const next = readSlot(slotKey('sent-withdraw'), seen, 5_000, world);
    human('click', confirmOf(JANE.slug).confirm);
    await expect(next).resolves.toMatchObject({ state: { step: 'done', end: { state: 'withdrawn' } } });
    expect(readSlot(slotKey('sent-withdraw'), -1, 0, {})).toBeNull();
  });
});
