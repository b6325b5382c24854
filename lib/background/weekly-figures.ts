// The weekly figures (op 27), fetched here and only here, and kept for every page that shows them.
import { readWeeklyStats } from '../api/reader';
import type { WeeklyStats } from '../api/schemas';
import { weeklyStatsItem, type WeeklyStatsSnapshot } from '../storage';
import type { Platform } from './platform';
import type { Service } from './service';

export interface WeeklyFigures {
  /** Asks the service now and keeps the answer. */
  fetch(): Promise<WeeklyStats>;
  /** The kept figures, fetched again first when older than `maxAgeMs`; the kept ones if that fails. */
  recent(maxAgeMs: number): Promise<WeeklyStatsSnapshot | null>;
}

export function createWeeklyFigures(p: Pick<Platform, 'now'>, service: Service): WeeklyFigures {
  async function fetch(): Promise<WeeklyStats> {
    const stats = await service.read('weeklyStats', {}, readWeeklyStats);
    await weeklyStatsItem.setValue({ stats, fetchedAt: p.now() });
    return stats;
  }

  async function recent(maxAgeMs: number): Promise<WeeklyStatsSnapshot | null> {
    const kept = await weeklyStatsItem.getValue();
    if (kept && p.now() - kept.fetchedAt <= maxAgeMs) return kept;
    try {
      return { stats: await fetch(), fetchedAt: p.now() };
    } catch {
      // The pace then counts the extension's own log only.
      return kept;
    }
  }

  return { fetch, recent };
}
