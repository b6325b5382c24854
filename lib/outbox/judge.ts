// What an answer to a write means for it. Only the service's own refusals send a write to the
// refused list; a limit, an outage or a paused agent make it wait, never count against it.
import { ApiError, RateLimitedError, ValidationError } from '../api/errors';

/**
 * Why a write waits: the service (unreachable, 5xx, unreadable answer, or nothing to reach it
 * with yet: no key, no permission), a limit answer, or its paused agent.
 */
export type WaitReason = 'service' | 'limit' | 'agent';

/**
 * What a failure means: a wait, `pause` (401: nothing goes until the key changes), `dead` (a
 * refusal), or `check` (refused in a way a lost first try explains: read back before believing it).
 */
export type Meaning = WaitReason | 'pause' | 'dead' | 'check';

/** The service's answers (401 is handled apart); anything else is an outage. */
const MEANINGS: Partial<Record<string, Meaning>> = {
  unauthorized: 'pause',
  // 429, or a 403 that means a limit (spec 002): the client reads those as this kind, never a refusal.
  'rate-limited': 'limit',
  'agent-paused': 'agent',
  'agent-cancelled': 'dead',
  validation: 'dead',
  'not-found': 'dead',
  service: 'dead',
  // Refused before it was sent (a parameter out of bounds): no answer, but no use trying again.
  'invalid-request': 'dead',
  // Not sent: the service's note changed since the editor opened (the person chooses).
  'note-changed': 'dead',
  // Not sent: the email or letter changed since the person saw it (shown again for review).
  'seen-changed': 'dead',
};

/**
 * The one list of the statuses that refuse a write for good: the service read the write and said
 * no, and it would say no again however often it were sent. 400 and a 403 that is neither a limit
 * nor a paused agent are refusals too (a malformed request, a write the key may not make): retrying
 * changes nothing, and a write kept trying would hide the refusal from the person. A 2xx whose
 * success indicator is false is the service's own no. 408 and 425 ask to try later, 5xx is an outage.
 */
const REFUSED_STATUSES: ReadonlySet<number> = new Set([400, 403, 404, 405, 409, 410, 411, 413, 414, 415, 422]);

const refusedStatus = (status: number | undefined): boolean => status !== undefined && ((status >= 200 && status < 300) || REFUSED_STATUSES.has(status));

function meaning(error: unknown): Meaning {
  const m = (error instanceof ApiError && MEANINGS[error.kind]) || 'service';
  if (m !== 'dead' || (error as ApiError).kind === 'invalid-request' || ['note-changed', 'seen-changed'].includes((error as ApiError).kind)) return m;
  // A refusal by kind is one only with a refusal's status (another 4xx or a 3xx is an outage).
  return refusedStatus((error as ApiError).status) ? 'dead' : 'service';
}

/** Whether a failure is the service's own answer: it is reachable, whatever it said. */
export const isAnswer = (error: unknown): boolean => !['service', 'limit'].includes(meaning(error)) && (error as ApiError).status! > 0;

/** A limit the service announced, rather than the extension's own budget (status 0: nothing sent). */
export const serviceLimit = (error: unknown): error is RateLimitedError => error instanceof RateLimitedError && !!error.status;

export function judge(entry: { op: string; uncertain: boolean }, error: unknown): Meaning {
  const m = meaning(error);
  // Only an invitation's mark waits for its paused agent or is read back: a note, or a write of
  // the views, is refused with the agent's state shown on its item (kept for Retry).
  const mark = entry.op === 'markSent' || entry.op === 'markFailed';
  if (m === 'agent' && !mark) return 'dead';
  if (m !== 'dead' || !entry.uncertain || !mark) return m;
  // 409, or 422 on the action's status: the service may already hold what a lost first try meant.
  const status =
    (error as ApiError).status === 409 || (error instanceof ValidationError && (error.invalidFields.includes('status') || 'status' in error.validationErrors));
  return status ? 'check' : m;
}

/** A refusal's words that say the invitation is not ready any more ("Only actions in ready…", "already marked"). */
const NOT_READY_WORDS =
  /\bnot (?:be |yet )?ready\b|no longer ready|only (?:actions )?(?:in )?(?:pending or )?ready|pending or ready|already (?:been )?(?:marked|sent|failed|handled)/i;

/**
 * Whether the service refused an invitation's mark or note because the invitation is no longer ready
 * (another browser, or someone else, handled it): a 409, a 422 on its status, or a 400 whose words say
 * so. The extension then reads the invitation again rather than offer a Retry that cannot succeed.
 */
export function saysNotReady(
  entry: { op: string },
  error: {
    kind: string;
    status?: number | undefined;
    message: string;
    said?: string | undefined;
    invalidFields?: string[] | undefined;
    fields?: Record<string, string> | undefined;
  },
): boolean {
  if (entry.op !== 'markSent' && entry.op !== 'markFailed' && entry.op !== 'updateMessage') return false;
  if (error.kind === 'agent-cancelled' || error.kind === 'agent-paused' || error.kind === 'not-found') return false;
  if (error.status === 409) return true;
  if (error.status === 422) return !!error.invalidFields?.includes('status') || 'status' in (error.fields ?? {});
  return error.status === 400 && NOT_READY_WORDS.test(`${error.said ?? ''} ${error.message}`);
}
