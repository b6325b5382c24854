// Times the background stores (a key rejected, figures fetched, verifications made) are read
// against a clock that may have gone back since they were stored (set back by hand, a drift
// corrected). Nothing may then wait for as long as the clock went back: the outbox moves its own
// times back (outbox/core.ts, `shift`); every other stored time is read through these.

/**
 * How long ago a stored time was. One ahead of the clock was stored before the clock went back,
 * by an unknown amount: it counts as long past, so what waits on it is done now (and its time
 * stored again by the clock as it reads now) rather than stalled for hours.
 */
export const elapsedSince = (t: number, now: number): number => (t > now ? Number.POSITIVE_INFINITY : now - t);

/** A stored time as the clock reads now: one ahead of it (the clock went back) is taken as now. */
export const notAhead = (t: number, now: number): number => Math.min(t, now);
