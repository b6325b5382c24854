import { useState } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/extension/i18n';
import { ErrorDetails } from './error-details';
import { clock, errorText } from './error-text';
import { useSecondsLeft } from './use-seconds-left';

/**
 * The sentence for a failure; a wait the service asked for counts down from `at` (when the answer
 * came; by default when shown) instead of freezing at its first number.
 */
export function ErrorSentence({ error, at }: { error: SerializedApiError; at?: number | undefined }) {
  const [shownAt] = useState(() => at ?? Date.now());
  const wait = error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined ? (at ?? shownAt) + error.retryAfterSeconds * 1000 : undefined;
  const left = useSecondsLeft(wait);
  if (left === undefined || wait === undefined) return <>{errorText(error)}</>;
  // The extension's own request pace (nothing was sent: no status) says when it goes on, never that the service asked.
  if (!error.status) return <>{left > 0 ? t('deskFlow.ownPace', [clock(wait)]) : t('deskFlow.ownPaceOver')}</>;
  return <>{left > 0 ? t('error.rateLimitedFor', [left]) : t('error.rateLimitedOver')}</>;
}

/**
 * A failure in plain words, with the technical detail one click away. An alert by default; `quiet`
 * for a failure listed among others (a refused write), which is not news when the list is shown.
 */
export function ErrorMessage({ error, quiet = false }: { error: SerializedApiError; quiet?: boolean }) {
  return (
    <div class="feedback error" role={quiet ? undefined : 'alert'}>
      <span>
        <ErrorSentence error={error} />
      </span>
      <ErrorDetails error={error} />
    </div>
  );
}
