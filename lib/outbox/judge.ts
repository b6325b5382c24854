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
  'rate-limited': 'limit',
  'agent-paused': 'agent',
  'agent-cancelled': 'dead',
  validation: 'dead',
  'not-found': 'dead',
  service: 'dead',
  // Refused before it was sent (a parameter out of bounds): no answer, but no use trying again.
  'invalid-request': 'dead',
};

const meaning = (error: unknown): Meaning => (error instanceof ApiError && MEANINGS[error.kind]) || 'service';

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
