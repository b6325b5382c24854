import { notAhead } from '../util/clock';

/** Spec 001: verification is itself rate limited, 75 requests per 15-minute window. */
export const VERIFY_LIMIT = 75;
export const VERIFY_WINDOW_MS = 15 * 60_000;

/**
 * Seconds until another verification may be made, or 0 when one may be made now. One stored ahead
 * of the clock (it went back) counts as made now: the wait is never longer than the window.
 */
export function verificationWait(at: number[], now: number): number {
  const recent = at
    .map((t) => notAhead(t, now))
    .filter((t) => t > now - VERIFY_WINDOW_MS)
    .sort((a, b) => a - b);
  if (recent.length < VERIFY_LIMIT) return 0;
  return Math.ceil((recent[recent.length - VERIFY_LIMIT]! + VERIFY_WINDOW_MS - now) / 1000);
}
