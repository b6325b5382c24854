import { plainText } from '../../lib/api/error-body';
import type { ApiErrorKind, HandledFinding, SerializedApiError } from '../../lib/api/errors';
import { camel, t } from '../../lib/extension/i18n';
import { NOTE_MAX } from '../../lib/api/note-length';
import { clockText, momentText } from './time-text';

/** A clock time as the person's language writes it, to the minute ("10:42"). */
export const clock = (at: number) => clockText(at);

/**
 * The sentence a person sees for a failure: what happened and what they can do. The service's own
 * words appear only where they say what to change (a refused field, a short refusal in its words);
 * anything else, an HTML page above all, is for the details.
 */
export function errorText(error: SerializedApiError): string {
  switch (error.kind) {
    case 'rate-limited':
      // The extension's own pace (no status: nothing was sent) is never the service's asking.
      if (!error.status) return t('deskFlow.ownPace', [clock(Date.now() + (error.retryAfterSeconds ?? 0) * 1000)]);
      return error.retryAfterSeconds === undefined ? t('error.rateLimited') : t('error.rateLimitedFor', [Math.ceil(error.retryAfterSeconds)]);
    case 'permission':
      return error.origin ? t('error.permission', [error.origin]) : t('error.permissionAny');
    case 'invalid-request':
      return refusedRequest(error);
    case 'validation': {
      const words = plainText(Object.values(error.fields ?? {}).join(' '), 160) || error.said;
      return words ? t('error.validation', [words]) : t('error.validationAny');
    }
    case 'not-found':
      // A 404 names what was acted on (an email, a letter), from its operation; an invitation by default.
      return t(!error.about || error.about === 'invitation' ? 'error.notFound' : `error.notFound${error.about[0]!.toUpperCase()}${error.about.slice(1)}`);
    case 'service':
      return error.said ? t('error.service', [error.said]) : t(REFUSALS[error.status ?? 0] ?? 'error.serviceRefused');
    case 'handled-elsewhere':
      return error.found ? handledText(error.found) : t('error.handledElsewhere');
    default:
      return t(`error.${camel(error.kind satisfies PlainKind)}`);
  }
}

/**
 * What reading the invitation again found, in words: "Élodie Marchand was already marked sent, at
 * 10:31." (the time and the browser only when the service's record says them), or, listed neither
 * sent nor failed, only that it is no longer ready; marked so after the person's own mark (`after`):
 * "Élodie Marchand was marked sent after your mark, at 10:32."
 */
function handledText({ state, at, browser, person, after }: HandledFinding): string {
  if (state === 'gone') return person ? t('error.handled.gone', [person]) : t('error.handledElsewhere');
  const who = person ? t('error.handled.who', [person]) : t('error.handled.someone');
  const when = at === undefined ? Number.NaN : Date.parse(at);
  const today = !Number.isNaN(when) && new Date(when).toDateString() === new Date().toDateString();
  // Marked so after the person's own mark was taken (a race lost), or before it (refused).
  const key = `error.${after ? 'raced' : 'handled'}.${state}`;
  const sentence = Number.isNaN(when) ? t(key, [who]) : today ? t(`${key}At`, [who, clock(when)]) : t(`${key}On`, [who, momentText(when)]);
  return browser ? `${sentence} ${t('error.handled.from', [browser])}` : sentence;
}

/** A refusal without words of the service's own, by status. */
const REFUSALS: Record<number, string> = { 403: 'error.serviceForbidden', 409: 'error.serviceConflict' };

// A refused field's sentence: by field and problem, else by field, else by problem.
const REQUEST_SENTENCES: Record<string, string> = {
  message: 'error.request.noteTooLong',
  network_url: 'error.request.noProfile',
  profileUrl: 'error.request.noProfileUrl',
  apiKey: 'credentials.keyMissing',
  keyOrigin: 'trust.keyOtherServiceAny',
  shownProfile: 'trust.otherProfile',
  shownTab: 'trust.otherProfileHere',
  unsigned: 'trust.unsigned',
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

// Every other kind's sentence is its name in camel case ('agent-paused': error.agentPaused), a
// table fewer in the in-page panel's bundle: test/components/shared/error-text.test.ts lists
// every kind (it does not compile without a new one) and checks each has a sentence of its own.
type PlainKind = Exclude<ApiErrorKind, 'rate-limited' | 'permission' | 'invalid-request' | 'validation' | 'service' | 'not-found' | 'handled-elsewhere'>;

/** What a developer or support needs, shown behind "Details": the kind, the HTTP status, the raw message. */
export function technicalText(error: SerializedApiError): string {
  const text = plainText(error.message, 400);
  return `${error.kind}${error.status ? ` (HTTP ${error.status})` : ''}${text ? `: ${text}` : ''}`;
}
