// The 60-minute grace period after validating or rejecting a contact email or a letter (spec 000,
// Limits): until then the opposite decision is still possible; after it the decision is final.

export const GRACE_MS = 60 * 60_000;

export type Grace =
  /** The opposite decision is still possible for `minutesLeft` minutes (rounded up, at least 1). */
  { final: false; minutesLeft: number; msLeft: number; endsAt: number } | { final: true };

function time(t: number | string | Date): number {
  return t instanceof Date ? t.getTime() : typeof t === 'string' ? Date.parse(t) : t;
}

/**
 * Where a decision made at `decidedAt` stands at `now`. A decision time that cannot be read gives
 * "final": the extension never offers an undo it cannot vouch for. A decision time ahead of `now`
 * (clocks apart) counts as made now.
 */
export function graceOf(decidedAt: number | string | Date, now: number | Date): Grace {
  const at = time(decidedAt);
  const current = time(now);
  if (!Number.isFinite(at) || !Number.isFinite(current)) return { final: true };
  const endsAt = Math.min(at, current) + GRACE_MS;
  const msLeft = endsAt - current;
  if (msLeft <= 0) return { final: true };
  return { final: false, minutesLeft: Math.ceil(msLeft / 60_000), msLeft, endsAt };
}
