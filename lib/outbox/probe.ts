// Noticing that the service is back (issue 24). During an outage (no answer, 5xx) the queued
// writes are not tried again one by one: one cheap read (the probe) asks whether the service
// answers, at most every PROBE_PERIOD_MS, inside the request budget and never inside a wait the
// service asked for; the writes go as soon as it answers. A person opening the popup, the options
// page or a profile with a panel asks at once (`opened`), at most once in OPENED_MIN_MS.
import { outageBackoffMs } from './limiter';

/** The longest wait between two tries during an outage: a return lasting this long is noticed. */
export const PROBE_PERIOD_MS = 20_000;

/**
 * Pages opened together (the popup and a panel) ask once: an open probes only when no probe went
 * in this long.
 */
export const OPENED_MIN_MS = 5_000;

/**
 * The wait after the n-th try that found the service away: 5 s, 10 s, then 20 s. The limiter's
 * jitter (which only lengthens) is kept for the first two and capped at the probe period, so that
 * a return lasting a probe period always holds a try.
 */
export const outageWaitMs = (failures: number, random: () => number): number => Math.min(PROBE_PERIOD_MS, outageBackoffMs(failures, random));

/** Writes failing for want of the service: one wait for the queue, ended by any answer. */
export interface Outage {
  failures: number;
  /** The next try (a probe when the outbox has one), not before this time. */
  until: number;
  /** When the last probe went (stored before it went). */
  probedAt?: number | undefined;
  /**
   * A probe went and its outcome is not stored yet. Seen by a delivery (one at a time per worker),
   * it is a probe whose worker stopped: whether it reached the service is unknown, so it is made
   * again OPENED_MIN_MS after it went rather than a whole period later.
   */
  probing?: boolean | undefined;
}

/** When the next probe is due. */
export const probeDueAt = (outage: Outage): number => (outage.probing ? Math.min(outage.until, (outage.probedAt ?? 0) + OPENED_MIN_MS) : outage.until);

/** A person opened a page: the next probe is due now, unless one went in the last OPENED_MIN_MS. */
export function openedProbe(outage: Outage | undefined, now: number): Outage | undefined {
  if (!outage || probeDueAt(outage) <= now || now - (outage.probedAt ?? Number.NEGATIVE_INFINITY) < OPENED_MIN_MS) return outage;
  return { ...outage, until: now };
}

/** The outage as stored when a probe goes: counted, and the next one a period (or less) away. */
export function probeSent(outage: Outage, now: number, random: () => number): Outage {
  const failures = outage.failures + 1;
  return { failures, until: now + outageWaitMs(failures, random), probedAt: now, probing: true };
}
