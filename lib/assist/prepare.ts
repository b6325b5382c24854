// The assisted flow up to the page's Send button: open Connect (directly, through More, or the
// custom-invite link), add the note, and stop with Send focused. It only ever touches the
// profile's top card, its More menu and the invitation dialog, as the page reader found them.
import { noteLength } from '../note-length';
import { dialogStop } from '../page-reader/dialog';
import { readPage, type PageReading } from '../page-reader/read-page';
import type { InvitationState } from '../page-reader/states';
import { fillNote } from './fill-note';
import { waitFor } from './wait';

export type PrepareResult =
  | { kind: 'ready'; send: HTMLElement; withNote: boolean; stateBefore: InvitationState }
  | { kind: 'note-too-long'; limit: number; stateBefore: InvitationState }
  | { kind: 'stopped'; state: InvitationState | 'connect-unavailable' | 'dialog-missing'; stateBefore: InvitationState };

export interface PrepareOptions {
  /** Bounded waits, in ms, for the menu, the dialog and the note step. */
  timeoutMs?: number;
  /** Send without the note even though one exists (the person chose so). */
  withoutNote?: boolean;
}

const STOP_STATES: InvitationState[] = ['pending', 'connected', 'own-profile', 'follow-only', 'weekly-limit', 'email-required'];


function highlight(el: HTMLElement): void {
  el.focus();
  el.style.setProperty('outline', '3px solid #f5a623', 'important');
  el.style.setProperty('outline-offset', '2px', 'important');
}

/** Opens the invitation dialog for this profile and prepares it; never presses Send. */
export async function prepareInvitation(doc: Document, slug: string, note: string | null, options: PrepareOptions = {}): Promise<PrepareResult> {
  const timeout = options.timeoutMs ?? 5000;
  const read = (): PageReading => readPage(doc, slug);
  const first = read();
  const stateBefore = first.state;
  if (STOP_STATES.includes(first.state)) return { kind: 'stopped', state: first.state, stateBefore };

  let dialog = first.dialog;
  if (!dialog) {
    const card = first.card;
    if (card?.connect) card.connect.click();
    else {
      let menuConnect = card?.menuConnect;
      if (!menuConnect && card?.more) {
        card.more.click();
        menuConnect = await waitFor(() => read().card?.menuConnect, timeout);
      }
      if (!menuConnect) return { kind: 'stopped', state: read().card?.moreOpen ? 'follow-only' : 'connect-unavailable', stateBefore };
      menuConnect.click();
    }
    dialog = (await waitFor(() => read().dialog, timeout)) ?? null;
    if (!dialog) {
      const after = read().state;
      return { kind: 'stopped', state: STOP_STATES.includes(after) ? after : 'dialog-missing', stateBefore };
    }
  }

  const stop = dialogStop(dialog);
  const wantsNote = !!note && !options.withoutNote;
  if (stop && !(stop === 'note-quota-reached' && !wantsNote && dialog.sendWithoutNote)) return { kind: 'stopped', state: stop, stateBefore };

  if (dialog.step === 'add-note' || (stop === 'note-quota-reached' && !wantsNote)) {
    if (!wantsNote) {
      const without = dialog.sendWithoutNote ?? dialog.send;
      if (!without) return { kind: 'stopped', state: 'dialog-missing', stateBefore };
      highlight(without);
      return { kind: 'ready', send: without, withNote: false, stateBefore };
    }
    dialog.addNote?.click();
    const next = await waitFor(() => {
      const d = read().dialog;
      return d && (d.step === 'note' || dialogStop(d)) ? d : undefined;
    }, timeout);
    if (!next) return { kind: 'stopped', state: 'dialog-missing', stateBefore };
    const nextStop = dialogStop(next);
    if (nextStop) return { kind: 'stopped', state: nextStop, stateBefore };
    dialog = next;
  }

  if (dialog.textarea && wantsNote) {
    if (dialog.noteLimit && noteLength(note) > dialog.noteLimit) return { kind: 'note-too-long', limit: dialog.noteLimit, stateBefore };
    fillNote(dialog.textarea, note);
  }
  const ready = await waitFor(() => {
    const d = read().dialog;
    return d?.sendEnabled ? d.send : undefined;
  }, timeout);
  if (!ready) return { kind: 'stopped', state: 'dialog-missing', stateBefore };
  highlight(ready);
  return { kind: 'ready', send: ready, withNote: wantsNote && !!dialog.textarea, stateBefore };
}
