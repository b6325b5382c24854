import { Component } from 'preact';
import type { PanelView } from '../../lib/messaging/ask';
import { awaitDialogClosed, awaitSendOutcome } from '../../lib/assist/outcome';
import { prepareInvitation, type PrepareResult } from '../../lib/assist/prepare';
import type { FailReason } from '../../lib/fail-reasons';
import { camel, t } from '../../lib/i18n';
import { noteLength } from '../../lib/note-length';
import { readPage } from '../../lib/page-reader/read-page';
import type { InvitationState } from '../../lib/page-reader/states';
import type { Backend } from '../backend';
import { errorText } from '../error-text';
import { FailForm } from '../fail-form';
import { NoteEditor } from '../note-editor';
import { IDLE, runRequest, type RequestState } from '../request-state';
import { reasonOf, type Ending } from './end-reasons';

type Phase =
  | { name: 'idle' }
  | { name: 'preparing' }
  | { name: 'await-send'; send: HTMLElement; withNote: boolean; stateBefore: InvitationState }
  | { name: 'confirming'; withNote: boolean; stateBefore: InvitationState }
  | { name: 'too-long'; limit: number }
  | { name: 'ended'; ending: Ending; stateBefore: InvitationState }
  | { name: 'marked'; outcome: 'sent' | 'failed'; queued: boolean }
  | { name: 'later' };

interface Props {
  backend: Backend;
  slug: string;
  view: PanelView;
  /** Tells the host element what the page shows (data-invitation-state). */
  onState(state: InvitationState): void;
  onViewChange(): void;
}

const READ_EVERY_MS = 700;


interface State {
  open: boolean;
  pageState: InvitationState;
  phase: Phase;
  note: string | null;
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
    pageState: readPage(document, this.props.slug).state,
    phase: { name: 'idle' },
    note: this.props.view.action!.message,
    overCapConfirmed: false,
    failOpen: false,
    markState: IDLE,
    nextState: IDLE,
  };
  /** The state last told to the host element. */
  told?: InvitationState;
  timer?: ReturnType<typeof setInterval>;

  // The page changes under the panel (menus, dialogs, the site's own re-renders).
  override componentDidMount(): void {
    this.timer = setInterval(() => this.setState({ pageState: readPage(document, this.props.slug).state }), READ_EVERY_MS);
    this.componentDidUpdate();
  }

  override componentDidUpdate(): void {
    const shown = this.shown();
    if (shown !== this.told) this.props.onState((this.told = shown));
  }

  override componentWillUnmount(): void {
    clearInterval(this.timer);
  }

  shown(): InvitationState {
    const { phase, pageState } = this.state;
    return phase.name === 'marked' && phase.outcome === 'sent' ? 'sent' : pageState;
  }

  setPhase = (phase: Phase) => this.setState({ phase });

  weeklyLimit(): void {
    this.props.backend.ask({ type: 'weeklyLimitReached' }).then(this.props.onViewChange, () => {});
  }

  mark = (outcome: 'sent' | 'failed', stateBefore: InvitationState, withNote: boolean, reason?: FailReason, text?: string) =>
    runRequest(
      (markState) => this.setState({ markState }),
      async () => {
        const { note } = this.state;
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
          },
        });
        this.setState({ failOpen: false, phase: { name: 'marked', outcome, queued: receipt.state === 'queued' } });
        this.props.onViewChange();
      },
    );

  async afterSendClicked(withNote: boolean, stateBefore: InvitationState): Promise<void> {
    this.setPhase({ name: 'confirming', withNote, stateBefore });
    const outcome = await awaitSendOutcome(document, this.props.slug);
    if (outcome === 'sent') return void this.mark('sent', stateBefore, withNote);
    if (outcome === 'weekly-limit') this.weeklyLimit();
    this.setPhase({ name: 'ended', ending: outcome, stateBefore });
  }

  settle(result: PrepareResult): void {
    if (result.kind === 'note-too-long') return this.setPhase({ name: 'too-long', limit: result.limit });
    if (result.kind === 'stopped') {
      if (result.state === 'weekly-limit') this.weeklyLimit();
      return this.setPhase({ name: 'ended', ending: result.state as Ending, stateBefore: result.stateBefore });
    }
    const { send, withNote, stateBefore } = result;
    this.setPhase({ name: 'await-send', send, withNote, stateBefore });
    // The person presses the page's own Send; the panel only listens.
    send.addEventListener('click', () => void this.afterSendClicked(withNote, stateBefore), { once: true });
    void awaitDialogClosed(document, this.props.slug, 10 * 60_000).then((closed) => {
      if (closed && this.state.phase.name === 'await-send') this.setPhase({ name: 'ended', ending: 'dialog-closed', stateBefore });
    });
  }

  prepare = async (withoutNote = false): Promise<void> => {
    this.setPhase({ name: 'preparing' });
    this.settle(await prepareInvitation(document, this.props.slug, this.state.note, { withoutNote }));
  };

  override render({ view, backend }: Props, { open, pageState, phase, overCapConfirmed, failOpen, markState, nextState }: State) {
    const { mark, prepare, setPhase } = this;
    const action = view.action!;
    const shown = this.shown();
    const setOpen = (value: boolean) => this.setState({ open: value });
    const setFailOpen = (value: boolean) => this.setState({ failOpen: value });
    const setNote = (note: string | null) => this.setState({ note });
    const runNext = (job: () => Promise<unknown>) => runRequest((state) => this.setState({ nextState: state }), job);
    const overCap = view.pace.level === 'over' && !overCapConfirmed;
    const setOverCapConfirmed = () => this.setState({ overCapConfirmed: true });
    const canPrepare = (pageState === 'connect' || pageState === 'connect-in-more') && !view.paused && phase.name !== 'preparing';
    const ending = phase.name === 'ended' ? phase.ending : pageState === 'pending' || pageState === 'connected' || pageState === 'email-required' || pageState === 'own-profile' || pageState === 'follow-only' ? (pageState as Ending) : undefined;
    const stateBefore = phase.name === 'ended' ? phase.stateBefore : pageState;
    const done = phase.name === 'marked' || phase.name === 'later';
    const name = action.prospect.name ?? t('action.unknownProspect');

    return (
      <section class="panel" aria-label={t('panel.label')} onKeyDown={(e) => e.key === 'Escape' && !failOpen && setOpen(false)}>
        <div class="bar">
          <h2>{t('extName')}</h2>
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('panel.collapse') : t('panel.expand')}
          </button>
        </div>
        {open && (
          <div class="body">
            <h3>{name}</h3>
            {action.prospect.headline && <p class="muted">{action.prospect.headline}</p>}
            <p class="muted">{t('action.agent', [action.agentName ?? action.agentId ?? t('action.unknownAgent')])}</p>
            <p>
              <span class="state" role="status">
                {t(`panel.state.${camel(shown)}`)}
              </span>
            </p>
            <p class={`pace ${view.pace.level}`}>{t('panel.pace', [view.pace.sent, view.pace.cap])}</p>
            {view.pace.level === 'warn' && <p class="warn">{t('panel.paceWarn')}</p>}
            {!done && <NoteEditor backend={backend} actionId={action.id} note={this.state.note} onSaved={setNote} />}

            <div role="status" aria-live="polite">
              {view.paused && <p class="warn">{t('panel.paused')}</p>}
              {phase.name === 'preparing' && <p>{t('panel.preparing')}</p>}
              {phase.name === 'await-send' && <p>{view.autoSend ? t('panel.confirmSend') : t('panel.pressSend')}</p>}
              {phase.name === 'confirming' && <p>{t('panel.confirming')}</p>}
              {phase.name === 'too-long' && <p class="warn">{t('panel.tooLong', [phase.limit])}</p>}
              {ending && !done && <p>{t(`panel.ending.${camel(ending)}`)}</p>}
              {phase.name === 'marked' && <p>{phase.queued ? t('panel.markQueued') : phase.outcome === 'sent' ? t('panel.markedSent') : t('panel.markedFailed')}</p>}
              {phase.name === 'later' && <p>{t('panel.later')}</p>}
              {markState.phase === 'failed' && <p class="feedback error">{errorText(markState.error)}</p>}
            </div>

            {phase.name === 'idle' && canPrepare && !ending && (
              <div class="row">
                {overCap ? (
                  <>
                    <p class="warn">{t('panel.overCap', [view.pace.cap])}</p>
                    <button type="button" class="danger" onClick={() => setOverCapConfirmed()}>
                      {t('panel.overCapConfirm')}
                    </button>
                  </>
                ) : (
                  <button type="button" class="primary" onClick={() => void prepare()}>
                    {pageState === 'connect-in-more' ? t('panel.prepareMore') : t('panel.prepare')}
                  </button>
                )}
              </div>
            )}
            {phase.name === 'await-send' && view.autoSend && (
              <div class="row">
                <button type="button" class="primary" onClick={() => phase.send.click()}>
                  {t('panel.sendNow')}
                </button>
              </div>
            )}
            {(phase.name === 'too-long' || (ending === 'note-quota-reached' && !done)) && (
              <div class="row">
                <button type="button" onClick={() => setPhase({ name: 'idle' })}>
                  {t('panel.editNote')}
                </button>
                <button type="button" onClick={() => void prepare(true)}>
                  {t('panel.sendWithoutNote')}
                </button>
              </div>
            )}
            {ending === 'pending' && !done && (
              <div class="row">
                <button type="button" class="primary" disabled={markState.phase === 'busy'} onClick={() => void mark('sent', stateBefore, false)}>
                  {t('action.markSent')}
                </button>
                <button type="button" onClick={() => setPhase({ name: 'later' })}>
                  {t('panel.laterButton')}
                </button>
              </div>
            )}
            {ending && ending !== 'pending' && ending !== 'note-quota-reached' && !done && (
              <>
                <div class="row">
                  <button type="button" aria-expanded={failOpen} onClick={() => setFailOpen(!failOpen)}>
                    {t('action.markFailed')}
                  </button>
                  <button type="button" onClick={() => setPhase({ name: 'later' })}>
                    {t('panel.laterButton')}
                  </button>
                </div>
                {failOpen && (
                  <FailForm
                    busy={markState.phase === 'busy'}
                    initialReason={reasonOf(ending)}
                    onConfirm={(reason, text) => void mark('failed', stateBefore, false, reason, text)}
                    onCancel={() => setFailOpen(false)}
                  />
                )}
              </>
            )}
            {done && view.hasNext && (
              <div class="row">
                <button type="button" class="primary" disabled={nextState.phase === 'busy'} onClick={() => void runNext(() => backend.ask({ type: 'openNext' }))}>
                  {t('panel.next')}
                </button>
                {nextState.phase === 'failed' && <p class="feedback error">{errorText(nextState.error)}</p>}
              </div>
            )}
          </div>
        )}
      </section>
    );
  }
}
