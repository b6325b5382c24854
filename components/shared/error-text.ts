import type { ApiErrorKind, SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/i18n';

/** Text safe to show from an answer that may be an HTML page: tags dropped, spaces folded, cut short. */
function plain(text: string, max = 160): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The sentence a person sees for a failure: what happened and what they can do. The service's own
 * words appear only where they say what to change (a refused field, a refusal in its words).
 */
export function errorText(error: SerializedApiError): string {
  if (error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined) {
    return t('error.rateLimitedFor', [Math.ceil(error.retryAfterSeconds)]);
  }
  if (error.kind === 'permission') return error.origin ? t('error.permission', [error.origin]) : t('error.permissionAny');
  // Those with a $1 show this detail.
  const detail = error.kind === 'validation' ? Object.values(error.fields ?? {}).join(' ') || error.message : error.message;
  return t(SENTENCES[error.kind], [plain(detail)]);
}

// Every kind has its sentence: a new kind without one does not compile.
const SENTENCES: Record<ApiErrorKind, string> = {
  unauthorized: 'error.unauthorized',
  'agent-paused': 'error.agentPaused',
  'agent-cancelled': 'error.agentCancelled',
  validation: 'error.validation',
  'rate-limited': 'error.rateLimited',
  'not-found': 'error.notFound',
  server: 'error.server',
  network: 'error.network',
  timeout: 'error.timeout',
  'invalid-response': 'error.invalidResponse',
  'invalid-request': 'error.invalidRequest',
  service: 'error.service',
  'not-configured': 'error.notConfigured',
  permission: 'error.permission',
  vault: 'error.vault',
  'no-answer': 'error.noAnswer',
  internal: 'error.internal',
};

/** What a developer or support needs, shown behind "Details": the kind, the HTTP status, the raw message. */
export function technicalText(error: SerializedApiError): string {
  return `${error.kind}${error.status ? ` (HTTP ${error.status})` : ''}: ${plain(error.message, 400)}`;
}
