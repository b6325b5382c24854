// The in-page face of the assisted send (lib/page/assist/session.ts holds the flow; the desk is its other
// face). One class, no hooks and no context, to hold the panel's bundle budget; a little over 250 lines: its
// controls act on one state (the fail form, the focus after a mark or a Prepare), which a split would share.
import { Component } from 'preact';
import type { SerializedApiError } from '../../lib/api/errors';
import type { PanelView } from '../../lib/messaging/ask';
import { offersOf, OFFER_WORDS, type Offer, wordsOf } from '../../lib/page/assist/offers';
import type { AssistSession } from '../../lib/page/assist/session';
import { camel, t } from '../../lib/extension/i18n';
import { readPage } from '../../lib/page/reader/read-page';
import type { InvitationState } from '../../lib/network/profile-states';
import { IDLE, runRequest, type RequestState } from '../../lib/messaging/request-state';
import type { PageBackend } from '../shared/backend';
import { ErrorDetails } from '../shared/error-details';
import { errorText } from '../shared/error-text';
import { FailForm } from '../shared/fail-form';
import { NoteEditor } from '../shared/note-editor';

interface Props {
  session: AssistSession;
  backend: PageBackend;
  view: PanelView;
  /** Tells the host element what the page shows (data-invitation-state). */
  onState(state: InvitationState): void;
}

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

interface State {
  open: boolean;
  overCapConfirmed: boolean;
  failOpen: boolean;
  nextState: RequestState;
}

/** The in-page assistant for one profile's invitation. */
export class Panel extends Component<Props, State> {
  override state: State = { open: true, overCapConfirmed: false, failOpen: false, nextState: IDLE };
  editor?: NoteEditor | null;
  /** The state last told to the host element. */
  told?: InvitationState;
  update = () => this.forceUpdate();

  override componentDidMount(): void {
    for (const type of ['click', 'keydown', 'input', 'change', 'submit']) this.base!.addEventListener(type, guard, true);
    this.props.session.listeners.add(this.update);
    this.componentDidUpdate();
  }

  // The page changes under the panel (menus, dialogs, the site's own re-renders): it is read on
  // change, and not at all while the panel is folded with nothing under way.
  override componentDidUpdate(): void {
    const { session } = this.props;
    const shown = session.shown();
    if (shown !== this.told) this.props.onState((this.told = shown));
    if (session.wanted !== this.state.open) session.want(this.state.open);
    // A new size is placed at once.
    else if (session.reading) session.o.onRead?.(session.reading);
  }

  override componentWillUnmount(): void {
    this.props.session.listeners.delete(this.update);
  }

  /** Asked from the extension (Prepare here): prepare as the button does, or show why not. The page is read now: it may be asked before the panel first read it. */
  prepareAsked(): void {
    const { session } = this.props;
    if (session.canPrepare(readPage(document, session.who()).state) && !(session.flags.overCap && !this.state.overCapConfirmed)) void this.prepare();
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

  /** Marks, then gives the focus to the next step (Next invitation, else the outcome said), never the page body. */
  mark = async (outcome: 'sent' | 'failed', reason?: Parameters<AssistSession['markByHand']>[1], text?: string): Promise<void> => {
    if (!(await this.props.session.markByHand(outcome, reason, text))) return;
    this.setState({ failOpen: false }, () => {
      const base = this.base as Element | undefined;
      (base?.querySelector<HTMLElement>('button.next') ?? base?.querySelector<HTMLElement>('.outcome'))?.focus();
    });
  };

  prepare = async (withoutNote = false): Promise<void> => {
    const { session } = this.props;
    // The note sent is the note shown: an edit not saved yet is saved first (through the outbox).
    const box = (this.base as Element | undefined)?.querySelector('textarea');
    const shown = box && (box.value.trim() ? box.value : null);
    if (box && shown !== session.note) {
      await this.editor?.save();
      // Not saved: the editor says why, and nothing is prepared.
      if (shown !== session.note) return;
    }
    await session.prepare(withoutNote);
    // The page showed what only needs recording (already connected, pending, follow only): its mark
    // takes the focus Prepare had, which left with its button.
    const { ending, rows } = offersOf({ state: session.shown(), phase: session.phase, flags: session.flags }, this.state.overCapConfirmed);
    if (ending && (rows[0]?.[0] === 'markShown' || rows[0]?.[0] === 'markSent'))
      this.setState({}, () => (this.base as Element | undefined)?.querySelector<HTMLElement>('.body button.primary')?.focus());
  };

  /** Runs a control of the assisted send. */
  act(offer: Offer, reason?: Parameters<AssistSession['markByHand']>[1]): void {
    const { session } = this.props;
    if (offer === 'prepare') void this.prepare();
    else if (offer === 'sendWithoutNote') void this.prepare(true);
    else if (offer === 'overCap') this.setState({ overCapConfirmed: true });
    else if (offer === 'later') session.setPhase({ name: 'later' });
    else if (offer === 'editNote') session.setPhase({ name: 'idle' });
    else if (offer === 'sendNow') session.sendNow();
    else if (offer === 'markSent') void this.mark('sent');
    else if (offer === 'markShown') void this.mark('failed', reason ?? 'other', '');
    else this.setState({ failOpen: !this.state.failOpen });
  }

  override render({ view, backend, session }: Props, { open, overCapConfirmed, failOpen, nextState }: State) {
    const action = view.action!;
    const { phase, markState } = session;
    const shown = session.shown();
    const offers = offersOf({ state: shown, phase, flags: session.flags }, overCapConfirmed);
    const button = (
      key: string,
      onClick: () => unknown,
      { subs, ...extra }: { class?: string; disabled?: boolean; 'aria-expanded'?: boolean; subs?: string[] } = {},
    ) => (
      <button type="button" {...extra} onClick={() => void onClick()}>
        {t(
          key,
          subs?.map((k) => t(k)),
        )}
      </button>
    );

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
              {session.foreign
                ? t('panel.foreign')
                : session.conflict && shown === 'unknown'
                  ? t('pageRead.conflict', [session.conflict.map((sign) => t(`pageRead.sign.${camel(sign)}`)).join(', ')])
                  : t(`panel.state.${camel(shown)}`)}
            </p>
            {offers.note && (
              <NoteEditor
                ref={(e) => (this.editor = e)}
                backend={backend}
                actionId={action.id}
                note={session.note}
                draft={view.draft}
                onSaved={(note) => {
                  session.note = note;
                  this.forceUpdate();
                }}
              />
            )}

            <div role="status" aria-live="polite" class="outcome" tabIndex={-1}>
              {view.paused && <p class="warn">{t('panel.paused')}</p>}
              {view.agentBlocked && !offers.done && <p class="warn">{t(`panel.agent${view.agentBlocked === 'paused' ? 'Paused' : 'Cancelled'}`)}</p>}
              {offers.notice && <p>{t(`panel.${offers.notice}`)}</p>}
              {phase.name === 'too-long' && <p class="warn">{t('panel.tooLong', [phase.limit])}</p>}
              {markState.phase === 'failed' && failure(markState.error)}
            </div>

            {offers.rows.map((row) => (
              <div class="row">
                {row.map((offer) => {
                  const [, primary] = OFFER_WORDS[offer];
                  const words = wordsOf(offer, offers.reason);
                  return (
                    <>
                      {offer === 'overCap' && <p class="warn">{t('panel.overCap')}</p>}
                      {button(words.key, () => this.act(offer, offers.reason), {
                        class: offer === 'overCap' ? 'danger' : primary ? 'primary' : '',
                        subs: words.subs,
                        ...(offer === 'markSent' || offer === 'markShown' ? { disabled: markState.phase === 'busy' } : {}),
                        ...(offer === 'markFailed' || offer === 'otherReason' ? { 'aria-expanded': failOpen } : {}),
                      })}
                    </>
                  );
                })}
              </div>
            ))}
            {failOpen && offers.reason && (
              <FailForm
                busy={markState.phase === 'busy'}
                initialReason={offers.reason}
                onConfirm={(reason, text) => void this.mark('failed', reason, text)}
                onCancel={() => this.setState({ failOpen: false })}
              />
            )}
            <p>
              {/* The export runs in a script loaded only when asked, from a page of its own: the panel stays small. */}
              <button type="button" class="link report" onClick={() => void backend.ask({ type: 'reportPage' }).catch(() => {})}>
                {t('pageRead.report')}
              </button>
              {/* Sent within the person's click: the background opens the desk there and then (Chrome only). */}
              {view.deskFromPage && (
                <button type="button" class="link desk" onClick={() => void backend.ask({ type: 'openDesk' }).catch(() => {})}>
                  {t('desk.openDesk')}
                </button>
              )}
            </p>
            {offers.done && view.hasNext && (
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
