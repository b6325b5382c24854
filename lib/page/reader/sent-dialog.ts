// The network's Withdraw confirmation on the Sent invitations page ("Withdraw invitation: If you
// withdraw now, you won't be able to resend to X for up to 3 weeks." Cancel / Withdraw), and what
// the page shows once it is confirmed (the row gone, or its toast).
import { ALERTS, DIALOGS, isModal, titlesOf } from './dialog';
import { CONTROLS, labelsOf, matchesWord, norm, queryAllDeep } from './dom';
import { namesSomeoneElse, sameName } from './identity';
import { SENT } from './labels';
import { HIDDEN, isWithdrawControl, readSentPage, slugOfLink, withdrawNames, type SentRow } from './sent-page';

interface WithdrawConfirmation {
  element: Element;
  /** The names it gives its person (its confirm's label, its body), lowercased. */
  names: string[];
  /** Its one confirm control: pressed only by the person, or for them on their click. */
  confirm: HTMLElement;
  cancel: HTMLElement | undefined;
}

/**
 * What the open confirmations say, each a sign: one is open, it names the person, someone else or
 * nobody, it has one confirm control, none or two; two are open at once.
 */
type ConfirmationEvidence =
  | 'confirmation'
  | 'names-person'
  | 'names-someone-else'
  | 'names-nobody'
  | 'no-confirm'
  | 'two-confirms'
  | 'two-confirmations'
  | 'namesake-row';

/**
 * Where the page is (the tab's address; the document's own by default), and the dialogs and toasts
 * shown before the withdrawal began (an earlier withdrawal's toast stays a few seconds): never its.
 */
export interface ReadOptions {
  address?: string | undefined;
  foreign?: Set<Element> | undefined;
}

export interface WithdrawDialogReading {
  /** The confirmation for this row's person, sure: the only one ever confirmed. */
  dialog: WithdrawConfirmation | null;
  /** A confirmation naming someone else is open (never confirmed). */
  otherDialog: boolean;
  /** A confirmation is open that cannot be told to be this person's, or has no single confirm control. */
  notSure: boolean;
  evidence: ConfirmationEvidence[];
}

/** The 2025 layout's confirm button sits in this block, whatever its words. */
const CONFIRM_VIEW = '[data-view-name="edge-creation-connect-action"]';

/** A modal dialog (a native <dialog> opened too), never a chat window. */
const isModalDialog = (el: Element) => isModal(el) || (el.tagName === 'DIALOG' && !el.querySelector('[contenteditable]'));

const controlsOf = (el: Element) => [...el.querySelectorAll<HTMLElement>(CONTROLS)];

const isCancel = (el: Element) => labelsOf(el).some((label) => matchesWord(label, SENT.cancel));

const confirmsOf = (dialog: Element) =>
  controlsOf(dialog).filter((c) => !isCancel(c) && (isWithdrawControl(c) || (!!c.closest(CONFIRM_VIEW) && c.tagName === 'BUTTON')));

/** A modal whose title says "Withdraw invitation", or that holds a Withdraw control. */
const isConfirmation = (el: Element) => titlesOf(el, false).some((title) => SENT.title.test(title)) || confirmsOf(el).length > 0;

/**
 * The names a confirmation gives: its confirm's label ("Withdrawn invitation sent to X") and its
 * sentence ("…resend to X for up to 3 weeks"). Bold words are not names ("3 weeks" may be bold).
 */
function namesIn(dialog: Element): string[] {
  const texts = [...titlesOf(dialog), norm(dialog.textContent)];
  const inBody = texts.flatMap((text) => SENT.bodyNames.map((re) => re.exec(text)?.[1] ?? ''));
  return [...new Set([...confirmsOf(dialog).flatMap(withdrawNames), ...inBody].filter(Boolean))];
}

/** Visible and open: a hidden dialog is closing. */
const shown = (el: Element) => !el.closest('[aria-hidden="true"], [hidden]');

/**
 * The network's Withdraw confirmation for this row's person. The dialog names people, not
 * profiles: it is theirs only when every name it gives agrees with the row's name and it names
 * them at least once, and only while no other row of the page shows a name that agrees too (a
 * namesake's confirmation would read the same). Dialogs open before the withdrawal began
 * (`foreign`), chat windows and other dialogs are never taken. Two confirmations at once, one
 * naming nobody, or one without a single confirm control: not sure.
 */
export function readWithdrawDialog(doc: Document, row: SentRow, { address = doc.URL, foreign }: ReadOptions = {}): WithdrawDialogReading {
  const open = queryAllDeep(doc, DIALOGS).filter((el) => shown(el) && isModalDialog(el) && !foreign?.has(el) && isConfirmation(el));
  const readings = open.map((element) => {
    const names = namesIn(element);
    const whose = names.length === 0 || !row.name ? 'names-nobody' : names.some((n) => namesSomeoneElse(row.name, n)) ? 'names-someone-else' : 'names-person';
    return { element, names, whose, confirms: confirmsOf(element) } as const;
  });
  const evidence = new Set<ConfirmationEvidence>();
  for (const r of readings) {
    evidence.add('confirmation').add(r.whose);
    if (r.confirms.length === 0) evidence.add('no-confirm');
    if (r.confirms.length > 1) evidence.add('two-confirms');
  }
  if (readings.length > 1) evidence.add('two-confirmations');
  const namesake = readSentPage(doc, address).rows.some((r) => r.element !== row.element && !r.slugs.includes(row.slug ?? '') && sameName(r.name, row.name));
  if (readings.length > 0 && namesake) evidence.add('namesake-row');
  const otherDialog = evidence.has('names-someone-else');
  const [only] = readings;
  const sure = readings.length === 1 && only?.whose === 'names-person' && only.confirms.length === 1 && !namesake;
  const dialog = sure ? { element: only.element, names: only.names, confirm: only.confirms[0]!, cancel: controlsOf(only.element).find(isCancel) } : null;
  return { dialog, otherDialog, notSure: readings.length > 0 && !sure && !otherDialog, evidence: [...evidence] };
}

/** What tells the outcome: the row still there or gone from the list, a toast naming the person, naming nobody, or someone else. */
type OutcomeEvidence = 'row-present' | 'row-gone' | 'toast-names-person' | 'toast' | 'toast-names-someone-else';

export interface WithdrawOutcome {
  /** `withdrawn`: the page says so; `pending`: the row is still there; `not-sure`: neither, or signs that disagree. */
  outcome: 'withdrawn' | 'pending' | 'not-sure';
  evidence: OutcomeEvidence[];
}

/** Whom a toast names: a profile link's slug first, else its emphasised names, else its words. */
function toastNames(toast: Element, row: Pick<SentRow, 'slug' | 'name'>): OutcomeEvidence {
  const slugs = [...toast.querySelectorAll('a[href]')].flatMap((a) => slugOfLink(a) ?? []);
  if (slugs.length > 0) return slugs.every((slug) => slug === row.slug) ? 'toast-names-person' : 'toast-names-someone-else';
  const emphasised = [...toast.querySelectorAll('strong, b')].map((el) => norm(el.textContent)).filter(Boolean);
  if (emphasised.length > 0) return emphasised.every((n) => !!row.name && !namesSomeoneElse(row.name, n)) ? 'toast-names-person' : 'toast-names-someone-else';
  return row.name && sameName(row.name, norm(toast.textContent)) ? 'toast-names-person' : 'toast';
}

/** Gone: out of the document, or hidden as the list takes it away. */
const removed = (el: Element) => !el.isConnected || !!el.closest(HIDDEN);

/**
 * The outcome of confirming the withdrawal of `row` (read on the Sent page before): withdrawn
 * when the network's toast names the person, or when the row is gone from the list, which is still
 * shown (or now empty), and no toast names someone else; pending while the row is there and no
 * toast says a withdrawal happened. Anything else is not sure. Toasts in `foreign` are not read.
 */
export function readWithdrawOutcome(doc: Document, row: SentRow, { address = doc.URL, foreign }: ReadOptions = {}): WithdrawOutcome {
  const page = readSentPage(doc, address);
  const present = !!row.slug && page.rows.some((r) => r.slugs.includes(row.slug!));
  const gone = !present && removed(row.element) && (page.state === 'list' || page.state === 'empty');
  const evidence = new Set<OutcomeEvidence>();
  if (present) evidence.add('row-present');
  if (gone) evidence.add('row-gone');
  for (const toast of queryAllDeep(doc, ALERTS)) if (!foreign?.has(toast) && SENT.toast.test(norm(toast.textContent))) evidence.add(toastNames(toast, row));
  const toasted = evidence.has('toast') || evidence.has('toast-names-person');
  const outcome = evidence.has('toast-names-someone-else')
    ? 'not-sure'
    : evidence.has('toast-names-person') || gone
      ? 'withdrawn'
      : present && !toasted
        ? 'pending'
        : 'not-sure';
  return { outcome, evidence: [...evidence] };
}
