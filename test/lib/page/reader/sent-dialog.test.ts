// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readWithdrawDialog, readWithdrawOutcome } from '../../../../lib/page/reader/sent-dialog';
import { findSentRow, readSentPage, type SentRow } from '../../../../lib/page/reader/sent-page';
import { dialogHtml } from '../../../fixtures/profile-page';
import {
  chatWindowHtml,
  DAY,
  SENT_LANGS,
  SENT_LAYOUTS,
  SENT_URL,
  sentPage,
  withdrawConfirmationHtml,
  withdrawnToastHtml,
  type SentPageOptions,
  type SentRowSpec,
} from '../../../fixtures/sent-page';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const JANE: SentRowSpec = { slug: 'jane-doe-42', name: 'Jane Doe', sentAt: NOW - 23 * DAY };
const MALLORY: SentRowSpec = { slug: 'mallory-evil', name: 'Mallory Evil', sentAt: NOW - 40 * DAY };

const page = (o: Partial<SentPageOptions>) => new DOMParser().parseFromString(sentPage({ invitations: [MALLORY, JANE], now: NOW, ...o }), 'text/html');
const rowOf = (doc: Document, slug = JANE.slug): SentRow => findSentRow(readSentPage(doc, SENT_URL), slug).row!;
const read = (doc: Document, row = rowOf(doc), foreign?: Set<Element>) => readWithdrawDialog(doc, row, { address: SENT_URL, foreign });

describe('the Withdraw confirmation', () => {
  for (const lang of SENT_LANGS)
    for (const layout of SENT_LAYOUTS)
      it(`${lang}, ${layout} layout: reads the confirmation for the row’s person, its confirm and its cancel`, () => {
        const doc = page({ lang, layout, confirmationFor: JANE.slug });
        const reading = read(doc);
        expect(reading).toMatchObject({ otherDialog: false, notSure: false, evidence: ['confirmation', 'names-person'] });
        expect(reading.dialog?.names).toContain('jane doe');
        expect(reading.dialog?.confirm.hasAttribute('data-confirm')).toBe(true);
        expect(reading.dialog?.cancel?.hasAttribute('data-cancel')).toBe(true);
      });

  for (const lang of SENT_LANGS)
    it(`${lang}: refuses the confirmation for someone else, and says one is open`, () => {
      const doc = page({ lang, confirmationFor: MALLORY.slug });
      expect(read(doc)).toMatchObject({ dialog: null, otherDialog: true, notSure: false });
      expect(read(doc, rowOf(doc, MALLORY.slug)).dialog?.names).toContain('mallory evil');
    });

  for (const lang of ['en', 'fr'] as const)
    for (const layout of SENT_LAYOUTS)
      it(`${lang}, ${layout} layout: reads the person from the sentence, not from every bold word ("3 weeks" bold is no name)`, () => {
        const doc = page({ lang, layout, confirmationFor: JANE.slug, boldDialog: true });
        const reading = read(doc);
        expect(reading).toMatchObject({ otherDialog: false, notSure: false });
        expect(reading.dialog?.names).toContain('jane doe');
        expect(reading.dialog?.names.some((n) => /3/.test(n))).toBe(false);
      });

  it('finds the confirm by its place (the 2025 layout’s action block) or its word when its label names nobody', () => {
    const doc = page({ confirmationFor: JANE.slug });
    doc.querySelector('[data-confirm]')!.removeAttribute('aria-label');
    expect(read(doc).dialog?.confirm.hasAttribute('data-confirm')).toBe(true);
    doc.querySelector('[data-view-name="edge-creation-connect-action"]')!.removeAttribute('data-view-name');
    expect(read(doc).dialog?.confirm.hasAttribute('data-confirm')).toBe(true);
  });

  it('is not sure of a confirmation that names nobody, or whose confirm is missing or doubled', () => {
    const doc = page({ confirmationFor: JANE.slug });
    const dialog = doc.querySelector('[data-confirmation]')!;
    const body = dialog.querySelector('p')!;
    const confirm = doc.querySelector('[data-confirm]')!;
    confirm.removeAttribute('aria-label');
    body.textContent = 'Are you sure?';
    expect(read(doc)).toMatchObject({ dialog: null, notSure: true, evidence: ['confirmation', 'names-nobody'] });
    body.textContent = 'If you withdraw now, you won’t be able to resend to Jane Doe for up to 3 weeks.';
    confirm.insertAdjacentHTML('afterend', '<button>Withdraw</button>');
    expect(read(doc)).toMatchObject({ dialog: null, notSure: true });
    expect(read(doc).evidence).toContain('two-confirms');
    for (const button of dialog.querySelectorAll('button:not([data-cancel])')) button.remove();
    expect(read(doc)).toMatchObject({ dialog: null, notSure: true });
    expect(read(doc).evidence).toContain('no-confirm');
  });

  it('refuses a confirmation whose body names the person but whose confirm names someone else', () => {
    const doc = page({ confirmationFor: JANE.slug });
    doc.querySelector('[data-confirm]')!.setAttribute('aria-label', 'Withdrawn invitation sent to Mallory Evil');
    expect(read(doc)).toMatchObject({ dialog: null, otherDialog: true });
  });

  it('is not sure while another row of the page shows the same name (a namesake’s confirmation reads the same)', () => {
    const namesake = { ...MALLORY, slug: 'jane-doe-other', name: 'Jane Doe' };
    const doc = page({ invitations: [namesake, JANE], confirmationFor: JANE.slug });
    expect(read(doc)).toMatchObject({ dialog: null, notSure: true });
    expect(read(doc).evidence).toContain('namesake-row');
    // Behind the open modal the page hides its content from assistive technologies only: the rows still count.
    doc.querySelector('[role="main"]')!.setAttribute('aria-hidden', 'true');
    expect(read(doc).evidence).toContain('namesake-row');
  });

  it('never takes a chat window or an unrelated dialog already open, and still finds the confirmation beside them', () => {
    const others = chatWindowHtml(JANE.slug, JANE.name) + dialogHtml('add-note', 'en', 'Jane Doe');
    expect(read(page({ after: others }))).toEqual({ dialog: null, otherDialog: false, notSure: false, evidence: [] });
    const doc = page({ after: others, confirmationFor: JANE.slug });
    expect(read(doc).dialog?.element.hasAttribute('data-confirmation')).toBe(true);
  });

  it('never takes a confirmation open before the withdrawal began, and is not sure of two open at once', () => {
    const doc = page({ confirmationFor: JANE.slug });
    const before = new Set([read(doc).dialog!.element]);
    expect(read(doc, rowOf(doc), before)).toMatchObject({ dialog: null, notSure: false });
    doc.getElementById('modal-root')!.insertAdjacentHTML('beforeend', withdrawConfirmationHtml('Jane Doe'));
    expect(read(doc)).toMatchObject({ dialog: null, notSure: true });
    expect(read(doc).evidence).toContain('two-confirmations');
  });

  it('skips a closed or hidden confirmation, and finds one drawn in an open shadow root', () => {
    const doc = page({});
    const root = doc.getElementById('modal-root')!;
    root.innerHTML = withdrawConfirmationHtml('Jane Doe', 'en', 'current', false);
    expect(read(doc).dialog).toBeNull();
    root.innerHTML = `<div hidden>${withdrawConfirmationHtml('Jane Doe')}</div>`;
    expect(read(doc).dialog).toBeNull();
    root.innerHTML = '';
    root.attachShadow({ mode: 'open' }).innerHTML = withdrawConfirmationHtml('Jane Doe', 'de', 'older');
    expect(read(doc).dialog?.names).toContain('jane doe');
  });
});

describe('the outcome of a confirmed withdrawal', () => {
  const outcome = (doc: Document, row: SentRow) => readWithdrawOutcome(doc, row, { address: SENT_URL });

  it('reads pending while the row is there and nothing says otherwise', () => {
    const doc = page({});
    expect(outcome(doc, rowOf(doc))).toEqual({ outcome: 'pending', evidence: ['row-present'] });
  });

  for (const lang of SENT_LANGS)
    it(`${lang}: reads withdrawn when the row is gone from the list, with or without the toast`, () => {
      const doc = page({ lang });
      const row = rowOf(doc);
      row.element.remove();
      expect(outcome(doc, row)).toEqual({ outcome: 'withdrawn', evidence: ['row-gone'] });
      doc.getElementById('toasts')!.innerHTML = withdrawnToastHtml(lang);
      expect(outcome(doc, row)).toEqual({ outcome: 'withdrawn', evidence: ['row-gone', 'toast'] });
    });

  it('counts a row hidden as the list takes it away as gone, and not one still drawn that no longer links to the profile', () => {
    const doc = page({});
    const row = rowOf(doc);
    row.element.setAttribute('hidden', '');
    expect(outcome(doc, row)).toEqual({ outcome: 'withdrawn', evidence: ['row-gone'] });
    row.element.removeAttribute('hidden');
    for (const link of row.element.querySelectorAll('a[href*="/in/"]')) link.removeAttribute('href');
    expect(outcome(doc, row)).toEqual({ outcome: 'not-sure', evidence: [] });
  });

  it('reads withdrawn when the last row is gone and the list says it is empty', () => {
    const doc = page({ invitations: [JANE] });
    const row = rowOf(doc);
    doc.querySelector('[data-list]')!.outerHTML = '<p>No pending invitations</p>';
    expect(outcome(doc, row)).toEqual({ outcome: 'withdrawn', evidence: ['row-gone'] });
  });

  it('reads withdrawn from a toast that names the person by their profile link, the row still drawn', () => {
    const doc = page({ toast: withdrawnToastHtml('fr', JANE) });
    expect(outcome(doc, rowOf(doc))).toEqual({ outcome: 'withdrawn', evidence: ['row-present', 'toast-names-person'] });
    const named = page({ toast: '<div role="status">Invitation withdrawn: <strong>Jane Doe</strong></div>' });
    expect(outcome(named, rowOf(named)).outcome).toBe('withdrawn');
  });

  it('is not sure when a toast names someone else, or names nobody while the row is still there', () => {
    const other = page({ toast: withdrawnToastHtml('en', MALLORY) });
    const row = rowOf(other);
    expect(outcome(other, row)).toEqual({ outcome: 'not-sure', evidence: ['row-present', 'toast-names-someone-else'] });
    row.element.remove();
    expect(outcome(other, row).outcome).toBe('not-sure');
    const generic = page({ toast: withdrawnToastHtml('es') });
    expect(outcome(generic, rowOf(generic))).toEqual({ outcome: 'not-sure', evidence: ['row-present', 'toast'] });
  });

  it('reads no toast shown before the withdrawal began (an earlier withdrawal’s, still on screen)', () => {
    const doc = page({ toast: withdrawnToastHtml('en', MALLORY) });
    const before = new Set(doc.querySelectorAll('[role="alert"]'));
    expect(readWithdrawOutcome(doc, rowOf(doc), { address: SENT_URL, foreign: before })).toEqual({ outcome: 'pending', evidence: ['row-present'] });
  });

  it('is not sure when the row is gone with the list (the page left, or loading again)', () => {
    const doc = page({});
    const row = rowOf(doc);
    doc.querySelector('[data-list]')!.outerHTML = '<div role="progressbar" aria-busy="true"></div>';
    expect(outcome(doc, row)).toEqual({ outcome: 'not-sure', evidence: [] });
    const left = page({});
    const leftRow = rowOf(left);
    leftRow.element.remove();
    expect(readWithdrawOutcome(left, leftRow, { address: 'https://www.linkedin.com/feed/' }).outcome).toBe('not-sure');
  });
});
