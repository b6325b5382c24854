// The request budget and the outage's wait as the outbox stores them (state.ts), as pure functions:
// a request spent or refused, a limit answer noted, the service's answer ending an outage, an
// outage growing with each try it swallows, and the probe's bookkeeping (probe.ts). The budget's
// own arithmetic is limiter.ts's; the queue's transitions are core.ts's.
import { serviceLimit, type Meaning } from './judge';
import { limitSignal, nextAllowedAt, noteLimit, recordRequest, type LimiterConfig, type LimitSignal, type RequestKind } from './limiter';
import { openedProbe, outageWaitMs } from './probe';
import type { OutboxState } from './state';

/** What a limit answer said when the service gave it; undefined for any other failure, and for the extension's own budget (status 0: nothing sent). */
export const announcedLimit = (failure: unknown): LimitSignal | undefined => (serviceLimit(failure) ? limitSignal(failure) : undefined);

/**
 * Spends one request of the budget now if it allows one (`at` undefined), else says the time it
 * will; `spend: false` only asks. Not spaced: a read, or a fallback try of a write under way.
 */
export function take(s: OutboxState, now: number, kind: RequestKind, cfg: LimiterConfig, spend: boolean): { state: OutboxState; at?: number } {
  const at = nextAllowedAt(s.limiter, now, kind === 'view' ? 'view' : 'read', cfg);
  if (at > now) return { state: s, at };
  return { state: spend ? { ...s, limiter: recordRequest(s.limiter, now, kind) } : s };
}

/** A limit answer: nothing goes before the time it allows. */
export const noteLimited = (s: OutboxState, signal: LimitSignal, now: number, random: () => number): OutboxState => ({
  ...s,
  limiter: noteLimit(s.limiter, signal, now, random),
});

/** The service answered: the outage is over, and so is a streak of limit answers. */
export function answered(s: OutboxState): OutboxState {
  return s.outage || s.limiter.limitStreak ? { ...s, outage: undefined, limiter: { ...s.limiter, limitStreak: 0 } } : s;
}

/** A write found the service away: one failure more, and the queue's next try further off. */
export function outageGrown(s: OutboxState, now: number, random: () => number): OutboxState {
  const failures = (s.outage?.failures ?? 0) + 1;
  return { ...s, outage: { failures, until: now + outageWaitMs(failures, random) } };
}

/** A person opened a page: during an outage the probe is due at once (probe.ts), within the budget. */
export function opened(s: OutboxState, now: number): OutboxState {
  const outage = openedProbe(s.outage, now);
  return outage === s.outage ? s : { ...s, outage };
}

/**
 * The probe failed (`m`, what its failure means; `signal`, a limit the service announced): it is no
 * longer out; a 401 pauses, a limit answer holds every request, any other answer of the service
 * ends the outage, and no answer leaves it as the probe's start planned it.
 */
export function probeFailed(s: OutboxState, m: Meaning, signal: LimitSignal | undefined, now: number, random: () => number): OutboxState {
  if (s.outage?.probing) s = { ...s, outage: { ...s.outage, probing: false } };
  if (m === 'pause') return { ...s, pausedForKey: true };
  if (signal) return noteLimited(s, signal, now, random);
  return m === 'service' || m === 'limit' ? s : answered(s);
}
