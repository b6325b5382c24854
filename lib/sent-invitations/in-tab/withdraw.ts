// One withdrawal on the network's Sent invitations page, run in its tab by the background for one
// click of the person's (entrypoints/sent-withdraw.ts): the person's row, found only by its profile
// link, scrolled into view; its own Withdraw pressed (or, with "Let me click on the page", the
// person told to press it); the network's confirmation for that person awaited; then the PERSON's
// confirmation, never pressed here; then what the page shows. Nothing is drawn in the page.
// Every event this causes, by mode: docs/page-states.md, "Withdrawing from the Sent page".
import { waitFor } from '../../page/assist/wait';
import { ALERTS, DIALOGS } from '../../page/reader/dialog';
import { queryAllDeep } from '../../page/reader/dom';
import { readWithdrawDialog, readWithdrawOutcome } from '../../page/reader/sent-dialog';
import { findSentRow, readSentPage } from '../../page/reader/sent-page';
import { openSlot } from './slot';
import type { WithdrawStep } from '../../store/shapes';
export type { WithdrawStep } from '../../store/shapes';

export interface WithdrawInput {
  slug: string;
  /** "Let me click on the page": nothing is pressed here, the person presses the row's Withdraw. */
  letMeClick: boolean;
}

/**
 * Why a withdrawal is not sure: the page or its row could not be told (findSentRow's reasons);
 * a confirmation for someone else, or one that cannot be told to be theirs, opened; none opened;
 * the page says withdrawn but nobody pressed its confirm (or it asked nothing); the person confirmed
 * and the row is still listed 20 s later; the page's outcome disagrees; the person
 * did not answer in time; the tab left the page.
 */
export type NotSureWhy =
  | 'not-sent-page'
  | 'no-row'
  | 'two-rows'
  | 'row-not-sure'
  | 'other-dialog'
  | 'dialog-not-sure'
  | 'no-dialog'
  | 'not-confirmed-by-person'
  | 'still-listed'
  | 'outcome-not-sure'
  | 'no-answer'
  | 'page-left';

/** How a withdrawal ended, with the signs the page showed (`evidence`). */
export type WithdrawEnd = { state: 'withdrawn' | 'cancelled'; evidence: string[] } | { state: 'not-sure'; why: NotSureWhy; evidence: string[] };

export type WithdrawTabState = { slug: string; step: WithdrawStep; name?: string | undefined } | { slug: string; step: 'done'; end: WithdrawEnd };

/** The network's confirmation opens at once after a click; the person has this long to find the row and confirm. */
export const DIALOG_WAIT_MS = 10_000;
const PERSON_WAIT_MS = 3 * 60_000;
/** After the confirmation closed without the person's confirm, the page has this long to take the row away or show its toast. */
const SETTLE_MS = 3_000;
/** After the person's own confirm, a slow page has this long to take the row away (read again at each change). */
const CONFIRMED_WAIT_MS = 20_000;

/**
 * Runs the withdrawal of `input.slug` on the page `doc` shows at `address` (the tab's), telling
 * each step to `say`; resolves with the last.
 */
export async function withdrawOnPage(doc: Document, address: string, input: WithdrawInput, say: (state: WithdrawTabState) => void): Promise<WithdrawTabState> {
  const { slug } = input;
  const end = (last: WithdrawEnd): WithdrawTabState => {
    const state: WithdrawTabState = { slug, step: 'done', end: last };
    say(state);
    return state;
  };
  const notSure = (why: NotSureWhy, evidence: string[] = []) => end({ state: 'not-sure', why, evidence });
  const match = findSentRow(readSentPage(doc, address), slug);
  if (!match.row)
    return notSure(
      match.notSure,
      match.rows.flatMap((r) => r.evidence),
    );
  const { row } = match;
  // Dialogs open and toasts shown before this began (an earlier withdrawal's) are never its.
  const foreign = new Set(queryAllDeep(doc, `${DIALOGS}, ${ALERTS}`));
  const outcomeOf = () => readWithdrawOutcome(doc, row, { address, foreign });
  let confirm: HTMLElement | undefined;
  let confirmedByPerson = false;
  // The person's own click on the confirmation's confirm (a trusted event; a key's Enter on it is
  // one too): only then is a row gone taken for their withdrawal. Passive, in the capture phase.
  const listen = (event: Event) => {
    if (event.isTrusted && confirm && event.composedPath().includes(confirm)) confirmedByPerson = true;
  };
  doc.addEventListener('click', listen, { capture: true, passive: true });
  try {
    row.element.scrollIntoView?.({ block: 'center' });
    say({ slug, step: input.letMeClick ? 'press-withdraw' : 'finding', name: row.name });
    if (!input.letMeClick) row.withdraw!.click();
    const opened = await waitFor(
      doc,
      () => {
        const reading = readWithdrawDialog(doc, row, { address, foreign });
        const outcome = outcomeOf();
        // The list redrawn meanwhile (not sure) is waited out; a row gone is an outcome.
        return reading.dialog || reading.otherDialog || reading.notSure || outcome.outcome === 'withdrawn' ? { reading, outcome } : undefined;
      },
      input.letMeClick ? PERSON_WAIT_MS : DIALOG_WAIT_MS,
    );
    if (!opened) return notSure(input.letMeClick ? 'no-answer' : 'no-dialog');
    const { reading } = opened;
    if (reading.otherDialog) return notSure('other-dialog', reading.evidence);
    if (!reading.dialog) {
      // The page took the row away without asking: nobody confirmed it, so nothing is recorded.
      if (opened.outcome.outcome === 'withdrawn' && !reading.notSure)
        return notSure('not-confirmed-by-person', [...opened.outcome.evidence, 'no-confirmation-asked']);
      return notSure(reading.notSure ? 'dialog-not-sure' : 'outcome-not-sure', [...reading.evidence, ...opened.outcome.evidence]);
    }
    confirm = reading.dialog.confirm;
    say({ slug, step: 'confirm', name: row.name });
    // The person confirms or cancels in the page: nothing here presses either.
    const closed = await waitFor(doc, () => !readWithdrawDialog(doc, row, { address, foreign }).dialog || outcomeOf().outcome !== 'pending', PERSON_WAIT_MS);
    if (!closed) return notSure('no-answer', ['confirmation-open']);
    // The person's confirm known now: a slow page is given longer, and a row still there is never "cancelled".
    const confirmed = confirmedByPerson;
    const settled = await waitFor(
      doc,
      () => {
        const outcome = outcomeOf();
        return outcome.outcome !== 'pending' ? outcome : undefined;
      },
      confirmed ? CONFIRMED_WAIT_MS : SETTLE_MS,
    );
    if (!settled)
      return confirmed
        ? notSure('still-listed', ['row-present', 'person-confirmed'])
        : end({ state: 'cancelled', evidence: ['row-present', 'confirmation-closed'] });
    if (settled.outcome === 'not-sure') return notSure('outcome-not-sure', settled.evidence);
    if (!confirmed) return notSure('not-confirmed-by-person', settled.evidence);
    return end({ state: 'withdrawn', evidence: [...settled.evidence, 'person-confirmed'] });
  } finally {
    doc.removeEventListener('click', listen, { capture: true });
  }
}

/** The script's run (entrypoints/sent-withdraw.ts): its input from its slot on `world`, each step said there. */
export function withdrawScript(world: object, doc: Document, address: string): void {
  const slot = openSlot<WithdrawInput, WithdrawTabState | null>(world, 'sent-withdraw', null);
  if (slot.input) void withdrawOnPage(doc, address, slot.input, slot.say);
}
