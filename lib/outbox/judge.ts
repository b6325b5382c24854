// What an answer to a write means for it. Only the service's own refusals send a write to the
// refused list; a limit, an outage or a paused agent make it wait, never count against it.
import { ApiError, BudgetWaitError, RateLimitedError, serializeError, ValidationError, type SerializedApiError } from '../api/errors';
import { limitSignal, type LimitSignal } from './limiter';

/**
 * Why a write waits: the service (unreachable, 5xx, unreadable answer), a limit answer, its paused
 * agent, the extension's setup (no key, no permission), or a read-back of a refusal (`check`).
 */
export type WaitReason = 'service' | 'limit' | 'agent' | 'setup' | 'check';

export type Verdict =
  | { kind: 'delivered' }
  | { kind: 'dead'; error: SerializedApiError }
  | { kind: 'pause' }
  | { kind: 'wait'; for: WaitReason; error: SerializedApiError; signal?: LimitSignal };

const WAITS: Partial<Record<string, WaitReason>> = {
  'rate-limited': 'limit',
  network: 'service',
  timeout: 'service',
  server: 'service',
  'invalid-response': 'service',
  'not-configured': 'setup',
  permission: 'setup',
};

/** Whether a failure is the service's answer (it is reachable), as opposed to an outage, a limit or a local failure. */
export const isAnswer = (error: unknown): boolean => error instanceof ApiError && !WAITS[error.kind] && error.kind !== 'invalid-request';

/** A refusal that a lost first try of the same mark explains: 409, or 422 on the action's status. */
const refusesState = (error: ApiError): boolean =>
  error.status === 409 || (error instanceof ValidationError && (error.invalidFields.includes('status') || 'status' in error.validationErrors));

export function judge(entry: { op: string; uncertain: boolean }, error: unknown): Verdict {
  const serialized = serializeError(error);
  if (!(error instanceof ApiError)) return { kind: 'wait', for: 'service', error: serialized };
  if (error.kind === 'unauthorized') return { kind: 'pause' };
  const wait = WAITS[error.kind] ?? (error.kind === 'agent-paused' && entry.op !== 'updateMessage' ? 'agent' : undefined);
  if (wait) return { kind: 'wait', for: wait, error: serialized, ...(error instanceof RateLimitedError && !(error instanceof BudgetWaitError) ? { signal: limitSignal(error) } : {}) };
  // The service may already hold what was meant: read it back before calling this a refusal.
  if (entry.uncertain && entry.op !== 'updateMessage' && refusesState(error)) return { kind: 'wait', for: 'check', error: serialized };
  return { kind: 'dead', error: serialized };
}
