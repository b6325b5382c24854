import { elapsedSince } from '../util/clock';
import type { WeeklyStatsSnapshot } from '../store/storage';

const WARN_RATIO = 0.8;
const WEEK_MS = 7 * 24 * 3_600_000;

export interface Pace {
  sent: number;
  cap: number;
  level: 'ok' | 'warn' | 'over';
  /** Whether the service's own weekly figure is in `sent`: without it only this browser's sends are. */
  known: boolean;
}

/**
 * Invitations sent in the last 7 days: the service's weekly figure when it was fetched,
 * plus the extension's own sends recorded since then (the service counts earlier ones).
 */
export function paceOf(stats: WeeklyStatsSnapshot | null, sentLog: number[], now: number, cap: number): Pace {
  const fresh = stats && now - stats.fetchedAt < WEEK_MS ? stats : null;
  const since = fresh ? fresh.fetchedAt : now - WEEK_MS;
  const base = fresh?.stats.total;
  const sent = (base ?? 0) + sentLog.filter((t) => t > since && t <= now).length;
  const level = sent >= cap ? 'over' : sent >= cap * WARN_RATIO ? 'warn' : 'ok';
  return { sent, cap, level, known: base !== undefined };
}

/** The log kept to the last 7 days. */
export function pruneLog(log: number[], now: number): number[] {
  return log.filter((t) => now - t < WEEK_MS);
}

/** The weekly figure kept is read again when this old (or after a mark sent since). */
export const WEEKLY_MAX_AGE_MS = 15 * 60_000;

/**
 * Whether the weekly figure kept is due to be read again: never read, older than its refresh
 * period (a clock gone back counts as old), or older than an invitation marked sent since. The
 * background's refresh and the popup's opening use this same rule.
 */
export function weeklyStale(kept: WeeklyStatsSnapshot | null, sentLog: number[], now: number): boolean {
  return !kept || elapsedSince(kept.fetchedAt, now) >= WEEKLY_MAX_AGE_MS || sentLog.some((t) => t > kept.fetchedAt);
}
