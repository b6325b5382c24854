// The weekly figures (op 27), fetched here and only here, and kept for every page that shows them.
import { readWeeklyStats } from '../api/reader';
import type { WeeklyStats } from '../api/schemas';
import { elapsedSince } from '../util/clock';
import { weeklyStale } from '../invitations/pace';
import { keyRejectedItem, sentLogItem, weeklyStatsItem, type WeeklyStatsSnapshot } from '../store/storage';
import type { Platform } from './platform';
import type { Service } from './service';

export interface WeeklyFigures {
  /** Asks the service now and keeps the answer. */
  fetch(): Promise<WeeklyStats>;
  /** The kept figures, fetched again first when older than `maxAgeMs`; the kept ones if that fails. */
  recent(maxAgeMs: number): Promise<WeeklyStatsSnapshot | null>;
  /**
   * With the poll: fetched again when 15 minutes old or when an invitation was marked sent since,
   * so the popup, the panel and the options page show the same number. Quiet on failure.
   */
  refreshIfStale(): Promise<void>;
}

export { WEEKLY_MAX_AGE_MS } from '../invitations/pace';

export function createWeeklyFigures(p: Pick<Platform, 'now'>, service: Service): WeeklyFigures {
  async function fetch(): Promise<WeeklyStats> {
    const stats = await service.read('weeklyStats', {}, readWeeklyStats);
    await weeklyStatsItem.setValue({ stats, fetchedAt: p.now() });
    return stats;
  }

  async function recent(maxAgeMs: number): Promise<WeeklyStatsSnapshot | null> {
    const kept = await weeklyStatsItem.getValue();
    if (kept && elapsedSince(kept.fetchedAt, p.now()) <= maxAgeMs) return kept;
    try {
      return { stats: await fetch(), fetchedAt: p.now() };
    } catch {
      // The pace then counts the extension's own log only.
      return kept;
    }
  }

  async function refreshIfStale(): Promise<void> {
    const [kept, log, rejected] = await Promise.all([weeklyStatsItem.getValue(), sentLogItem.getValue(), keyRejectedItem.getValue()]);
    if (rejected) return;
    if (!weeklyStale(kept, log, p.now())) return;
    if (!(await service.readAllowed())) return;
    await fetch().catch(() => undefined);
  }

  return { fetch, recent, refreshIfStale };
}
