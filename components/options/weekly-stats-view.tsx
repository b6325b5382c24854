import { useId } from 'preact/hooks';
import type { WeeklyStats } from '../../lib/api/schemas';
import { t, tn } from '../../lib/extension/i18n';

interface Bar {
  label: string;
  value: number;
}

/** Per day when the service gives days, else per agent. */
function statsBars(stats: WeeklyStats): { bars: Bar[]; by: 'day' | 'agent' } {
  if (stats.days.length) {
    return {
      by: 'day',
      bars: stats.days.map((d) => {
        const date = new Date(d.date);
        const label = Number.isNaN(date.getTime()) ? d.date : date.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' });
        return { label, value: d.sent };
      }),
    };
  }
  return { by: 'agent', bars: stats.agents.map((a) => ({ label: a.name, value: a.sent })) };
}

/** A small bar chart of the week's invitations, with the same figures as a table. */
export function WeeklyStatsView({ stats }: { stats: WeeklyStats }) {
  const id = useId();
  const { bars, by } = statsBars(stats);
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 280;
  const height = 100;
  const slot = bars.length ? width / bars.length : width;
  const summary = stats.total !== undefined ? tn('stats.summary', stats.total) : t('stats.noTotal');
  const otherFigures = Object.entries(stats.figures).filter(([k]) => !['total', 'total_sent', 'sent'].includes(k));

  return (
    <figure class="weekly-stats">
      <figcaption id={`${id}-caption`}>{summary}</figcaption>
      {bars.length > 0 && (
        <svg role="img" aria-labelledby={`${id}-caption`} viewBox={`0 0 ${width} ${height + 16}`} width={width} height={height + 16}>
          {bars.map((b, i) => {
            const h = Math.round((b.value / max) * height);
            return (
              <g key={b.label}>
                <rect x={i * slot + 4} y={height - h} width={Math.max(2, slot - 8)} height={h} fill="#0a66c2" />
                <text x={i * slot + slot / 2} y={height + 12} text-anchor="middle" font-size="9">
                  {b.label.slice(0, 8)}
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
      {otherFigures.length > 0 && (
        <dl class="figures">
          {otherFigures.map(([k, v]) => (
            <div key={k}>
              <dt>{k.replace(/_/g, ' ')}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </figure>
  );
}
