// Over 250 lines on purpose: the panel is one class (no hooks, no context) to hold its 12 kB gzip
// budget, and each split would cost glue bytes in the one bundle injected into the page.
import { Component } from 'preact';
import type { SerializedApiError } from '../../lib/api/errors';
import type { PanelView } from '../../lib/messaging/ask';
import { awaitDialogClosed, awaitSendOutcome } from '../../lib/assist/outcome';
import { type GuideStep, openDialogs, prepareInvitation, STOP_STATES, type PrepareResult } from '../../lib/assist/prepare';
import { personsSend, sendInPlace, type Spot, spotOf } from '../../lib/assist/send-click';
import { watchPage } from '../../lib/assist/wait';
import type { FailReason } from '../../lib/fail-reasons';
import { camel, t } from '../../lib/i18n';
import { NOTE_IN_DIALOG_MAX } from '../../lib/messaging/limits';
import { noteLength } from '../../lib/note-length';
import { readPage, type PageReading, type Who } from '../../lib/page-reader/read-page';
import type { InvitationState } from '../../lib/page-reader/states';
import type { PageBackend } from '../shared/backend';
import { ErrorDetails } from '../shared/error-details';
import { errorText } from '../shared/error-text';
import { FailForm } from '../shared/fail-form';
import { NoteEditor } from '../shared/note-editor';
import { IDLE, runRequest, type RequestState } from '../shared/request-state';
import { reasonOf, type Ending } from './end-reasons';

type Phase =
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

interface Props {
  backend: PageBackend;
  slug: string;
  view: PanelView;
  /** Tells the host element what the page shows (data-invitation-state). */
  onState(state: InvitationState): void;
  onViewChange(): void;
  /** Each reading of the page, so the host can keep clear of the page's controls. */
  onRead?(reading: PageReading): void;
}

/** Reads of the page while idle, at most this often (it is read on change, not on a timer). */
const READ_THROTTLE_MS = 500;
/** Phases whose notice is a message named after them. */
const NOTICE_PHASES: Phase['name'][] = ['preparing', 'confirming', 'later'];
/** Where the panel may start the flow. */
const PREPARE_STATES: InvitationState[] = ['connect', 'connect-in-more'];
/** Page states where no note can be sent: the note editor is not shown. */
const NO_NOTE_STATES: InvitationState[] = ['pending', 'connected', 'sent', 'own-profile', 'follow-only'];
/** Phases with something under way on the page: the page is read even while the panel is folded. */
const BUSY_PHASES: Phase['name'][] = ['preparing', 'await-send', 'confirming'];

/** Only a person drives the panel: an event a page script dispatches (isTrusted false) stops here. */
function guard(e: Event): void {
  if (!e.isTrusted) {
    e.stopImmediatePropagation();
    e.preventDefault();
  }
}

/** A failure in plain words, the technical detail behind Details (the shared ErrorMessage uses hooks). */
const failure = (error: SerializedApiError) => (
  <div class="feedback error">
    <p>{errorText(error)}</p>
    <ErrorDetails error={error} />
  </div>
);

/** A card whose signs conflict: what it showed, in words ("1st-degree badge, Connect"). */
const seenOf = ({ card }: PageReading) => (card?.conflict ? card.evidence.map((sign) => t(`pageRead.sign.${camel(sign)}`)).join(', ') : undefined);

interface State {
  open: boolean;
  pageState: InvitationState;
  /** The page shows cards, none clearly this prospect's: the panel says so and does nothing. */
  foreign?: boolean;
  /** The signs of a card that contradicts itself, comma-separated: the panel names them. */
  seen?: string | undefined;
  phase: Phase;
  overCapConfirmed: boolean;
  failOpen: boolean;
  markState: RequestState;
  nextState: RequestState;
}

// A class, not hooks: the panel ships without preact/hooks (1.1 kB gzip) to hold its 12 kB budget.
/** The in-page assistant for one profile's invitation. */
export class Panel extends Component<Props, State> {
  override state: State = {
    open: true,
    pageState: 'unknown',
    phase: { name: 'idle' },
    overCapConfirmed: false,
    failOpen: false,
    markState: IDLE,
    nextState: IDLE,
  };
  /** The note the service holds (set at once when saved: a Prepare right after a save needs it). */
  note = this.props.view.action!.message;
  editor?: NoteEditor | null;
  /** Dialogs open when the current flow began: never filled. */
  foreign?: Set<Element> | undefined;
  /** The note the page's dialog held when the person pressed Send. */
  sentNote?: string | undefined;
  /** Stops listening to the page's Send of the flow under way. */
  unlisten?: (() => void) | undefined;
  /** Counts the flows started (Prepare) and the phases since, so that a flow given up or overtaken settles nothing. */
  flow = 0;
  /** The state last told to the host element. */
  told?: InvitationState;
  reading?: PageReading;
  unwatch?: (() => void) | undefined;

  who = (): Who => ({ slug: this.props.slug, name: this.props.view.action!.prospect.name, foreign: this.foreign });

  read = (): void => {
    const reading = (this.reading = readPage(document, this.who()));
    const { state, foreign } = reading;
    const seen = seenOf(reading);
    // Rendered again only when what it shows changed; placed at every reading.
    if (state !== this.state.pageState || foreign !== this.state.foreign || seen !== this.state.seen) this.setState({ pageState: state, foreign, seen });
    this.props.onRead?.(reading);
  };

  override componentDidMount(): void {
    for (const type of ['click', 'keydown', 'input', 'change', 'submit']) this.base!.addEventListener(type, guard, true);
    // What the page shows, for the first render; placing (which makes the browser lay the page
    // out) and watching start with the next update, once the panel is on screen.
    const reading = readPage(document, this.who());
    this.setState({ pageState: reading.state, foreign: reading.foreign, seen: seenOf(reading) });
  }

  // The page changes under the panel (menus, dialogs, the site's own re-renders): it is read on
  // change, and not at all while the panel is folded with nothing under way.
  override componentDidUpdate(_: Props, previous: State): void {
    const shown = this.shown();
    if (shown !== this.told) this.props.onState((this.told = shown));
    const watch = this.state.open || BUSY_PHASES.includes(this.state.phase.name);
    if (watch && !this.unwatch) {
      const stop = watchPage(document, this.read, READ_THROTTLE_MS);
      addEventListener('resize', this.read);
      this.unwatch = () => {
        stop();
        removeEventListener('resize', this.read);
      };
      this.read();
    } else if (!watch) this.stopWatching();
    // A new phase (the dialog just opened, Send is ready) is placed at once; a new size too.
    if (previous.phase !== this.state.phase) this.read();
    else if (this.reading) this.props.onRead?.(this.reading);
  }

  // Folding stops the watch too; unfolding starts it again (the page's changes and the window's resizes).
  stopWatching(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  // Gone (the tab moved on): the page's Send is no longer listened to either.
  override componentWillUnmount(): void {
    this.stopWatching();
    this.unlisten?.();
  }

  shown(): InvitationState {
    const { phase, pageState } = this.state;
    return phase.name === 'marked' && phase.outcome === 'sent' ? 'sent' : pageState;
  }

  setPhase = (phase: Phase) => {
    // Any other phase ends a flow under way (Later while guided): its result is not taken.
    if (phase.name !== 'preparing') this.flow++;
    this.setState({ phase });
  };

  /** Whether Prepare may start now (the page offers Connect, nothing under way, nothing stops it). */
  canPrepare(pageState = this.state.pageState): boolean {
    const { view } = this.props;
    return this.state.phase.name === 'idle' && PREPARE_STATES.includes(pageState) && !view.paused && !view.agentBlocked;
  }

  /** Asked from the extension (Prepare here): prepare as the button does, or show why not. The page is read now: it may be asked before the panel first read it. */
  prepareAsked(): void {
    if (this.canPrepare(readPage(document, this.who()).state) && !(this.props.view.overCap && !this.state.overCapConfirmed)) void this.prepare();
    else this.focusPanel();
  }

  /** The keyboard shortcut: the panel unfolds and its next step takes the focus. */
  focusPanel(): void {
    this.setState({ open: true }, () => {
      const base = this.base as Element | undefined;
      // The next step (Prepare, Mark sent, Next…) first; else whatever the panel offers.
      const target = ['.body button.primary:not([disabled])', '.body button:not([disabled])', '.bar button']
        .map((q) => base?.querySelector<HTMLElement>(q))
        .find(Boolean);
      target?.focus();
    });
  }

  /** Pauses assisted sends for the session; the ending is shown either way, so a failure here is not. */
  weeklyLimit(): void {
    this.props.backend.ask({ type: 'weeklyLimitReached' }).then(this.props.onViewChange, () => {});
  }

  mark = (outcome: 'sent' | 'failed', stateBefore: InvitationState, withNote: boolean, reason?: FailReason, text?: string) =>
    runRequest(
      (markState) => this.setState({ markState }),
      async () => {
        // What the page's note box held at Send, when it is not the saved note (edited in the page's
        // dialog, or by the page): recorded beside the mark, never saved as the note.
        const inDialog = withNote && this.sentNote !== undefined && this.sentNote !== (this.note ?? '') ? this.sentNote : undefined;
        const note = inDialog ?? this.note;
        const receipt = await this.props.backend.ask({
          type: 'markAssisted',
          actionId: this.props.view.action!.id,
          outcome,
          ...(reason ? { reason } : {}),
          ...(text?.trim() ? { text } : {}),
          details: {
            noteIncluded: withNote,
            noteLength: withNote && note ? noteLength(note) : 0,
            stateBefore,
            pageLanguage: (document.documentElement.lang || navigator.language || '').slice(0, 20),
            ...(inDialog !== undefined ? { noteInDialog: inDialog.slice(0, NOTE_IN_DIALOG_MAX) } : {}),
          },
        });
        this.setState(
          {
            failOpen: false,
            phase: { name: 'marked', outcome, queued: receipt.state === 'queued', forAgent: receipt.state === 'queued' && receipt.waitingFor === 'agent' },
          },
          // The next step has the focus (Next invitation, else the outcome said), never the page body.
          () => {
            const base = this.base as Element | undefined;
            (base?.querySelector<HTMLElement>('button.next') ?? base?.querySelector<HTMLElement>('.outcome'))?.focus();
          },
        );
        this.props.onViewChange();
      },
    );

  onSaved = (note: string | null) => {
    this.note = note;
    this.forceUpdate();
  };

  /** The page's Send was pressed: `counted`, by the person on the button the note was typed for; else the panel asks them. */
  async afterSendClicked(withNote: boolean, stateBefore: InvitationState, textarea: HTMLTextAreaElement | undefined, counted: boolean): Promise<void> {
    this.sentNote = textarea?.value;
    if (!counted) return this.setPhase({ name: 'ended', ending: 'not-sure', stateBefore, withNote });
    // A Pending the card showed before the click is no evidence of this send.
    const pendingBefore = this.pendingShown();
    this.setPhase({ name: 'confirming', withNote, stateBefore });
    const outcome = await awaitSendOutcome(document, this.who(), pendingBefore);
    if (outcome === 'weekly-limit') this.weeklyLimit();
    // Sent, but the service refused the mark: the person may try again or leave it for later.
    if (outcome !== 'sent' || !(await this.mark('sent', stateBefore, withNote))) {
      this.setPhase({ name: 'ended', ending: outcome === 'sent' ? 'pending' : outcome, stateBefore, withNote });
    }
  }

  /** The prospect's own card shows Pending now. */
  pendingShown = () => readPage(document, this.who()).card?.state === 'pending';

  settle(result: PrepareResult): void {
    if (result.kind === 'note-too-long') return this.setPhase({ name: 'too-long', limit: result.limit });
    if (result.kind === 'stopped') {
      if (result.state === 'weekly-limit') this.weeklyLimit();
      return this.setPhase({ name: 'ended', ending: result.state as Ending, stateBefore: result.stateBefore });
    }
    const { send, withNote, stateBefore, textarea } = result;
    const spot = spotOf(send);
    this.setPhase({ name: 'await-send', send, spot, withNote, stateBefore, textarea });
    // The person presses the page's own Send; the panel only listens, and counts only their click on
    // it. In the capture phase of its own tree: before the page's handlers move or remove it.
    const root = send.getRootNode();
    const onClick = (e: Event) => {
      if (!e.isTrusted || !send.contains(e.target as Node) || this.state.phase.name !== 'await-send') return;
      this.unlisten?.();
      void this.afterSendClicked(withNote, stateBefore, textarea, personsSend(e as MouseEvent, send, spot));
    };
    this.unlisten?.();
    root.addEventListener('click', onClick, true);
    this.unlisten = () => root.removeEventListener('click', onClick, true);
    void awaitDialogClosed(document, this.who(), 10 * 60_000).then((closed) => {
      // Closed with no click of the person's counted: a Pending card then is no evidence either.
      if (closed && this.state.phase.name === 'await-send')
        this.setPhase({ name: 'ended', ending: this.pendingShown() ? 'not-sure' : 'dialog-closed', stateBefore, withNote });
    });
  }

  prepare = async (withoutNote = false): Promise<void> => {
    // The note sent is the note shown: an edit not saved yet is saved first (through the outbox).
    const box = (this.base as Element | undefined)?.querySelector('textarea');
    const shown = box && (box.value.trim() ? box.value : null);
    if (box && shown !== this.note) {
      await this.editor?.save();
      // Not saved: the editor says why, and nothing is prepared.
      if (shown !== this.note) return;
    }
    // The dialogs open before the first Prepare are never the one the assistant fills.
    this.foreign ??= openDialogs(document);
    this.setPhase({ name: 'preparing' });
    const flow = ++this.flow;
    // Not this.state: Preact sets it only when it renders.
    const current = () => flow === this.flow;
    const guide = this.props.view.letMeClick ? (step: GuideStep) => current() && this.setPhase({ name: 'preparing', step }) : undefined;
    const result = await prepareInvitation(document, this.who(), this.note, { withoutNote, guide, cancelled: () => !current() });
    if (current()) this.settle(result);
  };

  override render({ view, backend }: Props, { open, pageState, foreign, seen, phase, overCapConfirmed, failOpen, markState, nextState }: State) {
    const action = view.action!;
    // An ending comes from the attempt, or from the page while nothing is under way.
    const ending = phase.name === 'ended' ? phase.ending : phase.name === 'idle' && STOP_STATES.includes(pageState) ? (pageState as Ending) : undefined;
    const stateBefore = phase.name === 'ended' ? phase.stateBefore : pageState;
    const withNote = phase.name === 'ended' && !!phase.withNote;
    const done = phase.name === 'marked' || phase.name === 'later';
    // The person presses the page's buttons ("Let me click on the page"): nothing is pressed for them.
    const guided = view.letMeClick;
    const notice = ending
      ? `ending.${camel(ending)}`
      : phase.name === 'await-send'
        ? guided
          ? 'pressSendGuided'
          : view.autoSend
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
    const later = () => this.setPhase({ name: 'later' });
    const button = (key: string, onClick: () => unknown, extra: { class?: string; disabled?: boolean; 'aria-expanded'?: boolean } = {}) => (
      <button type="button" {...extra} onClick={() => void onClick()}>
        {t(key)}
      </button>
    );
    const markSent = () =>
      button('action.markSent', () => this.mark('sent', stateBefore, withNote), { class: 'primary', disabled: markState.phase === 'busy' });
    const markFailed = () => button('action.markFailed', () => this.setState({ failOpen: !failOpen }), { 'aria-expanded': failOpen });

    // Only what concerns this profile's invitation: no other person, queue, agent, figure or account.
    return (
      <section class="panel" aria-label={t('panel.label')} onKeyDown={(e) => e.key === 'Escape' && !failOpen && this.setState({ open: false })}>
        <div class="bar">
          <h2>{t('panel.label')}</h2>
          {button(open ? 'panel.collapse' : 'panel.expand', () => this.setState({ open: !open }), { 'aria-expanded': open })}
        </div>
        {open && (
          <div class="body">
            <h3>{action.prospect.name ?? t('action.unknownProspect')}</h3>
            {action.prospect.headline && <p class="muted">{action.prospect.headline}</p>}
            <p class="state" role="status">
              {foreign ? t('panel.foreign') : seen && this.shown() === 'unknown' ? t('pageRead.conflict', [seen]) : t(`panel.state.${camel(this.shown())}`)}
            </p>
            {!done && !NO_NOTE_STATES.includes(this.shown()) && (
              <NoteEditor ref={(e) => (this.editor = e)} backend={backend} actionId={action.id} note={this.note} draft={view.draft} onSaved={this.onSaved} />
            )}

            <div role="status" aria-live="polite" class="outcome" tabIndex={-1}>
              {view.paused && <p class="warn">{t('panel.paused')}</p>}
              {view.agentBlocked && !done && <p class="warn">{t(`panel.agent${view.agentBlocked === 'paused' ? 'Paused' : 'Cancelled'}`)}</p>}
              {notice && <p>{t(`panel.${notice}`)}</p>}
              {phase.name === 'too-long' && <p class="warn">{t('panel.tooLong', [phase.limit])}</p>}
              {markState.phase === 'failed' && failure(markState.error)}
            </div>

            {this.canPrepare() && (
              <div class="row">
                {view.overCap && !overCapConfirmed ? (
                  <>
                    <p class="warn">{t('panel.overCap')}</p>
                    {button('panel.overCapConfirm', () => this.setState({ overCapConfirmed: true }), { class: 'danger' })}
                  </>
                ) : (
                  button('panel.prepare', () => this.prepare(), { class: 'primary' })
                )}
              </div>
            )}
            {phase.name === 'preparing' && phase.step && <div class="row">{button('panel.laterButton', later)}</div>}
            {phase.name === 'await-send' && view.autoSend && !guided && (
              <div class="row">
                {button(
                  'panel.sendNow',
                  () => {
                    // The person's click in the panel, on the Send the note was typed for, where it still is.
                    void this.afterSendClicked(phase.withNote, phase.stateBefore, phase.textarea, !!sendInPlace(phase.send, phase.spot));
                    phase.send.click();
                  },
                  { class: 'primary' },
                )}
              </div>
            )}
            {(phase.name === 'too-long' || ending === 'note-quota-reached') && (
              <div class="row">
                {button('panel.editNote', () => this.setPhase({ name: 'idle' }))}
                {button('panel.sendWithoutNote', () => this.prepare(true))}
                {button('panel.laterButton', later)}
              </div>
            )}
            {ending && ending !== 'note-quota-reached' && (
              <div class="row">
                {ending === 'pending' ? (
                  markSent()
                ) : ending === 'not-sure' || ending === 'note-not-typed' ? (
                  // The page's word cannot be taken for it (or the person sends by hand): they say what happened.
                  <>
                    {markSent()}
                    {markFailed()}
                  </>
                ) : // A dialog for someone else is no failure of this invitation: once it is closed, try again.
                ending === 'foreign-dialog' ? (
                  button('panel.prepare', () => this.prepare(), { class: 'primary' })
                ) : (
                  markFailed()
                )}
                {button('panel.laterButton', later)}
              </div>
            )}
            {failOpen && ending && ending !== 'pending' && (
              <FailForm
                busy={markState.phase === 'busy'}
                initialReason={reasonOf(ending)}
                onConfirm={(reason, text) => void this.mark('failed', stateBefore, false, reason, text)}
                onCancel={() => this.setState({ failOpen: false })}
              />
            )}
            <p>
              {/* The export runs in a script loaded only when asked, from a page of its own: the panel stays small. */}
              <button type="button" class="link report" onClick={() => void backend.ask({ type: 'reportPage' }).catch(() => {})}>
                {t('pageRead.report')}
              </button>
            </p>
            {done && view.hasNext && (
              <div class="row">
                {/* Whom it opens is said in the extension only, never in the page. */}
                <button
                  type="button"
                  class="primary next"
                  disabled={nextState.phase === 'busy'}
                  onClick={() =>
                    void runRequest(
                      (state) => this.setState({ nextState: state }),
                      () => backend.ask({ type: 'openNext' }),
                    )
                  }
                >
                  {t('panel.next')}
                </button>
                {nextState.phase === 'failed' && failure(nextState.error)}
              </div>
            )}
          </div>
        )}
      </section>
    );
  }
}
