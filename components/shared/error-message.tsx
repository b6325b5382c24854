import { useState } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/i18n';
import { errorText, technicalText } from './error-text';
import { useSecondsLeft } from './use-seconds-left';

/**
 * The sentence for a failure; a wait the service asked for counts down from `at` (when the answer
 * came; by default when shown) instead of freezing at its first number.
 */
export function ErrorSentence({ error, at }: { error: SerializedApiError; at?: number | undefined }) {
  const [shownAt] = useState(() => at ?? Date.now());
  const wait = error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined ? (at ?? shownAt) + error.retryAfterSeconds * 1000 : undefined;
  const left = useSecondsLeft(wait);
  if (left === undefined) return <>{errorText(error)}</>;
  return <>{left > 0 ? t('error.rateLimitedFor', [left]) : t('error.rateLimitedOver')}</>;
}

/** A failure in plain words, with the technical detail one click away. */
export function ErrorMessage({ error }: { error: SerializedApiError }) {
  return (
    <div class="feedback error" role="alert">
      <span>
        <ErrorSentence error={error} />
      </span>
      <details class="technical">
        <summary>{t('error.details')}</summary>
        <code>{technicalText(error)}</code>
      </details>
    </div>
  );
}
