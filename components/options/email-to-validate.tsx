import { useState } from 'preact/hooks';
import type { EmailToValidate } from '../../lib/api/schemas/emails';
import { t } from '../../lib/i18n';
import { ErrorMessage } from '../shared/error-message';
import { useDecide } from './decide';
import { ItemWriteStatus } from './item-write-status';

/** A contact email waiting for validation: read it, edit its personalised messages, validate or reject. */
export function EmailToValidateRow({ email: e, onDecided }: { email: EmailToValidate; onDecided(): void }) {
  const [editing, setEditing] = useState(false);
  const original = Object.fromEntries(e.steps.map((s) => [s.key, s.body]));
  const [messages, setMessages] = useState(original);
  const [queued, setQueued] = useState(false);
  const [state, decide] = useDecide();
  const label = [e.contactName, e.company].filter(Boolean).join(' · ') || e.leadId;
  const edited = Object.keys(messages).some((k) => messages[k] !== original[k]);

  async function verdict(v: 'validated' | 'rejected') {
    const body = v === 'validated' && edited ? { custom_messages: messages } : undefined;
    const outcome = await decide('email', e.leadId, v, label, body);
    if (outcome === 'saved') onDecided();
    if (outcome === 'queued') setQueued(true);
  }

  return (
    <li class="record">
      <div class="record-main">
        <strong>{label}</strong>
        {e.email && <div class="muted">{e.email.masked ? t('contacts.masked') : e.email.value}</div>}
        {e.subject && <div>{e.subject}</div>}
      </div>
      {editing && Object.keys(messages).length > 0 && (
        <fieldset class="messages">
          <legend>{t('review.messages')}</legend>
          {Object.entries(messages).map(([key, text]) => (
            <label key={key}>
              {key}
              <textarea rows={3} maxLength={20_000} value={text} onInput={(ev) => setMessages({ ...messages, [key]: ev.currentTarget.value })} />
            </label>
          ))}
        </fieldset>
      )}
      {!queued && (
        <div class="row actions">
          <button type="button" class="primary" disabled={state.phase === 'busy'} onClick={() => void verdict('validated')}>
            {edited ? t('review.validateEdited') : t('review.validate')}
          </button>
          {Object.keys(messages).length > 0 && (
            <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              {t('review.editMessages')}
            </button>
          )}
          <button type="button" class="danger" disabled={state.phase === 'busy'} onClick={() => void verdict('rejected')}>
            {t('review.reject')}
          </button>
        </div>
      )}
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      <ItemWriteStatus item={`email:${e.leadId}`} />
    </li>
  );
}
