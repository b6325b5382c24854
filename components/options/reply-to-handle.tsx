import { useState } from 'preact/hooks';
import { readReplyRecord } from '../../lib/api/readers/emails';
import type { EmailToHandle } from '../../lib/api/schemas/emails';
import { EMAIL_VALUE } from '../../lib/api/blocklist';
import { t } from '../../lib/extension/i18n';
import { ErrorMessage } from '../shared/error-message';
import { ItemWriteStatus } from './item-write-status';
import { EditableText, FoldedText } from './review-text';
import { useViewWrite } from './use-view-write';
import { EditToggle } from './edit-toggle';
import { RecordLines } from './record-lines';

/**
 * A received email whose AI reply waits: the email received (sender, subject, text) beside the
 * reply that would go, the cc rule in one line; validate the reply as is or edited where it
 * stands, add a forwarding copy, or skip.
 */
export function ReplyToHandleRow({ email: e, onHandled }: { email: EmailToHandle; onHandled(): void }) {
  const [reply, setReply] = useState(e.reply ?? '');
  const [editing, setEditing] = useState(!e.reply);
  const [cc, setCc] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [state, run] = useViewWrite();
  const item = `reply:${e.emailId}`;
  const label = [e.contactName, e.company].filter(Boolean).join(' · ') || (e.from && !e.from.masked ? e.from.value : t('review.someone'));

  async function validate() {
    const copy = cc.trim();
    if (copy && !EMAIL_VALUE.test(copy)) return setProblem(t('review.ccInvalid'));
    if (!reply.trim()) return setProblem(t('review.replyEmpty'));
    setProblem(null);
    const body = { ...(reply !== (e.reply ?? '') ? { content: reply } : {}), ...(copy ? { cc: copy } : {}) };
    const receipt = await run(item, { name: 'validateResponse', params: { emailId: e.emailId }, body });
    if (!receipt) return;
    if (receipt.state !== 'saved') return setDone(t('views.queued'));
    const record = readReplyRecord(receipt.answer);
    const how = record.type === 'manual' ? t('review.replyEdited') : t('review.replyKept');
    const copyWords = !copy ? '' : record.ccAdded === true ? t('review.ccAdded') : record.ccAdded === false ? t('review.ccIgnored') : '';
    setDone(`${how} ${copyWords}`.trim());
    onHandled();
  }

  async function skip() {
    const receipt = await run(item, { name: 'skipResponse', params: { emailId: e.emailId } });
    if (!receipt) return;
    setDone(receipt.state === 'saved' ? t('review.skipped') : t('views.queued'));
    if (receipt.state === 'saved') onHandled();
  }

  return (
    <li class="record review-item" tabIndex={-1} data-review-item aria-label={label}>
      <div class="record-main">
        <strong>{label}</strong>
        {e.agentName && <div class="muted">{t('review23.agentIs', [e.agentName])}</div>}
        <RecordLines lines={e.extra} whole />
      </div>
      <div class="exchange">
        <article class="received" aria-label={t('review23.received')}>
          <h4>{t('review23.received')}</h4>
          <dl class="sent-to">
            <div>
              <dt>{t('review23.from')}</dt>
              <dd>{!e.from ? t('review.someone') : e.from.masked ? t('contacts.masked') : e.from.value}</dd>
            </div>
            <div>
              <dt>{t('review23.subject')}</dt>
              <dd>{e.subject ?? t('review.noSubject')}</dd>
            </div>
          </dl>
          {e.received ? <FoldedText text={e.received} /> : <p class="help">{t('review23.noText')}</p>}
        </article>
        <article class="proposed" aria-label={t('review23.proposed')}>
          <h4>{t('review23.proposed')}</h4>
          {!e.reply && <p class="help">{t('review23.noReply')}</p>}
          <EditableText label={t('review.reply')} original={e.reply ?? ''} value={reply} editing={editing && !done} onInput={setReply} />
        </article>
      </div>
      {!done && (
        <div class="reply-form">
          <label>
            {t('review.cc')}
            <input type="email" value={cc} maxLength={320} onInput={(ev) => setCc(ev.currentTarget.value)} aria-describedby={`cc-rule-${e.emailId}`} />
          </label>
          <p id={`cc-rule-${e.emailId}`} class="help">
            {t('review.ccRule')}
            {e.cc && ` ${t('review.ccPrepared', [e.cc])}`}
          </p>
          {problem && (
            <p class="feedback error" role="alert">
              {problem}
            </p>
          )}
          <div class="row actions">
            <button type="button" class="primary" data-action="validate" disabled={state.phase === 'busy'} onClick={() => void validate()}>
              {reply !== (e.reply ?? '') ? t('review.sendEdited') : t('review.sendAsIs')}
            </button>
            {e.reply && <EditToggle editing={editing} onEditing={setEditing} onCancel={() => setReply(e.reply ?? '')} />}
            <button type="button" data-action="reject" disabled={state.phase === 'busy'} onClick={() => void skip()}>
              {t('review.skip')}
            </button>
          </div>
        </div>
      )}
      {done && (
        <p class="feedback" role="status">
          {done}
        </p>
      )}
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      <ItemWriteStatus item={item} />
    </li>
  );
}
