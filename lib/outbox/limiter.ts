// The client's own request budget (spec 002's rules applied to the service's 100 requests per
// minute shared with the user's other integrations). Pure functions over persisted state; the
// outbox moves its times back when the clock goes back (core.ts, `shift`).
import type { RateLimitedError } from '../api/errors';

export interface LimiterState {
  /** When requests were sent (epoch ms), those of the last minute. */
  sent: number[];
  /** Which of those were writes (for the status view). */
  writes?: number[];
  /** No request before this (a 429/403 limit). */
  blockedUntil: number;
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
/**
 * What a request is for: a read of the invitations, a write, or a read of the options page's
 * views, which leaves a third of the minute to the first two (issue 12: views never starve them).
 */
export type RequestKind = 'read' | 'write' | 'view';
/** The most of the minute's requests there may be for a view's read to go. */
const viewCap = (cap: number): number => Math.max(1, cap - Math.ceil(cap / 3));
/**
 * A request is counted when it is let go, but the service counts it when it arrives, a few to a
 * few hundred milliseconds later (storage, the key's decryption, the network): a slot frees this
 * much after its minute, so two requests a minute apart here are never seen closer there.
 */
const ARRIVAL_MARGIN_MS = 500;
const MIN_LIMIT_WAIT_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/**
 * A deliberate deviation from spec 002 ("never before x-ratelimit-reset"): a reset further ahead
 * than this is waited for this long only. The service's limit is per minute (spec 000: 100 a
 * minute), and spec 002's longest window is an hour, so a reset beyond an hour is no window of
 * theirs: a clock disagreement or a bad header. Waited in full it would stop every request of the
 * extension (polls, writes, verification) for as long as it says, days perhaps; after an hour the
 * next try asks again, and a service still limiting answers so again (one request an hour).
 */
export const MAX_RESET_AHEAD_MS = 60 * 60_000;

/**
 * Requests that may still count at the service: those of the last minute and its arrival margin.
 * Kept half a second past the minute, or a request asked for 60.0 to 60.5 s after the oldest of a
 * full minute would find that one gone and go at once, inside the margin.
 */
function recent(state: LimiterState, now: number): number[] {
  return state.sent.filter((t) => t > now - WINDOW_MS - ARRIVAL_MARGIN_MS);
}

/** The earliest time the next request of this kind may go. */
export function nextAllowedAt(state: LimiterState, now: number, kind: RequestKind, cfg: LimiterConfig): number {
  let at = Math.max(now, state.blockedUntil);
  const window = recent(state, now).sort((a, b) => a - b);
  const cap = kind === 'view' ? viewCap(cfg.capPerMinute) : cfg.capPerMinute;
  // The oldest request that must leave the window before another may enter it.
  if (window.length >= cap) at = Math.max(at, window[window.length - cap]! + WINDOW_MS + ARRIVAL_MARGIN_MS);
  if (kind === 'write' && state.lastWriteAt !== null) at = Math.max(at, state.lastWriteAt + cfg.writeSpacingMs);
  return at;
}

export function recordRequest(state: LimiterState, now: number, kind: RequestKind): LimiterState {
  const writes = (state.writes ?? []).filter((t) => t > now - WINDOW_MS);
  return {
    ...state,
    sent: [...recent(state, now), now],
    writes: kind === 'write' ? [...writes, now] : writes,
    lastWriteAt: kind === 'write' ? now : state.lastWriteAt,
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
 * minute, longer on each limit answer in a row. A reset more than MAX_RESET_AHEAD_MS ahead is
 * waited that long (see there why).
 */
export function limitWaitUntil(signal: LimitSignal, now: number, streak: number, random: () => number): number {
  const after = signal.retryAfterSeconds === undefined ? undefined : now + signal.retryAfterSeconds * 1000;
  if (signal.remaining === 0 && signal.reset !== undefined && signal.reset * 1000 > now)
    return Math.max(Math.min(signal.reset * 1000, now + MAX_RESET_AHEAD_MS), after ?? 0);
  return after ?? now + backoffMs(streak, random);
}

/** A limit answer: nothing goes before the time it allows. */
export function noteLimit(state: LimiterState, signal: LimitSignal, now: number, random: () => number): LimiterState {
  const limitStreak = (state.limitStreak ?? 0) + 1;
  return { ...state, limitStreak, blockedUntil: Math.max(state.blockedUntil, limitWaitUntil(signal, now, limitStreak, random)) };
}
