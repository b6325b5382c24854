// The client's own request budget (spec 002's rules applied to the service's 100 requests per
// minute shared with the user's other integrations). Pure functions over persisted state.
import type { RateLimitedError } from '../api/errors';

export interface LimiterState {
  /** When requests were sent (epoch ms), those of the last minute. */
  sent: number[];
  /** Which of those were writes (for the status view). */
  writes?: number[];
  /** No request before this (a 429/403 limit, or backoff). */
  blockedUntil: number;
  /** null until the first write. */
  lastWriteAt: number | null;
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

/** Requests of the last minute (a timestamp in the future, after the clock went back, counts too). */
function recent(state: LimiterState, now: number): number[] {
  return state.sent.filter((t) => t > now - WINDOW_MS);
}

/** The earliest time the next request of this kind may go. */
export function nextAllowedAt(state: LimiterState, now: number, kind: 'read' | 'write', cfg: LimiterConfig): number {
  let at = Math.max(now, state.blockedUntil);
  const window = recent(state, now).sort((a, b) => a - b);
  if (window.length >= cfg.capPerMinute) {
    // The oldest request that must leave the window before another may enter it.
    const oldest = window[window.length - cfg.capPerMinute]!;
    at = Math.max(at, oldest + WINDOW_MS);
  }
  if (kind === 'write' && state.lastWriteAt !== null) at = Math.max(at, Math.min(state.lastWriteAt, now) + cfg.writeSpacingMs);
  return at;
}

export function recordRequest(state: LimiterState, now: number, kind: 'read' | 'write'): LimiterState {
  const writes = (state.writes ?? []).filter((t) => t > now - WINDOW_MS);
  return {
    sent: [...recent(state, now), now],
    writes: kind === 'write' ? [...writes, now] : writes,
    blockedUntil: state.blockedUntil,
    lastWriteAt: kind === 'write' ? now : state.lastWriteAt,
  };
}

/**
 * Exponential backoff from one minute: 1, 2, 4… minutes for attempts 1, 2, 3…, capped at an hour,
 * with jitter that only lengthens the wait (up to +20 %).
 */
export function backoffMs(attempt: number, random: () => number): number {
  const base = Math.min(MAX_BACKOFF_MS, MIN_LIMIT_WAIT_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

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
 * When a limit answer allows the next try (spec 002): retry-after when present; else, with
 * x-ratelimit-remaining at 0, the reset time; else at least a minute, longer on each attempt.
 */
export function limitWaitUntil(signal: LimitSignal, now: number, attempt: number, random: () => number): number {
  if (signal.retryAfterSeconds !== undefined) return now + signal.retryAfterSeconds * 1000;
  if (signal.remaining === 0 && signal.reset !== undefined && signal.reset * 1000 > now) return signal.reset * 1000;
  return now + backoffMs(attempt, random);
}
