import { useId, useRef, useState } from 'preact/hooks';
import type { NetworkAction } from '../../lib/api/schemas';
import type { FailReason } from '../../lib/invitations/fail-reasons';
import { t, tn } from '../../lib/extension/i18n';
import type { WriteReceipt } from '../../lib/messaging/ask';
import { prospectLabel, type Pending } from '../../lib/invitations/queue';
import { ErrorMessage } from './error-message';
import { FailForm } from './fail-form';
import { saveDraft } from '../../lib/store/note-drafts';
import { NoteEditor } from './note-editor';
import { RecordLines } from './record-lines';
import { useBackend } from './use-backend';
import { useRequest } from './use-request';

export interface Marked {
  actionId: string;
  name: string;
  outcome: 'sent' | 'failed';
  receipt: WriteReceipt;
}

interface Props {
  action: NetworkAction;
  agentName: string;
  /** The agent's status as last read (op 1); anything but active writes nothing on the service. */
  agentStatus: string | undefined;
  pending: Pending | undefined;
  /** The note as typed in an earlier opening of the popup, not saved yet. */
  draft?: string | undefined;
  expanded: boolean;
  onToggle(): void;
  onMarked(marked: Marked): void;
  /** The network tab the desk follows: Open profile goes there, unless Ctrl/Cmd/Shift-click or a middle click asks for a new tab. */
  tabId?: number | undefined;
}

/** The first line of a note, for the collapsed row. */
const firstLine = (note: string | null | undefined) => note?.split('\n').find((l) => l.trim()) ?? '';

/**
 * One ready invitation as a compact row (name, headline, agent, the note's first line, the agent's
 * status as a dot), expanding in place to edit the note and act. Opening the profile is the primary
 * action: the assistant sends there; marking by hand is the fallback, one level down.
 */
export function QueueRow({ action, agentName, agentStatus, pending, draft, expanded, onToggle, onMarked, tabId }: Props) {
  const backend = useBackend();
  const id = useId();
  const [state, run] = useRequest();
  const [failOpen, setFailOpen] = useState(false);
  const failToggle = useRef<HTMLButtonElement>(null);
  const name = prospectLabel(action);
  const detail = [action.prospect.headline, action.prospect.company].filter(Boolean).join(' · ');
  // The note as the person last typed it, when the service has not taken it yet.
  const note = pending && 'note' in pending ? (pending.note ?? null) : action.message;
  const agentBlocked = agentStatus !== undefined && agentStatus !== 'active';
  // A status the extension has no word for is shown as the service spells it.
  const stateWord = agentStatus && (t(`agentState.${agentStatus}`) || agentStatus);
  const queuedMark = pending?.mark && !pending.mark.held ? pending.mark : undefined;

  const mark = async (outcome: 'sent' | 'failed', reason?: FailReason, text = '') => {
    let receipt: WriteReceipt | undefined;
    const ok = await run(async () => {
      receipt =
        outcome === 'sent'
          ? await backend.ask({ type: 'markSent', actionId: action.id, undoable: true })
          : await backend.ask({ type: 'markFailed', actionId: action.id, reason: reason ?? 'other', text, undoable: true });
    });
    if (ok && receipt) onMarked({ actionId: action.id, name, outcome, receipt });
  };
  const openProfile = (newTab: boolean) =>
    void run(() => backend.ask({ type: 'openProfile', actionId: action.id, ...(tabId !== undefined && !newTab ? { tabId } : {}) }));
  const closeFail = () => {
    setFailOpen(false);
    failToggle.current?.focus();
  };

  return (
    <article class={`queue-row${expanded ? ' open' : ''}`} aria-labelledby={`${id}-name`}>
      {/* The accordion pattern: a heading holding the button that expands the row. */}
      <h2 class="row-head" aria-labelledby={`${id}-name`}>
        <button type="button" class="row-toggle" aria-expanded={expanded} aria-controls={`${id}-body`} onClick={onToggle}>
          {/* An agent whose status is not read yet: the row claims nothing (no "active" dot). */}
          <span class={`dot ${agentStatus === undefined ? 'unknown' : agentBlocked ? 'off' : 'on'}`} aria-hidden="true" />
          <span class="row-main">
            <span class="row-line">
              <span class="row-name" id={`${id}-name`}>
                {name}
              </span>
              <span class="row-agent">{agentName}</span>
            </span>
            {detail && <span class="row-detail">{detail}</span>}
            <span class="row-note">
              {queuedMark
                ? t(queuedMark.outcome === 'sent' ? 'queue.queuedSent' : 'queue.queuedFailed')
                : firstLine(note) ||
                  // A note may sit under a word the rules do not know: say there is more to read, not "No note".
                  (action.extra?.length ? tn('queue.noNoteLines', action.extra.length) : t('queue.noNote'))}
            </span>
            {agentBlocked && <span class="sr-only">{t('queue.agentStatus', [stateWord ?? ''])}</span>}
          </span>
        </button>
      </h2>
      {expanded && (
        <div class="row-body" id={`${id}-body`}>
          {agentBlocked && <p class="banner warn">{t('queue.agentBlocked', [agentName, stateWord ?? ''])}</p>}
          {/* What the rules could not place (a note under a word they do not know): seen before any send. */}
          <RecordLines lines={action.extra} />
          {queuedMark ? (
            <p class="banner info" role="status">
              {queuedMark.waitingForAgent
                ? t('queue.waitingForAgent', [agentName])
                : t(queuedMark.outcome === 'sent' ? 'queue.queuedSentLong' : 'queue.queuedFailedLong')}
            </p>
          ) : (
            <>
              <NoteEditor backend={backend} actionId={action.id} note={note} draft={draft} onDraft={(d) => void saveDraft(action.id, d)} />
              <div class="row actions">
                <button
                  type="button"
                  class="primary"
                  disabled={!action.prospect.profileUrl || agentBlocked}
                  onClick={(e) => openProfile(e.ctrlKey || e.metaKey || e.shiftKey)}
                  onAuxClick={(e) => e.button === 1 && openProfile(true)}
                >
                  {t('action.openProfile')}
                </button>
                <details class="more">
                  <summary>{t('queue.markByHand')}</summary>
                  <div class="row">
                    <button type="button" disabled={state.phase === 'busy'} onClick={() => void mark('sent')}>
                      {t('action.markSent')}
                    </button>
                    <button type="button" ref={failToggle} aria-expanded={failOpen} onClick={() => (failOpen ? closeFail() : setFailOpen(true))}>
                      {t('action.markFailed')}
                    </button>
                  </div>
                </details>
              </div>
              {failOpen && <FailForm busy={state.phase === 'busy'} onConfirm={(r, x) => void mark('failed', r, x)} onCancel={closeFail} />}
            </>
          )}
          {state.phase === 'failed' && <ErrorMessage error={state.error} />}
        </div>
      )}
    </article>
  );
}
