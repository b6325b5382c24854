// The assisted flow up to the page's Send button: open Connect (directly, through More, or the
// custom-invite link), add the note, and stop with Send focused. It only ever touches the
// prospect's own top card, its More menu and an invitation dialog opened in this flow. Guided ("Let
// me click on the page"), it clicks, focuses and outlines nothing: it says which of the page's
// controls the person presses, watches the dialog open for the prospect, and types the note with
// the browser's editing command only.
import { noteLength } from '../../api/note-length';
import { dialogStop, readOverlays, type InvitationDialog } from '../reader/dialog';
import { readPage, type PageReading, type Who } from '../reader/read-page';
import type { InvitationState } from '../../network/profile-states';
import { STOP_STATES } from './endings';
import { fillNote } from './fill-note';
import { waitFor } from './wait';

export type PrepareResult =
  | { kind: 'ready'; send: HTMLElement; withNote: boolean; stateBefore: InvitationState; textarea?: HTMLTextAreaElement | undefined }
  | { kind: 'note-too-long'; limit: number; stateBefore: InvitationState }
  | { kind: 'stopped'; state: StopState; stateBefore: InvitationState };

/** Why a flow stopped: what the page shows, or what it did not do, a dialog for someone else, or the person gave up. */
type StopState = InvitationState | 'connect-unavailable' | 'dialog-missing' | 'foreign-dialog' | 'gave-up' | 'dialog-closed' | 'note-not-typed';

/** The page's controls the person may be told to press next, guided (each has its words: panel.guide.*). */
export const GUIDE_STEPS = ['connect', 'more', 'menu-connect', 'add-note', 'without-note'] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

export interface PrepareOptions {
  /** Bounded waits, in ms, for the menu, the dialog and the note step (guided: for the person). */
  timeoutMs?: number;
  /** Send without the note even though one exists (the person chose so). */
  withoutNote?: boolean;
  /** Guided: told each control the person should press next; nothing is clicked. */
  guide?: ((step: GuideStep) => void) | undefined;
  /** The person gave up (Later): the waits end. */
  cancelled?: () => boolean;
}

/** How long a guided step waits for the person. */
const GUIDE_TIMEOUT_MS = 10 * 60_000;

/** The dialogs open now: a flow that starts takes none of them for its own. */
export const openDialogs = (doc: Document) => new Set(readOverlays(doc).dialogs);

/** What a wait of the flow answers once a dialog for someone else is open, or the person gave up. */
const OTHER = 'other-person';
const GAVE_UP = 'gave-up';
const CLOSED = 'dialog-closed';

function highlight(el: HTMLElement): void {
  el.focus();
  el.style.setProperty('outline', '3px solid #f5a623', 'important');
  el.style.setProperty('outline-offset', '2px', 'important');
}

/**
 * Opens the invitation dialog for this profile and prepares it; never presses Send. `who.foreign`
 * holds the dialogs open when the flow began (by default, those open now).
 */
export async function prepareInvitation(doc: Document, who: Who, note: string | null, options: PrepareOptions = {}): Promise<PrepareResult> {
  const { guide, cancelled } = options;
  const timeout = options.timeoutMs ?? (guide ? GUIDE_TIMEOUT_MS : 5000);
  const flow: Who = { ...who, foreign: who.foreign ?? openDialogs(doc) };
  const read = (): PageReading => readPage(doc, flow);
  const first = read();
  const stateBefore = first.state;
  const stopped = (state: StopState): PrepareResult => ({ kind: 'stopped', state, stateBefore });
  if (STOP_STATES.includes(first.state) || first.foreign) return stopped(first.state);
  // A dialog naming someone else, opened since the flow began: nothing more is touched.
  if (first.otherDialog) return stopped('foreign-dialog');
  /** Waits for what `pick` finds in a reading, or for a dialog for someone else, or the person to give up. */
  const until = <T>(pick: (r: PageReading) => T | undefined | null | false, ms = timeout) =>
    waitFor(
      doc,
      () => {
        if (cancelled?.()) return GAVE_UP;
        const r = read();
        return r.otherDialog ? OTHER : pick(r);
      },
      ms,
    );

  let dialog = first.dialog;
  if (!dialog) {
    let opened: InvitationDialog | 'none' | typeof OTHER | typeof GAVE_UP | undefined;
    if (guide) {
      // The person opens it: the step said follows the card (More open or closed, Connect shown).
      opened = await until((r) => {
        const card = r.card;
        if (r.dialog) return r.dialog;
        if (card?.connect) guide('connect');
        else if (card?.menuConnect) guide('menu-connect');
        else if (card?.more && !card.moreOpen) guide('more');
        else return 'none';
        return undefined;
      });
    } else {
      const card = first.card;
      if (card?.connect) card.connect.click();
      else {
        let menuConnect = card?.menuConnect;
        if (!menuConnect && card?.more) {
          card.more.click();
          menuConnect = await waitFor(doc, () => read().card?.menuConnect, timeout);
        }
        if (!menuConnect) return stopped(read().card?.moreOpen ? 'follow-only' : 'connect-unavailable');
        menuConnect.click();
      }
      opened = await until((r) => r.dialog);
    }
    if (opened === OTHER) return stopped('foreign-dialog');
    if (opened === GAVE_UP) return stopped(opened);
    if (opened === 'none') return stopped(read().card?.moreOpen ? 'follow-only' : 'connect-unavailable');
    dialog = opened ?? null;
    if (!dialog) {
      const after = read().state;
      return stopped(STOP_STATES.includes(after) ? after : 'dialog-missing');
    }
  }

  const stop = dialogStop(dialog);
  const wantsNote = !!note && !options.withoutNote;
  if (stop && !(stop === 'note-quota-reached' && !wantsNote && dialog.sendWithoutNote)) return stopped(stop);

  if (dialog.step === 'add-note' || (stop === 'note-quota-reached' && !wantsNote)) {
    if (!wantsNote) {
      const without = dialog.sendWithoutNote ?? dialog.send;
      if (!without) return stopped('dialog-missing');
      if (guide) guide('without-note');
      else highlight(without);
      return { kind: 'ready', send: without, withNote: false, stateBefore };
    }
    if (guide) guide('add-note');
    else dialog.addNote?.click();
    // Guided, the person may close the window instead: the flow ends there.
    const next = await until(({ dialog: d }) => (guide && !d ? CLOSED : d && (d.step === 'note' || dialogStop(d)) && d));
    if (next === OTHER) return stopped('foreign-dialog');
    if (next === GAVE_UP || next === CLOSED) return stopped(next);
    if (!next) return stopped('dialog-missing');
    const nextStop = dialogStop(next);
    if (nextStop) return stopped(nextStop);
    dialog = next;
  }

  const textarea = wantsNote ? dialog.textarea : undefined;
  if (textarea) {
    if (dialog.noteLimit && noteLength(note!) > dialog.noteLimit) return { kind: 'note-too-long', limit: dialog.noteLimit, stateBefore };
    if (!fillNote(textarea, note!, !!guide)) return stopped('note-not-typed');
  }
  // The page enables its Send once the note is in: no step of the person's, so a short wait even guided.
  const ready = await until(({ dialog: d }) => d?.sendEnabled && d.send, options.timeoutMs ?? 5000);
  if (ready === OTHER) return stopped('foreign-dialog');
  if (ready === GAVE_UP) return stopped(ready);
  if (!ready) return stopped('dialog-missing');
  if (!guide) highlight(ready);
  return { kind: 'ready', send: ready, withNote: !!textarea, stateBefore, textarea };
}
