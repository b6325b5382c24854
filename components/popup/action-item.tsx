import { useId, useRef, useState } from 'preact/hooks';
import type { NetworkAction } from '../../lib/api/schemas';
import type { FailReason } from '../../lib/fail-reasons';
import type { WriteReceipt } from '../../lib/messaging/ask';
import type { Request } from '../../lib/messaging/protocol';
import { useBackend } from '../shared/use-backend';
import { errorText } from '../shared/error-text';
import { FailForm } from '../shared/fail-form';
import { NoteEditor } from '../shared/note-editor';
import { t } from '../../lib/i18n';
import { useRequest } from '../shared/use-request';

type MarkRequest = Extract<Request, { type: 'markSent' | 'markFailed' }>;

interface Props {
  action: NetworkAction;
  agentName: string | undefined;
  onMarked(message: string): void;
}

/** One ready invitation: who, which agent, the note, and what the person can do with it. */
export function ActionItem({ action, agentName, onMarked }: Props) {
  const backend = useBackend();
  const id = useId();
  const [failOpen, setFailOpen] = useState(false);
  const [state, run] = useRequest();
  const failToggle = useRef<HTMLButtonElement>(null);
  const name = action.prospect.name ?? t('action.unknownProspect');
  const detail = [action.prospect.headline, action.prospect.company].filter(Boolean).join(' · ');

  const [queued, setQueued] = useState(false);
  /** Marks the action; tells the list in the words for "saved" or "queued". */
  const mark = async (request: MarkRequest, words: { saved: string; queued: string }) => {
    let receipt: WriteReceipt | undefined;
    if (await run(async () => (receipt = await backend.ask(request)))) {
      setQueued(receipt?.state === 'queued');
      setFailOpen(false);
      onMarked(t(receipt?.state === 'queued' ? words.queued : words.saved, [name]));
    }
  };
  const markSent = () => mark({ type: 'markSent', actionId: action.id }, { saved: 'action.markedSent', queued: 'action.queuedSent' });
  const markFailed = (reason: FailReason, text: string) =>
    mark({ type: 'markFailed', actionId: action.id, reason, text }, { saved: 'action.markedFailed', queued: 'action.queuedFailed' });
  const closeFail = () => {
    setFailOpen(false);
    failToggle.current?.focus();
  };

  return (
    <article class="action" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`}>{name}</h2>
      {detail && <p class="detail">{detail}</p>}
      <p class="agent">{t('action.agent', [agentName ?? action.agentName ?? action.agentId ?? t('action.unknownAgent')])}</p>
      <NoteEditor backend={backend} actionId={action.id} note={action.message} />
      <div class="row actions">
        <button
          type="button"
          disabled={!action.prospect.profileUrl}
          onClick={() => void run(() => backend.ask({ type: 'openProfile', actionId: action.id }))}
        >
          {t('action.openProfile')}
        </button>
        <button type="button" class="primary" disabled={state.phase === 'busy'} onClick={() => void markSent()}>
          {t('action.markSent')}
        </button>
        <button
          type="button"
          ref={failToggle}
          aria-expanded={failOpen}
          onClick={() => (failOpen ? closeFail() : setFailOpen(true))}
        >
          {t('action.markFailed')}
        </button>
      </div>
      {failOpen && <FailForm busy={state.phase === 'busy'} onConfirm={(r, x) => void markFailed(r, x)} onCancel={closeFail} />}
      <p role="status" class={state.phase === 'failed' ? 'feedback error' : 'feedback'}>
        {state.phase === 'busy' && t('action.working')}
        {state.phase === 'done' && queued && t('action.queued')}
        {state.phase === 'failed' && errorText(state.error)}
      </p>
    </article>
  );
}
