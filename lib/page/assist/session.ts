// The assisted send of one invitation, in its profile's page, without a face: what the page shows,
// the flow under way (Prepare, the person's Send, the outcome) and the mark. The in-page panel draws
// it (components/panel/panel.tsx); with the desk open in the window nothing is drawn in the page, and
// the desk shows the session's snapshot instead (lib/page/assist/desk-link.ts). Both ask it the same
// things, so the desk's Prepare is the panel's. A class without Preact: the panel's bundle has a
// budget. Over 250 lines: one session's state machine, whose steps share its fields; its pure parts
// (offers, endings, outcome, send-click, settle) are already in files of their own.
import type { Ask, PanelView } from '../../messaging/ask';
import { NOTE_IN_DIALOG_MAX } from '../../messaging/limits';
import { IDLE, runRequest, type RequestState } from '../../messaging/request-state';
import type { FailReason } from '../../invitations/fail-reasons';
import { noteLength } from '../../api/note-length';
import { readPage, type PageReading, type Who } from '../reader/read-page';
import type { InvitationState } from '../../network/profile-states';
import { type Ending, STOP_STATES } from './endings';
import { awaitDialogClosed, awaitSendOutcome } from './outcome';
import { type GuideStep, openDialogs, prepareInvitation, type PrepareResult } from './prepare';
import { personsSend, sendInPlace, type Spot, spotOf } from './send-click';
import { settleStep, WAIT } from './settle';
import { waitFor, watchPage } from './wait';

export type Phase =
  | { name: 'idle' }
  /** `step`: guided, the page's control the person presses next. */
  | { name: 'preparing'; step?: GuideStep }
  /** `spot`: where Send was when the note was typed (a click counts only on it there). */
  | { name: 'await-send'; send: HTMLElement; spot: Spot; withNote: boolean; stateBefore: InvitationState; textarea?: HTMLTextAreaElement | undefined }
  | { name: 'confirming'; withNote: boolean; stateBefore: InvitationState }
  | { name: 'too-long'; limit: number }
  | { name: 'ended'; ending: Ending; stateBefore: InvitationState; withNote?: boolean }
  | { name: 'marked'; outcome: 'sent' | 'failed'; queued: boolean; forAgent?: boolean }
  | { name: 'later' };

/** A phase as it can leave the page: no element of the page in it. */
type PhaseSnapshot = { [P in Phase as P['name']]: Omit<P, 'send' | 'spot' | 'textarea'> }[Phase['name']];

/** What the session's faces show it with: the background's flags for this invitation. */
export type AssistFlags = Pick<PanelView, 'autoSend' | 'letMeClick' | 'overCap' | 'paused' | 'agentBlocked' | 'hasNext'>;

/** Everything a face needs to show the session, as plain data (the desk receives it over a port). */
export interface AssistSnapshot {
  actionId: string;
  /** What the page shows (sent once the session marked it so). */
  state: InvitationState;
  /** The page shows cards, none clearly this prospect's: nothing is done. */
  foreign: boolean;
  /** The signs of a card that contradicts itself (card.evidence), when it does. */
  conflict?: string[] | undefined;
  phase: PhaseSnapshot;
  mark: RequestState;
  flags: AssistFlags;
}

/** Phases with something under way on the page: the page is read even when no face wants it. */
const BUSY_PHASES: Phase['name'][] = ['preparing', 'await-send', 'confirming'];
/** Where Prepare may start. */
const PREPARE_STATES: InvitationState[] = ['connect', 'connect-in-more'];
/** How long an arrival (the open-next key) waits for the page to show the prospect's card before it prepares nothing. */
const ARRIVAL_MS = 15_000;
/** Reads of the page while idle, at most this often (it is read on change, not on a timer). */
const READ_THROTTLE_MS = 500;

interface Options {
  doc: Document;
  ask: Ask;
  slug: string;
  action: NonNullable<PanelView['action']>;
  flags: AssistFlags;
  /** Each reading of the page (the panel keeps clear of the page's controls). */
  onRead?: ((reading: PageReading) => void) | undefined;
  /** A mark was recorded, or the weekly limit said: what the background says may have changed. */
  onViewChange?: (() => void) | undefined;
}

/** One invitation's assisted send in its page. */
export class AssistSession {
  pageState: InvitationState = 'unknown';
  foreign?: boolean | undefined;
  /** The signs of a card that contradicts itself. */
  conflict?: string[] | undefined;
  phase: Phase = { name: 'idle' };
  markState: RequestState = IDLE;
  /** The note the service holds (set at once when saved: a Prepare right after a save needs it). */
  note: string | null;
  flags: AssistFlags;
  reading?: PageReading;
  /** Dialogs open when the current flow began: never filled. */
  foreignDialogs?: Set<Element> | undefined;
  /** The note the page's dialog held when the person pressed Send. */
  sentNote?: string | undefined;
  /** Counts the flows started (Prepare) and the phases since, so that a flow given up or overtaken settles nothing. */
  flow = 0;
  /** A face wants the page read (the panel unfolded, the desk looking). */
  wanted = false;
  listeners = new Set<() => void>();
  unwatch?: (() => void) | undefined;
  /** Stops listening to the page's Send of the flow under way. */
  unlisten?: (() => void) | undefined;

  constructor(readonly o: Options) {
    this.note = o.action.message;
    this.flags = o.flags;
    const reading = readPage(o.doc, this.who());
    this.apply(reading);
  }

  who = (): Who => ({ slug: this.o.slug, name: this.o.action.prospect.name, foreign: this.foreignDialogs });

  /** Tells every face that something changed. */
  emit(): void {
    for (const listener of this.listeners) listener();
  }

  apply(reading: PageReading): boolean {
    this.reading = reading;
    const conflict = reading.card?.conflict ? reading.card.evidence : undefined;
    const changed = reading.state !== this.pageState || reading.foreign !== this.foreign || String(conflict) !== String(this.conflict);
    this.pageState = reading.state;
    this.foreign = reading.foreign;
    this.conflict = conflict;
    return changed;
  }

  read = (): void => {
    if (this.apply(readPage(this.o.doc, this.who()))) this.emit();
    this.o.onRead?.(this.reading!);
  };

  /** The page is read on change while a face wants it or something is under way, and not at all otherwise. */
  want(wanted: boolean): void {
    this.wanted = wanted;
    this.sync();
  }

  sync(): void {
    const watch = this.wanted || BUSY_PHASES.includes(this.phase.name);
    if (watch && !this.unwatch) {
      const stop = watchPage(this.o.doc, this.read, READ_THROTTLE_MS);
      addEventListener('resize', this.read);
      this.unwatch = () => {
        stop();
        removeEventListener('resize', this.read);
      };
      this.read();
    } else if (!watch) {
      this.unwatch?.();
      this.unwatch = undefined;
    }
  }

  /** Gone (the tab moved on): the page's Send is no longer listened to either. */
  dispose(): void {
    this.flow++;
    this.wanted = false;
    this.listeners.clear();
    this.unwatch?.();
    this.unwatch = undefined;
    this.unlisten?.();
  }

  /** What the page shows, or sent once the session marked it so. */
  shown(): InvitationState {
    const { phase } = this;
    return phase.name === 'marked' && phase.outcome === 'sent' ? 'sent' : this.pageState;
  }

  setPhase(phase: Phase): void {
    // Any other phase ends a flow under way (Later while guided): its result is not taken.
    if (phase.name !== 'preparing') this.flow++;
    if (phase.name !== 'await-send') this.unlisten?.();
    this.phase = phase;
    this.sync();
    // A new phase (the dialog just opened, Send is ready) is read and placed at once.
    this.read();
    this.emit();
  }

  /** Whether Prepare may start now (the page offers Connect, nothing under way, nothing stops it). */
  canPrepare(pageState = this.pageState): boolean {
    return this.phase.name === 'idle' && PREPARE_STATES.includes(pageState) && !this.flags.paused && !this.flags.agentBlocked;
  }

  /**
   * Asked from the extension (Prepare here, the desk): prepare as the button does, and say whether it
   * started. The page is read now: it may be asked before it was first read.
   */
  prepareAsked(overCapConfirmed = false): boolean {
    const start = this.canPrepare(readPage(this.o.doc, this.who()).state) && (!this.flags.overCap || overCapConfirmed);
    if (start) void this.prepare();
    return start;
  }

  /**
   * The open-next key brought the tab here: resolves once the page shows the prospect's own card,
   * in a state Prepare starts from or one that ends it (never another person's), or after `timeoutMs`.
   */
  arrived(timeoutMs = ARRIVAL_MS): Promise<unknown> {
    return waitFor(
      this.o.doc,
      () => {
        const r = readPage(this.o.doc, this.who());
        return !r.foreign && [...PREPARE_STATES, ...STOP_STATES].includes(r.state);
      },
      timeoutMs,
    );
  }

  /** Resolves at the session's next change. */
  changed = () =>
    new Promise<void>((done) => {
      const once = () => {
        this.listeners.delete(once);
        done();
      };
      this.listeners.add(once);
    });

  /**
   * The extension takes the tab elsewhere at the person's key: what the session saw and has not
   * recorded is recorded first (lib/page/assist/settle.ts), a Send being confirmed waited for.
   */
  async settleBeforeLeaving(): Promise<void> {
    this.apply(readPage(this.o.doc, this.who()));
    let step = settleStep(this.snapshot());
    while (step === WAIT) {
      await this.changed();
      step = settleStep(this.snapshot());
    }
    if (step) await this.markByHand(step.outcome, step.reason, '');
  }

  /** Pauses assisted sends for the session; the ending is shown either way, so a failure here is not. */
  weeklyLimit(): void {
    this.o.ask({ type: 'weeklyLimitReached' }).then(this.o.onViewChange, () => {});
  }

  /** Records the outcome with what the attempt saw; true once the background took it. */
  mark = (outcome: 'sent' | 'failed', stateBefore: InvitationState, withNote: boolean, reason?: FailReason, text?: string) =>
    runRequest(
      (markState) => {
        this.markState = markState;
        this.emit();
      },
      async () => {
        // What the page's note box held at Send, when it is not the saved note (edited in the page's
        // dialog, or by the page): recorded beside the mark, never saved as the note.
        const inDialog = withNote && this.sentNote !== undefined && this.sentNote !== (this.note ?? '') ? this.sentNote : undefined;
        const note = inDialog ?? this.note;
        const receipt = await this.o.ask({
          type: 'markAssisted',
          actionId: this.o.action.id,
          outcome,
          ...(reason ? { reason } : {}),
          ...(text?.trim() ? { text } : {}),
          details: {
            noteIncluded: withNote,
            noteLength: withNote && note ? noteLength(note) : 0,
            stateBefore,
            pageLanguage: (this.o.doc.documentElement.lang || navigator.language || '').slice(0, 20),
            ...(inDialog !== undefined ? { noteInDialog: inDialog.slice(0, NOTE_IN_DIALOG_MAX) } : {}),
          },
        });
        this.setPhase({ name: 'marked', outcome, queued: receipt.state === 'queued', forAgent: receipt.state === 'queued' && receipt.waitingFor === 'agent' });
        this.o.onViewChange?.();
      },
    );

  /** Mark by hand, after an ending or on what the page shows: with what the attempt saw. */
  markByHand(outcome: 'sent' | 'failed', reason?: FailReason, text?: string): Promise<boolean> {
    const { phase } = this;
    const ended = phase.name === 'ended';
    return this.mark(outcome, ended ? phase.stateBefore : this.pageState, outcome === 'sent' && ended && !!phase.withNote, reason, text);
  }

  /** The page's Send was pressed: `counted`, by the person on the button the note was typed for; else the faces ask them. */
  async afterSendClicked(withNote: boolean, stateBefore: InvitationState, textarea: HTMLTextAreaElement | undefined, counted: boolean): Promise<void> {
    this.sentNote = textarea?.value;
    if (!counted) return this.setPhase({ name: 'ended', ending: 'not-sure', stateBefore, withNote });
    // A Pending the card showed before the click is no evidence of this send.
    const pendingBefore = this.pendingShown();
    this.setPhase({ name: 'confirming', withNote, stateBefore });
    const outcome = await awaitSendOutcome(this.o.doc, this.who(), pendingBefore);
    if (outcome === 'weekly-limit') this.weeklyLimit();
    // Sent, but the service refused the mark: the person may try again or leave it for later.
    if (outcome !== 'sent' || !(await this.mark('sent', stateBefore, withNote))) {
      this.setPhase({ name: 'ended', ending: outcome === 'sent' ? 'pending' : outcome, stateBefore, withNote });
    }
  }

  /** The prospect's own card shows Pending now. */
  pendingShown = () => readPage(this.o.doc, this.who()).card?.state === 'pending';

  settle(result: PrepareResult): void {
    if (result.kind === 'note-too-long') return this.setPhase({ name: 'too-long', limit: result.limit });
    if (result.kind === 'stopped') {
      if (result.state === 'weekly-limit') this.weeklyLimit();
      return this.setPhase({ name: 'ended', ending: result.state as Ending, stateBefore: result.stateBefore });
    }
    const { send, withNote, stateBefore, textarea } = result;
    const spot = spotOf(send);
    this.setPhase({ name: 'await-send', send, spot, withNote, stateBefore, textarea });
    // The person presses the page's own Send; the session only listens, and counts only their click
    // on it. In the capture phase of its own tree: before the page's handlers move or remove it.
    const root = send.getRootNode();
    const onClick = (e: Event) => {
      if (!e.isTrusted || !send.contains(e.target as Node) || this.phase.name !== 'await-send') return;
      this.unlisten?.();
      void this.afterSendClicked(withNote, stateBefore, textarea, personsSend(e as MouseEvent, send, spot));
    };
    this.unlisten?.();
    root.addEventListener('click', onClick, true);
    this.unlisten = () => root.removeEventListener('click', onClick, true);
    void awaitDialogClosed(this.o.doc, this.who(), 10 * 60_000).then((closed) => {
      // Closed with no click of the person's counted: a Pending card then is no evidence either.
      if (closed && this.phase.name === 'await-send')
        this.setPhase({ name: 'ended', ending: this.pendingShown() ? 'not-sure' : 'dialog-closed', stateBefore, withNote });
    });
  }

  /** Prepare: opens the page's invitation dialog for this prospect and types the note shown (saved before). */
  prepare = async (withoutNote = false): Promise<void> => {
    // The dialogs open before the first Prepare are never the one the assistant fills.
    this.foreignDialogs ??= openDialogs(this.o.doc);
    this.setPhase({ name: 'preparing' });
    const flow = ++this.flow;
    const current = () => flow === this.flow;
    const guide = this.flags.letMeClick ? (step: GuideStep) => current() && this.setPhase({ name: 'preparing', step }) : undefined;
    const result = await prepareInvitation(this.o.doc, this.who(), this.note, { withoutNote, guide, cancelled: () => !current() });
    if (current()) this.settle(result);
  };

  /** Send now (auto-send): the person's click in the extension, on the Send the note was typed for, where it still is. */
  sendNow(): void {
    const { phase } = this;
    if (phase.name !== 'await-send') return;
    void this.afterSendClicked(phase.withNote, phase.stateBefore, phase.textarea, !!sendInPlace(phase.send, phase.spot));
    phase.send.click();
  }

  /** The session as plain data, for a face outside the page. */
  snapshot(): AssistSnapshot {
    const { send: _send, spot: _spot, textarea: _textarea, ...phase } = this.phase as Phase & { send?: unknown; spot?: unknown; textarea?: unknown };
    return {
      actionId: this.o.action.id,
      state: this.shown(),
      foreign: !!this.foreign,
      conflict: this.conflict,
      phase: phase as PhaseSnapshot,
      mark: this.markState,
      flags: this.flags,
    };
  }
}
