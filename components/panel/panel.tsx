import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelView } from '../../lib/messaging/ask';
import { awaitDialogClosed, awaitSendOutcome } from '../../lib/assist/outcome';
import { prepareInvitation, type PrepareResult } from '../../lib/assist/prepare';
import type { FailReason } from '../../lib/fail-reasons';
import { noteLength } from '../../lib/note-length';
import { readPage } from '../../lib/page-reader/read-page';
import type { InvitationState } from '../../lib/page-reader/states';
import { useBackend } from '../backend';
import { errorText } from '../error-text';
import { FailForm } from '../fail-form';
import { NoteEditor } from '../note-editor';
import { camel, t } from '../../lib/i18n';
import { useRequest } from '../use-request';
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
  slug: string;
  view: PanelView;
  /** Tells the host element what the page shows (data-invitation-state). */
  onState(state: InvitationState): void;
  onViewChange(): void;
}


const READ_EVERY_MS = 700;

/** The in-page assistant for one profile's invitation. */
export function Panel({ slug, view, onState, onViewChange }: Props) {
  const backend = useBackend();
  const action = view.action!;
  const [open, setOpen] = useState(true);
  const [pageState, setPageState] = useState<InvitationState>(() => readPage(document, slug).state);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [note, setNote] = useState(action.message);
  const [overCapConfirmed, setOverCapConfirmed] = useState(false);
  const [failOpen, setFailOpen] = useState(false);
  const [markState, runMark] = useRequest();
  const [nextState, runNext] = useRequest();
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  const shown: InvitationState = phase.name === 'marked' && phase.outcome === 'sent' ? 'sent' : pageState;
  useEffect(() => onState(shown), [shown]);

  // The page changes under the panel (menus, dialogs, the site's own re-renders).
  useEffect(() => {
    const timer = setInterval(() => setPageState(readPage(document, slug).state), READ_EVERY_MS);
    return () => clearInterval(timer);
  }, [slug]);

  const details = (stateBefore: InvitationState, withNote: boolean) => ({
    noteIncluded: withNote,
    noteLength: withNote && note ? noteLength(note) : 0,
    stateBefore,
    pageLanguage: (document.documentElement.lang || navigator.language || '').slice(0, 20),
  });

  const mark = (outcome: 'sent' | 'failed', stateBefore: InvitationState, withNote: boolean, reason?: FailReason, text?: string) =>
    runMark(async () => {
      const receipt = await backend.ask({
        type: 'markAssisted',
        actionId: action.id,
        outcome,
        ...(reason ? { reason } : {}),
        ...(text?.trim() ? { text } : {}),
        details: details(stateBefore, withNote),
      });
      setFailOpen(false);
      setPhase({ name: 'marked', outcome, queued: receipt.state === 'queued' });
      onViewChange();
    });

  async function afterSendClicked(withNote: boolean, stateBefore: InvitationState) {
    setPhase({ name: 'confirming', withNote, stateBefore });
    const outcome = await awaitSendOutcome(document, slug);
    if (outcome === 'sent') return void mark('sent', stateBefore, withNote);
    if (outcome === 'weekly-limit') void backend.ask({ type: 'weeklyLimitReached' }).then(onViewChange, () => {});
    setPhase({ name: 'ended', ending: outcome, stateBefore });
  }

  function settle(result: PrepareResult) {
    if (result.kind === 'note-too-long') return setPhase({ name: 'too-long', limit: result.limit });
    if (result.kind === 'stopped') {
      if (result.state === 'weekly-limit') void backend.ask({ type: 'weeklyLimitReached' }).then(onViewChange, () => {});
      return setPhase({ name: 'ended', ending: result.state as Ending, stateBefore: result.stateBefore });
    }
    const { send, withNote, stateBefore } = result;
    setPhase({ name: 'await-send', send, withNote, stateBefore });
    // The person presses the page's own Send; the panel only listens.
    send.addEventListener('click', () => void afterSendClicked(withNote, stateBefore), { once: true });
    void awaitDialogClosed(document, slug, 10 * 60_000).then((closed) => {
      if (closed && phaseRef.current.name === 'await-send') setPhase({ name: 'ended', ending: 'dialog-closed', stateBefore });
    });
  }

  const prepare = async (withoutNote = false) => {
    setPhase({ name: 'preparing' });
    settle(await prepareInvitation(document, slug, note, { withoutNote }));
  };

  const overCap = view.pace.level === 'over' && !overCapConfirmed;
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
          {!done && <NoteEditor actionId={action.id} note={note} onSaved={setNote} />}

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
                  <button type="button" class="danger" onClick={() => setOverCapConfirmed(true)}>
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
