// The client's own request budget (spec 002's rules applied to the service's 100 requests per
// minute shared with the user's other integrations). Pure functions over persisted state.
// Every deadline is kept with the time it was set: a clock set back shortens nothing, and a
// deadline further ahead than its own length is recomputed from now.
import type { RateLimitedError } from '../api/errors';

export interface LimiterState {
  /** When requests were sent (epoch ms), those of the last minute. */
  sent: number[];
  /** Which of those were writes (for the status view). */
  writes?: number[];
  /** No request before this (a 429/403 limit). */
  blockedUntil: number;
  /** When blockedUntil was set. */
  blockedSince?: number | undefined;
  /** null until the first write. */
  lastWriteAt: number | null;
  /** Limit answers in a row, for spec 002's growing wait; any other answer ends the streak. */
  limitStreak?: number | undefined;
}

export interface LimiterConfig {
  capPerMinute: number;
  writeSpacingMs: number;
}

export const DEFAULT_LIMITER: LimiterConfig = { capPerMinute: 30, writeSpacingMs: 1000 };
export const EMPTY_LIMITER: LimiterState = { sent: [], blockedUntil: 0, lastWriteAt: null };
export const WINDOW_MS = 60_000;
export const MIN_LIMIT_WAIT_MS = 60_000;
export const MAX_BACKOFF_MS = 60 * 60_000;

/** A deadline set at `since`, seen at `now`: after the clock went back, as long from now as it was. */
export const deadline = (at: number, since: number | undefined, now: number): number => (since !== undefined && since > now ? now + at - since : at);

/**
 * The state as seen at `now`: requests of the last minute, those stamped in the future (the
 * clock went back) counted as made now, the block recomputed. The same object when nothing moved.
 */
export function normalize(state: LimiterState, now: number): LimiterState {
  const clamp = (ts: number[] = []) => ts.filter((t) => t > now - WINDOW_MS).map((t) => Math.min(t, now));
  const sent = clamp(state.sent);
  const writes = clamp(state.writes);
  const blockedUntil = deadline(state.blockedUntil, state.blockedSince, now);
  const lastWriteAt = state.lastWriteAt === null ? null : Math.min(state.lastWriteAt, now);
  const same = sent.join() === state.sent.join() && writes.join() === (state.writes ?? []).join() && blockedUntil === state.blockedUntil && lastWriteAt === state.lastWriteAt;
  return same ? state : { ...state, sent, writes, blockedUntil, blockedSince: Math.min(state.blockedSince ?? now, now), lastWriteAt };
}

/**
 * The earliest time the next request of this kind may go. Writes are spaced; a fallback try
 * of a request already under way (405, 404) is not, but counts in the minute.
 */
export function nextAllowedAt(state: LimiterState, now: number, kind: 'read' | 'write', cfg: LimiterConfig, spaced = kind === 'write'): number {
  const s = normalize(state, now);
  let at = Math.max(now, s.blockedUntil);
  const window = [...s.sent].sort((a, b) => a - b);
  // The oldest request that must leave the window before another may enter it.
  if (window.length >= cfg.capPerMinute) at = Math.max(at, window[window.length - cfg.capPerMinute]! + WINDOW_MS);
  if (spaced && s.lastWriteAt !== null) at = Math.max(at, s.lastWriteAt + cfg.writeSpacingMs);
  return at;
}

export function recordRequest(state: LimiterState, now: number, kind: 'read' | 'write'): LimiterState {
  const s = normalize(state, now);
  return {
    ...s,
    sent: [...s.sent, now],
    writes: kind === 'write' ? [...(s.writes ?? []), now] : s.writes ?? [],
    lastWriteAt: kind === 'write' ? now : s.lastWriteAt,
  };
}

/**
 * Exponential backoff from one minute: 1, 2, 4… minutes for attempts 1, 2, 3…, capped at an hour,
 * with jitter that only lengthens the wait (up to +20 %).
 */
export function backoffMs(attempt: number, random: () => number, first = MIN_LIMIT_WAIT_MS, max = MAX_BACKOFF_MS): number {
  return Math.round(Math.min(max, first * 2 ** Math.max(0, attempt - 1)) * (1 + 0.2 * random()));
}

/**
 * How often the outbox tries again while the service cannot be reached or fails (5 s, 10 s, then
 * every 20 s): a few requests a minute at most, so that writes leave within seconds of its return.
 */
export const outageBackoffMs = (failures: number, random: () => number): number => backoffMs(failures, random, 5_000, 20_000);

export interface LimitSignal {
  retryAfterSeconds?: number | undefined;
  remaining?: number | undefined;
  /** UTC epoch seconds. */
  reset?: number | undefined;
}

/** What a limit answer said, as the limiter reads it. */
export const limitSignal = (error: RateLimitedError): LimitSignal => ({
  retryAfterSeconds: error.retryAfterSeconds,
  remaining: error.rateLimit?.remaining,
  reset: error.rateLimit?.reset,
});

/**
 * When a limit answer allows the next try (spec 002, Errors): with x-ratelimit-remaining at 0,
 * never before x-ratelimit-reset, whatever retry-after says; else retry-after; else at least a
 * minute, longer on each limit answer in a row. A reset more than an hour ahead is taken for a
 * clock disagreement and waited an hour.
 */
export function limitWaitUntil(signal: LimitSignal, now: number, streak: number, random: () => number): number {
  const after = signal.retryAfterSeconds === undefined ? undefined : now + signal.retryAfterSeconds * 1000;
  if (signal.remaining === 0 && signal.reset !== undefined && signal.reset * 1000 > now) return Math.max(Math.min(signal.reset * 1000, now + MAX_BACKOFF_MS), after ?? 0);
  return after ?? now + backoffMs(streak, random);
}

/** A limit answer: nothing goes before the time it allows. */
export function noteLimit(state: LimiterState, signal: LimitSignal, now: number, random: () => number): LimiterState {
  const s = normalize(state, now);
  const limitStreak = (s.limitStreak ?? 0) + 1;
  const until = limitWaitUntil(signal, now, limitStreak, random);
  return until > s.blockedUntil ? { ...s, limitStreak, blockedUntil: until, blockedSince: now } : { ...s, limitStreak };
}
