// What a face of the assisted send says and offers at each moment: the in-page panel and the desk
// read it from the same session (lib/page/assist/session.ts), so they offer the same steps in the same
// order. Pure: the words are the messages named here (panel.*), the controls the faces' own.
import { camel } from '../../extension/i18n';
import { reasonOf, STOP_STATES, type Ending } from './endings';
import type { AssistSnapshot } from './session';
import type { FailReason } from '../../invitations/fail-reasons';
import type { InvitationState } from '../../network/profile-states';

/** A control of the assisted send; `overCap` is the warning and its "Invite anyway". */
export type Offer = 'prepare' | 'overCap' | 'later' | 'sendNow' | 'editNote' | 'sendWithoutNote' | 'markSent' | 'markFailed' | 'markShown' | 'otherReason';

/** The words of each control (a message key), and whether it is the primary step. */
export const OFFER_WORDS: Record<Offer, [key: string, primary?: boolean]> = {
  prepare: ['panel.prepare', true],
  overCap: ['panel.overCapConfirm'],
  later: ['panel.laterButton'],
  sendNow: ['panel.sendNow', true],
  editNote: ['panel.editNote'],
  sendWithoutNote: ['panel.sendWithoutNote'],
  markSent: ['action.markSent', true],
  markFailed: ['action.markFailed'],
  // What the page shows, recorded with its reason in one press ("Mark failed: Already connected").
  markShown: ['panel.markShown', true],
  // The same mark with another reason: the reason form, the page's reason chosen first.
  otherReason: ['panel.otherReason'],
};

/**
 * What the page shows that the person has only to record (issue 50: fifty invitations without the
 * mouse): the mark is the first step, Later (the desk's Skip) second. Pending is recorded sent.
 */
const MARK_SHOWN: Ending[] = ['connected', 'follow-only'];

/** An offer's message and the message keys of its substitutions: Mark failed names the page's reason. */
export function wordsOf(offer: Offer, reason: FailReason | undefined): { key: string; subs: string[] } {
  return { key: OFFER_WORDS[offer][0], subs: offer === 'markShown' ? [`fail.reasons.${reason ?? 'other'}`] : [] };
}

export interface Offers {
  /** How the attempt ended without a confirmed send, if it did (or what the page shows, idle). */
  ending?: Ending | undefined;
  /** Marked or left for later: the next invitation is what comes. */
  done: boolean;
  /** The note can still be sent here: its editor is shown. */
  note: boolean;
  /** The message (panel.*) saying where the attempt is, if any. */
  notice?: string | undefined;
  /** The controls, row by row, the first row's first the next step. */
  rows: Offer[][];
  /** Mark failed opens the reason form with this reason first. */
  reason?: FailReason | undefined;
}

/** Phases whose notice is a message named after them. */
const NOTICE_PHASES = ['preparing', 'confirming', 'later'];
/** Page states where no note can be sent: the note editor is not shown. */
const NO_NOTE_STATES: InvitationState[] = ['pending', 'connected', 'sent', 'own-profile', 'follow-only'];
/** Where Prepare may start. */
const PREPARE_STATES: InvitationState[] = ['connect', 'connect-in-more'];

/** What to say and offer for this snapshot of the session; `overCapConfirmed`: the person chose to invite past their cap. */
export function offersOf({ state, phase, flags }: Pick<AssistSnapshot, 'state' | 'phase' | 'flags'>, overCapConfirmed: boolean): Offers {
  // An ending comes from the attempt, or from the page while nothing is under way.
  const ending = phase.name === 'ended' ? phase.ending : phase.name === 'idle' && STOP_STATES.includes(state) ? (state as Ending) : undefined;
  const done = phase.name === 'marked' || phase.name === 'later';
  // The person presses the page's buttons ("Let me click on the page"): nothing is pressed for them.
  const guided = flags.letMeClick;
  const notice = ending
    ? `ending.${camel(ending)}`
    : phase.name === 'await-send'
      ? guided
        ? 'pressSendGuided'
        : flags.autoSend
          ? 'confirmSend'
          : 'pressSend'
      : phase.name === 'preparing' && phase.step
        ? `guide.${camel(phase.step)}`
        : phase.name === 'marked'
          ? phase.forAgent
            ? 'markForAgent'
            : phase.queued
              ? 'markQueued'
              : phase.outcome === 'sent'
                ? 'markedSent'
                : 'markedFailed'
          : NOTICE_PHASES.includes(phase.name)
            ? phase.name
            : undefined;
  const rows: Offer[][] = [];
  if (phase.name === 'idle' && PREPARE_STATES.includes(state) && !flags.paused && !flags.agentBlocked)
    rows.push([flags.overCap && !overCapConfirmed ? 'overCap' : 'prepare']);
  if (phase.name === 'preparing' && phase.step) rows.push(['later']);
  if (phase.name === 'await-send' && flags.autoSend && !guided) rows.push(['sendNow']);
  if (phase.name === 'too-long' || ending === 'note-quota-reached') rows.push(['editNote', 'sendWithoutNote', 'later']);
  else if (ending)
    rows.push([
      // The page's word cannot be taken for it (or the person sends by hand): they say what happened.
      ...((ending === 'pending'
        ? ['markSent']
        : MARK_SHOWN.includes(ending)
          ? ['markShown']
          : ending === 'not-sure' || ending === 'note-not-typed'
            ? ['markSent', 'markFailed']
            : // A dialog for someone else is no failure of this invitation: once it is closed, try again.
              ending === 'foreign-dialog'
              ? ['prepare']
              : ['markFailed']) as Offer[]),
      'later',
    ]);
  if (ending && MARK_SHOWN.includes(ending)) rows.push(['otherReason']);
  return { ending, done, note: !done && !NO_NOTE_STATES.includes(state), notice, rows, reason: ending && ending !== 'pending' ? reasonOf(ending) : undefined };
}
