import type { SerializedApiError } from '../../lib/api/errors';
import { camel, t } from '../../lib/i18n';

/** The sentence a person sees for a failure; the service's own words when it gave some. */
export function errorText(error: SerializedApiError): string {
  if (error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined) {
    return t('error.rateLimitedFor', [Math.ceil(error.retryAfterSeconds)]);
  }
  // Each kind has a message named after it; those with a $1 show this detail.
  const detail =
    error.kind === 'validation'
      ? Object.values(error.fields ?? {}).join(' ') || error.message
      : error.kind === 'server'
        ? (error.status ?? '5xx')
        : error.message;
  return t(`error.${camel(error.kind)}`, [detail]);
}
