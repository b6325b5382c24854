import type { ApiErrorKind, SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/i18n';
import { NOTE_MAX } from '../../lib/note-length';

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
  if (error.kind === 'invalid-request') return refusedRequest(error);
  // Those with a $1 show this detail.
  const detail = error.kind === 'validation' ? Object.values(error.fields ?? {}).join(' ') || error.message : error.message;
  return t(SENTENCES[error.kind], [plain(detail)]);
}

// A refused field's sentence: by field and problem, else by field, else by problem.
const REQUEST_SENTENCES: Record<string, string> = {
  message: 'error.request.noteTooLong',
  network_url: 'error.request.noProfile',
  profileUrl: 'error.request.noProfileUrl',
  apiKey: 'credentials.keyMissing',
  'content:empty': 'error.request.replyEmpty',
  'value:malformed': 'error.request.blocklistValue',
  'too-long': 'error.request.tooLong',
  empty: 'error.request.empty',
  malformed: 'error.request.malformed',
};
const URL_PROBLEMS = ['empty', 'malformed', 'notHttps', 'credentials'];

/** A request refused before it was sent, in words: the check's own text stays for the details. */
function refusedRequest({ request, message }: SerializedApiError): string {
  if (!request) return t('error.invalidRequest');
  const { field, problem, limit } = request;
  // The settings name the address's problem in the message (a ServiceUrlProblem).
  if (field === 'baseUrl') return t(`credentials.urlProblem.${URL_PROBLEMS.includes(message) ? message : 'malformed'}`);
  const key = REQUEST_SENTENCES[`${field}:${problem}`] ?? REQUEST_SENTENCES[field] ?? REQUEST_SENTENCES[problem]!;
  return t(key, [limit ?? NOTE_MAX]);
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
