import type { WeeklyStatsSnapshot } from './storage';

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
