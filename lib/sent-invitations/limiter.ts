// At most a few withdrawals a minute (a setting, 5 by default): each one is a person's click, and a
// burst of withdrawals is what the network reads as a tool at work. Pure: the background keeps the
// times in session storage (lib/store/storage.ts, withdrawalsItem), so a worker restart keeps the count.

export const WITHDRAW_WINDOW_MS = 60_000;

export type Taken = { ok: true; times: number[] } | { ok: false; until: number };

/**
 * One more withdrawal now, when fewer than `perMinute` were started in the last minute (`times`);
 * else when the next may start. A time ahead of the clock (it went back) counts as now: the limit
 * then holds a minute at most, never as long as the clock went back.
 */
export function takeWithdrawal(times: readonly number[], now: number, perMinute: number): Taken {
  const recent = times.map((t) => Math.min(t, now)).filter((t) => now - t < WITHDRAW_WINDOW_MS);
  if (recent.length < perMinute) return { ok: true, times: [...recent, now] };
  const sorted = [...recent].sort((a, b) => a - b);
  return { ok: false, until: sorted[sorted.length - perMinute]! + WITHDRAW_WINDOW_MS };
}
