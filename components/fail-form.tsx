import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { FAIL_REASONS, type FailReason } from '../lib/fail-reasons';
import { REASON_TEXT_MAX } from '../lib/messaging/limits';
import { t } from '../lib/i18n';

interface Props {
  busy: boolean;
  initialReason?: FailReason;
  onConfirm(reason: FailReason, text: string): void;
  onCancel(): void;
}

/** Why an invitation could not be sent: a reason code and free text. */
export function FailForm({ busy, initialReason, onConfirm, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState<FailReason>(initialReason ?? 'profile_unavailable');
  const [text, setText] = useState('');
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  return (
    <form
      class="fail-form"
      aria-label={t('fail.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(reason, text);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <label for={`${id}-reason`}>{t('fail.reason')}</label>
      <select
        id={`${id}-reason`}
        ref={first}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value as FailReason)}
      >
        {FAIL_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`fail.reasons.${r}`)}
          </option>
        ))}
      </select>
      <label for={`${id}-text`}>{t('fail.details')}</label>
      <textarea
        id={`${id}-text`}
        rows={2}
        maxLength={REASON_TEXT_MAX}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="row">
        <button type="submit" class="danger" disabled={busy}>
          {t('fail.confirm')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('fail.cancel')}
        </button>
      </div>
    </form>
  );
}
