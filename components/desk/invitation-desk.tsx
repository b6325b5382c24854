// The desk's invitation at hand: the note, Prepare, Skip and the session's offers and outcome.
// A little over 250 lines: the keyboard path (Enter prepares, S skips, N opens the next) and the
// offers it acts on are one state; split, each half would reach into the other's refs and flags.
import { prospectLabel } from '../../lib/invitations/queue';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { NetworkAction } from '../../lib/api/schemas';
import { offersOf, OFFER_WORDS, type Offer, type Offers, wordsOf } from '../../lib/page/assist/offers';
import type { AssistFlags } from '../../lib/page/assist/session';
import type { AtHand } from '../../lib/desk/at-hand';
import type { FailReason } from '../../lib/invitations/fail-reasons';
import { camel, t } from '../../lib/extension/i18n';
import { saveDraft } from '../../lib/store/note-drafts';
import { ErrorMessage } from '../shared/error-message';
import { FailForm } from '../shared/fail-form';
import { NoteEditor } from '../shared/note-editor';
import { RecordLines } from '../shared/record-lines';
import { useBackend } from '../shared/use-backend';
import { useRequest } from '../shared/use-request';
import { DeskHelp, NextKey } from './desk-help';
import type { DeskLineState } from './use-desk-line';

interface Props {
  atHand: AtHand;
  agentName: string;
  /** The note as the person last typed it, not on the service yet (the popup's too). */
  note: string | null;
  draft?: string | undefined;
  /** What the background would tell the panel, read by the desk itself until the session tells it. */
  flags: AssistFlags;
  /** The invitation Open (or Skip) brings next to this tab, named here with its agent (never in the page). */
  next: { action: NetworkAction; agentName: string } | undefined;
  /** The agent's status when it keeps this invitation waiting (paused, cancelled, waiting for payment). */
  waits: string | null;
  /** The line to the tab's assisted send, which the desk opens for any profile it follows (desk-app.tsx). */
  line: DeskLineState;
}

/** Before the assisted send runs in the tab (the desk prepares it): the note, and Prepare. */
function beforeSession(flags: AssistFlags, overCapConfirmed: boolean, waits: boolean): Offers {
  const rows: Offer[][] = flags.paused || waits ? [] : [[flags.overCap && !overCapConfirmed ? 'overCap' : 'prepare']];
  return { done: false, note: !waits, rows };
}

/** Elements whose own Enter is theirs: Enter prepares only elsewhere in the desk. */
const OWN_ENTER = 'textarea, input, select, button, a, summary';
/** Where a letter is typed, not a key of the desk's. */
const TYPING = 'textarea, input, select, [contenteditable]';
/** Offers that carry the invitation on: without one (and nothing under way), it cannot go on, and Skip is the way. */
const GOING_ON: Offer[] = ['prepare', 'sendNow', 'markSent', 'markShown'];
/** The agent's status, in the desk's words, when it keeps the invitation waiting. */
const WAIT_WORDS: Record<string, string> = { paused: 'panel.agentPaused', cancelled: 'panel.agentCancelled', pending_payment: 'deskFlow.agentPendingPayment' };

/**
 * The invitation of the profile the followed tab shows: the prospect, the note, Prepare (which drives
 * the assisted send in that tab as the panel's Prepare does: nothing is drawn in the page), the steps
 * as they happen, the outcome, Mark by hand, and once recorded the next invitation with Open.
 */
export function InvitationDesk({ atHand, agentName, note, draft, flags, next, waits, line }: Props) {
  const backend = useBackend();
  const id = useId();
  const { action, tabId, slug } = atHand;
  const { send, again } = line;
  // Only the session of this invitation: another's is of a tab that moved on.
  const snapshot = line.snapshot?.actionId === action.id ? line.snapshot : null;
  const [overCapConfirmed, setOverCapConfirmed] = useState(false);
  const [failOpen, setFailOpen] = useState(false);
  const [manualFailOpen, setManualFailOpen] = useState(false);
  const [prepared, runPrepare] = useRequest();
  const [manual, runManual] = useRequest();
  const [manualOutcome, setManualOutcome] = useState<'sent' | 'failed' | null>(null);
  const [opening, runOpen] = useRequest();
  const [reporting, runReport] = useRequest();
  const root = useRef<HTMLElement>(null);
  const editor = useRef<NoteEditor>(null);
  const shownFlags = snapshot ? snapshot.flags : flags;
  const offers = snapshot ? offersOf(snapshot, overCapConfirmed) : beforeSession(flags, overCapConfirmed, !!waits);
  /** The service refused a mark because the invitation was handled elsewhere (another browser): nothing is left to mark here. */
  const handledElsewhere = [manual, snapshot?.mark].some((r) => r?.phase === 'failed' && r.error.kind === 'handled-elsewhere');
  const done = offers.done || manualOutcome !== null || handledElsewhere;
  const phase = snapshot?.phase;
  /** Nothing carries this invitation on (its agent waits, no Connect, the cap, a refusal): Skip is the next step. */
  const stuck =
    !done && !offers.rows.some((row) => row.some((o) => GOING_ON.includes(o))) && !['preparing', 'await-send', 'confirming'].includes(phase?.name ?? '');
  /** The attempt's ending offers its own marks: Mark by hand is not offered beside them. */
  const endingMarks = offers.rows.some((row) => row.some((o) => o === 'markSent' || o === 'markFailed' || o === 'markShown'));
  /** The mark that records what the page shows (already connected, pending, follow only): it takes the focus, Skip comes after. */
  const recording = offers.ending !== undefined && ['markShown', 'markSent'].includes(offers.rows[0]?.[0] ?? '') ? offers.ending : null;
  const name = prospectLabel(action);
  /**
   * Focuses the first of these that the desk shows, now: the callers run once the desk's tree is
   * committed, and the next frame may be a second away (Chromium paints a page it does not show
   * about once a second: measured on the bench's desk, where it held Prepare's focus that long).
   */
  const focus = (...selectors: string[]) =>
    selectors
      .map((s) => root.current?.querySelector<HTMLElement>(s))
      .find(Boolean)
      ?.focus();

  // A new invitation at hand: its next step has the focus (Prepare); once recorded, Open the next.
  useEffect(() => {
    setOverCapConfirmed(false);
    setFailOpen(false);
    setManualFailOpen(false);
    setManualOutcome(null);
    focus('button.primary');
  }, [action.id]);
  useEffect(() => {
    if (done) focus('button.next', '.outcome');
  }, [done]);
  useEffect(() => {
    if (stuck) focus('button.primary');
  }, [stuck]);
  useEffect(() => {
    if (recording) focus('button.primary');
  }, [recording]);

  /** Skip, or Open once recorded: the next invitation in this tab, or in a new one when the person asks. */
  const openNext = (newTab: boolean) => {
    if (!next || opening.phase === 'busy') return;
    void runOpen(() => backend.ask({ type: 'openProfile', actionId: next.action.id, ...(newTab ? {} : { tabId }) }));
  };

  /** Prepare: the note shown, saved first, then the assisted send in the tab (through the background, which grants the tab). */
  const prepare = async () => {
    const box = editor.current;
    if (box && box.state.draft !== box.state.saved) {
      await box.save();
      // Not saved: the editor says why, and nothing is prepared.
      if (box.state.draft !== box.state.saved) return;
    }
    const saved = box ? box.state.saved : (note ?? '');
    focus('.outcome');
    const ok = await runPrepare(() =>
      backend.ask({ type: 'prepareHere', slug, tabId, note: saved.trim() === '' ? null : saved, ...(overCapConfirmed ? { pastCap: true } : {}) }),
    );
    if (ok) again();
  };

  const act = (offer: Offer) => {
    if (offer === 'prepare') void prepare();
    else if (offer === 'overCap') setOverCapConfirmed(true);
    else if (offer === 'markSent') send({ type: 'mark', outcome: 'sent' });
    else if (offer === 'markShown') send({ type: 'mark', outcome: 'failed', reason: offers.reason ?? 'other', text: '' });
    else if (offer === 'markFailed' || offer === 'otherReason') setFailOpen(!failOpen);
    else send({ type: 'offer', offer });
  };

  // Enter prepares, from anywhere in the desk but a control with its own Enter; S skips and N opens
  // the next (Shift: in a new tab), anywhere but where letters are typed.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const target = e.target as Element | null;
      const letter = e.key.toLowerCase();
      if ((letter === 's' || letter === 'n') && !e.repeat && !target?.closest?.(TYPING) && next) {
        e.preventDefault();
        openNext(e.shiftKey);
        return;
      }
      if (e.key !== 'Enter' || e.shiftKey || target?.closest?.(OWN_ENTER)) return;
      if (!offers.rows[0]?.includes('prepare') || prepared.phase === 'busy') return;
      e.preventDefault();
      void prepare();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const markByHand = (outcome: 'sent' | 'failed', reason?: FailReason, text = '') =>
    void runManual(async () => {
      await (outcome === 'sent'
        ? backend.ask({ type: 'markSent', actionId: action.id })
        : backend.ask({ type: 'markFailed', actionId: action.id, reason: reason ?? 'other', text }));
      setManualFailOpen(false);
      setManualOutcome(outcome);
    });

  const state = snapshot
    ? snapshot.foreign
      ? t('panel.foreign')
      : snapshot.conflict && snapshot.state === 'unknown'
        ? t('pageRead.conflict', [snapshot.conflict.map((sign) => t(`pageRead.sign.${camel(sign)}`)).join(', ')])
        : t(`panel.state.${camel(snapshot.state)}`)
    : null;

  return (
    <section class="at-hand" ref={root} aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`}>{name}</h2>
      {action.prospect.headline && <p class="muted">{action.prospect.headline}</p>}
      <p class="muted">{t('action.agent', [agentName])}</p>
      {state && <p class="state">{state}</p>}
      {/* What the rules could not place (a note under a word they do not know): seen before Prepare. */}
      {!done && <RecordLines lines={action.extra} />}
      {offers.note && !done && (
        <NoteEditor ref={editor} backend={backend} actionId={action.id} note={note} draft={draft} onDraft={(d) => void saveDraft(action.id, d)} />
      )}
      <div role="status" aria-live="polite" class="outcome" tabIndex={-1}>
        {shownFlags.paused && <p class="warn">{t('panel.paused')}</p>}
        {(waits ?? shownFlags.agentBlocked) && !done && <p class="warn">{t(WAIT_WORDS[waits ?? shownFlags.agentBlocked ?? ''] ?? 'panel.agentPaused')}</p>}
        {offers.notice && <p>{t(`panel.${offers.notice}`)}</p>}
        {phase?.name === 'too-long' && <p class="warn">{t('panel.tooLong', [phase.limit])}</p>}
        {manualOutcome && <p>{t(manualOutcome === 'sent' ? 'panel.markedSent' : 'panel.markedFailed')}</p>}
        {snapshot?.mark.phase === 'failed' && <ErrorMessage error={snapshot.mark.error} />}
        {prepared.phase === 'failed' && <ErrorMessage error={prepared.error} />}
        {manual.phase === 'failed' && <ErrorMessage error={manual.error} />}
      </div>
      {!manualOutcome &&
        !handledElsewhere &&
        offers.rows.map((row) => (
          <div class="row">
            {row.map((offer) => {
              const [, primary] = OFFER_WORDS[offer];
              const words = wordsOf(offer, offers.reason);
              return (
                <>
                  {offer === 'overCap' && <p class="warn">{t('panel.overCap')}</p>}
                  <button
                    type="button"
                    class={offer === 'overCap' ? 'danger' : primary ? 'primary' : undefined}
                    disabled={
                      (offer === 'prepare' && prepared.phase === 'busy') || ((offer === 'markSent' || offer === 'markShown') && snapshot?.mark.phase === 'busy')
                    }
                    aria-expanded={offer === 'markFailed' || offer === 'otherReason' ? failOpen : undefined}
                    onClick={() => act(offer)}
                  >
                    {t(
                      words.key,
                      words.subs.map((k) => t(k)),
                    )}
                  </button>
                </>
              );
            })}
          </div>
        ))}
      {failOpen && offers.reason && !manualOutcome && (
        <FailForm
          busy={snapshot?.mark.phase === 'busy'}
          initialReason={offers.reason}
          onConfirm={(reason, text) => {
            send({ type: 'mark', outcome: 'failed', reason, text });
            setFailOpen(false);
          }}
          onCancel={() => setFailOpen(false)}
        />
      )}
      {!done && !endingMarks && (
        <details class="more">
          <summary>{t('queue.markByHand')}</summary>
          <div class="row">
            <button type="button" disabled={manual.phase === 'busy'} onClick={() => markByHand('sent')}>
              {t('action.markSent')}
            </button>
            <button type="button" aria-expanded={manualFailOpen} onClick={() => setManualFailOpen(!manualFailOpen)}>
              {t('action.markFailed')}
            </button>
          </div>
          {manualFailOpen && (
            <FailForm busy={manual.phase === 'busy'} onConfirm={(r, x) => markByHand('failed', r, x)} onCancel={() => setManualFailOpen(false)} />
          )}
        </details>
      )}
      {next ? (
        <div class="next-up">
          <p>
            {t('desk.next')} <strong>{prospectLabel(next.action)}</strong>
            <span class="muted"> · {next.agentName}</span>
          </p>
          <button
            type="button"
            class={`${done ? 'next' : 'skip'}${done || stuck ? ' primary' : ''}`}
            aria-keyshortcuts={done ? 'N' : 'S'}
            disabled={opening.phase === 'busy'}
            onClick={(e) => openNext(e.ctrlKey || e.metaKey || e.shiftKey)}
          >
            {t(done ? 'desk.open' : 'deskFlow.skip')}{' '}
            <span aria-hidden="true">
              <kbd>{done ? 'N' : 'S'}</kbd>
            </span>
          </button>
          {opening.phase === 'failed' && <ErrorMessage error={opening.error} />}
          <NextKey />
        </div>
      ) : (
        done && <p class="help">{t('desk.noNext')}</p>
      )}
      {/* Only where the assistant read the page: a session in the tab reports what it read. */}
      {snapshot && (
        <p>
          <button type="button" class="link" onClick={() => void runReport(() => backend.ask({ type: 'reportPage', tabId }))}>
            {t('pageRead.report')}
          </button>
        </p>
      )}
      {reporting.phase === 'failed' && <ErrorMessage error={reporting.error} />}
      <DeskHelp />
    </section>
  );
}
