// The invitations of the last 7 days against the weekly cap, beside the 7 days before, and the
// failed ones, for the options page's Overview and Invitations view. The service's statistics cover
// only the last 7 days (spec op 27): the 7 days before come from its figures when it gives them,
// else from this browser's own record of sent invitations, and the failed ones are said unknown
// when its figures do not count them. Pure.
import type { WeeklyStatsSnapshot } from '../store/storage';
import type { SentInvitation } from '../store/shapes';
import { paceOf, type Pace } from '../invitations/pace';
import { DAY_MS } from './record';

export interface WeekFigures {
  /** Sent in the last 7 days (the service's figure when known, see Pace.known), against the cap. */
  pace: Pace;
  /** Sent in the 7 days before the last 7. */
  before: number;
  beforeFromService: boolean;
  /** Failed in the last 7 days: undefined when the service's figures do not count them. */
  failed: number | undefined;
}

const folded = (key: string) => key.toLowerCase().replace(/[^a-z0-9]+/g, '_');
/** `failed`, `failed_count`, `invitations_failed`: a count of failures, not a rate. */
const FAILED = /(^|_)fail(ed|ures?)?(_|$)/;
const RATE = /(^|_)(rate|ratio|percent|percentage|pct)$/;
/** `previous_week`, `previous_period_sent`, `prior_week_total`: the 7 days before. */
const BEFORE = /^(previous|prior|last)_(week|period)(_(sent|total|count))?$/;

function figure(stats: WeeklyStatsSnapshot | null, pattern: RegExp): number | undefined {
  const found = Object.entries(stats?.stats.figures ?? {}).find(([k, v]) => pattern.test(folded(k)) && !RATE.test(folded(k)) && Number.isFinite(v) && v >= 0);
  return found?.[1];
}

export function weekFigures(stats: WeeklyStatsSnapshot | null, sentLog: number[], record: readonly SentInvitation[], now: number, cap: number): WeekFigures {
  const served = figure(stats, BEFORE);
  const before = served ?? record.filter((i) => now - i.sentAt >= 7 * DAY_MS && now - i.sentAt < 14 * DAY_MS).length;
  return { pace: paceOf(stats, sentLog, now, cap), before, beforeFromService: served !== undefined, failed: figure(stats, FAILED) };
}

/** A day of the service's statistics as the UTC day it names ("2026-12-01" is that day wherever the person is). */
export function utcDay(date: string): number | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Date.parse(date);
  return Number.isNaN(day) ? undefined : day - (day % DAY_MS);
}
