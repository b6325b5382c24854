import { useState } from 'preact/hooks';
import type { EmailToValidate } from '../../lib/api/schemas/emails';
import { t } from '../../lib/extension/i18n';
import { ErrorMessage } from '../shared/error-message';
import { useDecide } from './decide';
import { ItemWriteStatus } from './item-write-status';
import { EditableText } from './review-text';
import { EditToggle } from './edit-toggle';
import { RecordLines } from './record-lines';
import { UnreadContent } from './unread-content';
import { contentUnread } from '../../lib/views/unread-content';
import { emailSeen } from '../../lib/views/seen';

/**
 * A contact email waiting for validation, shown as it will be sent: every step in order with its
 * subject and text, the recipient (or why it is masked) and the agent. Edit turns the steps into
 * text boxes where they stand; validating with changes sends every step in `custom_messages`.
 * What the rules could not place is shown whole beside it; with no text at all, no Validate.
 */
export function EmailToValidateRow({ email: e, shape, onDecided }: { email: EmailToValidate; shape?: string | undefined; onDecided(): void }) {
  const original = Object.fromEntries(e.steps.map((s) => [s.key, s.body]));
  const [editing, setEditing] = useState(false);
  const [texts, setTexts] = useState(original);
  const [queued, setQueued] = useState(false);
  const [state, decide] = useDecide();
  const label = [e.contactName, e.company].filter(Boolean).join(' · ') || e.leadId;
  const edited = e.steps.some((s) => texts[s.key] !== s.body);
  const empty = e.steps.some((s) => !texts[s.key]?.trim());
  const unread = contentUnread(e.steps, e.extra);

  async function verdict(v: 'validated' | 'rejected') {
    // The spec says custom_messages replaces the messages: every step goes, changed or not.
    const body = v === 'validated' && edited ? { custom_messages: texts } : undefined;
    // A validation carries what was shown: changed on the service since, it is refused and read again.
    const outcome = await decide('email', e.leadId, v, label, body, v === 'validated' ? emailSeen(e) : undefined);
    if (outcome === 'saved' || outcome === 'changed') onDecided();
    if (outcome === 'queued') setQueued(true);
  }

  return (
    <li class="record review-item" tabIndex={-1} data-review-item aria-label={label}>
      <div class="record-main">
        <strong>{label}</strong>
        <dl class="sent-to">
          <div>
            <dt>{t('review23.to')}</dt>
            <dd>{!e.email ? t('review23.noAddress') : e.email.masked ? t('review23.emailMasked') : e.email.value}</dd>
          </div>
          {e.agentName && (
            <div>
              <dt>{t('review23.agent')}</dt>
              <dd>{e.agentName}</dd>
            </div>
          )}
        </dl>
      </div>
      {e.steps.length === 0 ? (
        <p class="help">{t('review23.noSteps')}</p>
      ) : (
        <ol class="sequence">
          {e.steps.map((s, i) => (
            <li key={s.key} class="step">
              <div class="step-head">
                <span class="step-number">{t('review23.step', [i + 1, e.steps.length])}</span>{' '}
                {s.subject ? <strong>{s.subject}</strong> : <span class="muted">{t('review23.noOwnSubject')}</span>}
              </div>
              <EditableText
                label={t('review23.stepText', [i + 1])}
                original={s.body}
                value={texts[s.key] ?? ''}
                editing={editing}
                onInput={(v) => setTexts({ ...texts, [s.key]: v })}
              />
            </li>
          ))}
        </ol>
      )}
      <RecordLines lines={e.extra} whole />
      {unread && <UnreadContent op="emailsToValidate" shape={shape} />}
      {!queued && (
        <div class="row actions">
          {!unread && (
            <button
              type="button"
              class="primary"
              data-action="validate"
              disabled={state.phase === 'busy' || (edited && empty)}
              onClick={() => void verdict('validated')}
            >
              {edited ? t('review23.validateChanged') : t('review.validate')}
            </button>
          )}
          {e.steps.length > 0 && <EditToggle editing={editing} onEditing={setEditing} onCancel={() => setTexts(original)} />}
          <button type="button" class="danger" data-action="reject" disabled={state.phase === 'busy'} onClick={() => void verdict('rejected')}>
            {t('review.reject')}
          </button>
        </div>
      )}
      {edited && empty && <p class="feedback error">{t('review23.emptyStep')}</p>}
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      <ItemWriteStatus item={`email:${e.leadId}`} />
    </li>
  );
}
