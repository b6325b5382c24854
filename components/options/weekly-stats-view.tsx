import { useId } from 'preact/hooks';
import type { Account, WeeklyStats } from '../../lib/api/schemas';
import { t, tn, uiLanguage } from '../../lib/extension/i18n';
import { utcDay } from '../../lib/sent-invitations/week-figures';
import { agentFigures } from '../../lib/views/agent-figures';
import { agentNameOf } from '../shared/agent-names';

interface Bar {
  label: string;
  value: number;
}

/** A figure of the period's family (`period`, `period_days`, `window_in_days`, `days`): the days the statistics cover; `active_days` is not. */
const PERIOD = /^((period|window|range)(_in)?(_days?)?|days)$/;
/** A figure of the total's family (`total_sent`, `invitations_sent`, `count`): the caption says it when it is the total. */
const TOTAL = /(^|_)(total|sent|count)(_|$)/;

/** The figures in words: the period and the total in the caption, the others each named, a rate with its sign. */
function wordsOf(stats: WeeklyStats) {
  const entries = Object.entries(stats.figures);
  // The spec's window is 7 days (op 27), unless the answer says otherwise.
  const days = entries.find(([k, v]) => PERIOD.test(k) && Number.isInteger(v) && v > 0 && v <= 366)?.[1] ?? 7;
  const summary =
    stats.total === undefined
      ? days === 7
        ? t('stats.noTotal')
        : t('statsWords.noTotalDays', [days])
      : days === 7
        ? tn('stats.summary', stats.total)
        : t('statsWords.summaryDays', [days, stats.total]);
  const rest = entries.filter(([k, v]) => !(PERIOD.test(k) && v === days) && !(TOTAL.test(k) && v === stats.total));
  const figures = agentFigures(Object.fromEntries(rest)).map((f) => ({
    path: f.path,
    name: f.key ? t(f.key) : f.label[0]!.toUpperCase() + f.label.slice(1),
    value: f.rate ? t('agents.percent', [f.value]) : f.value.toLocaleString(),
  }));
  return { summary, figures };
}

/** A day of the statistics in the UI language ("Tue 1", "mar. 1"): a date without a time is that UTC day. */
const dayFormat = () => new Intl.DateTimeFormat(uiLanguage(), { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

/** Per day when the service gives days, else per agent (named as the account names it). */
function statsBars(stats: WeeklyStats, account: Account | undefined): { bars: Bar[]; by: 'day' | 'agent' } {
  if (stats.days.length) {
    const format = dayFormat();
    return {
      by: 'day',
      bars: stats.days.map((d) => {
        const day = utcDay(d.date);
        return { label: day === undefined ? d.date : format.format(day), value: d.sent };
      }),
    };
  }
  return { by: 'agent', bars: stats.agents.map((a) => ({ label: agentNameOf(account, a.id) ?? a.name, value: a.sent })) };
}

/** Room above the tallest bar for its value. */
const TOP = 14;

/** A small bar chart of the last 7 days' invitations, each value on its bar, with the same figures as a table. */
export function WeeklyStatsView({ stats, account }: { stats: WeeklyStats; account: Account | undefined }) {
  const id = useId();
  const { bars, by } = statsBars(stats, account);
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 336;
  const height = 100;
  const slot = bars.length ? width / bars.length : width;
  const { summary, figures } = wordsOf(stats);

  return (
    <figure class="weekly-stats">
      <figcaption id={`${id}-caption`}>{summary}</figcaption>
      {bars.length > 0 && (
        <svg role="img" aria-labelledby={`${id}-caption`} viewBox={`0 0 ${width} ${TOP + height + 18}`} width={width} height={TOP + height + 18}>
          {bars.map((b, i) => {
            const h = Math.round((b.value / max) * height);
            return (
              <g key={b.label}>
                <rect x={i * slot + 4} y={TOP + height - h} width={Math.max(2, slot - 8)} height={h} class="tone-accent" />
                {/* The value on its bar, above it: read without the table. */}
                <text x={i * slot + slot / 2} y={TOP + height - h - 3} text-anchor="middle" font-size="11">
                  {b.value}
                </text>
                <text x={i * slot + slot / 2} y={TOP + height + 13} text-anchor="middle" font-size="11">
                  {b.label.slice(0, 10)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      {bars.length > 0 && (
        <table>
          <caption>{by === 'day' ? t('stats.tableByDay') : t('stats.tableByAgent')}</caption>
          <thead>
            <tr>
              <th scope="col">{by === 'day' ? t('stats.day') : t('stats.agent')}</th>
              <th scope="col">{t('stats.sent')}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>{b.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {figures.length > 0 && (
        <dl class="figures">
          {figures.map((f) => (
            <div key={f.path}>
              <dt>{f.name}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </figure>
  );
}
