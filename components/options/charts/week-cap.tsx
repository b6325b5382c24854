import { t, tn } from '../../../lib/extension/i18n';
import type { WeekFigures } from '../../../lib/sent-invitations/week-figures';
import { Swatch } from './bar';

const BAR = 220;
const ROOM = 48;
const ROW = 28;
const H = 14;

/**
 * The last 7 days against the weekly cap, beside the 7 days before: each bar on the cap's scale (or
 * its own figure's, past the cap), its value written at its end, the cap a mark across both. The
 * same figures in words under it, with where each was counted, and the failed invitations.
 */
export function WeekCap({ figures, headingLevel = 3 }: { figures: WeekFigures; headingLevel?: 2 | 3 }) {
  const { pace, before, beforeFromService, failed } = figures;
  const scale = Math.max(pace.cap, pace.sent, before, 1);
  const x = (n: number) => (n > 0 ? Math.max(2, (n / scale) * BAR) : 0);
  const capX = (pace.cap / scale) * BAR;
  const rows = [
    { label: t('weekCap.last'), value: pace.sent },
    { label: t('weekCap.before'), value: before },
  ];
  const lines = [
    t(pace.known ? 'weekCap.lastText' : 'weekCap.lastHere', [pace.sent, pace.cap]),
    t(beforeFromService ? 'weekCap.beforeText' : 'weekCap.beforeHere', [before]),
    failed === undefined ? t('weekCap.failedUnknown') : t('weekCap.failed', [failed]),
    pace.sent >= pace.cap ? t('weekCap.reached') : tn('weekCap.left', pace.cap - pace.sent),
  ];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section class="week-cap" aria-labelledby="week-cap-heading">
      <Heading id="week-cap-heading">{t('weekCap.title')}</Heading>
      <div class="week-cap-chart">
        <ul class="week-cap-labels" aria-hidden="true">
          {rows.map((r) => (
            <li key={r.label}>{r.label}</li>
          ))}
        </ul>
        <svg role="img" aria-label={lines.slice(0, 2).join('; ')} width={BAR + ROOM} height={ROW * 2 + 16} viewBox={`0 0 ${BAR + ROOM} ${ROW * 2 + 16}`}>
          {rows.map((r, i) => (
            <g key={r.label} transform={`translate(0 ${i * ROW + 4})`}>
              <rect class="bar-track" width={BAR} height={H} rx={2} />
              {r.value > 0 && <rect class="tone-accent" width={Math.min(BAR, x(r.value))} height={H} />}
              <text class="bar-value" x={Math.min(BAR, x(r.value)) + 4} y={H - 2}>
                {r.value}
              </text>
            </g>
          ))}
          <line class="cap-mark" x1={capX - 1} x2={capX - 1} y1={0} y2={ROW * 2} />
          <text class="bar-value" x={Math.min(capX, BAR)} y={ROW * 2 + 12} text-anchor="end">
            {pace.cap}
          </text>
        </svg>
      </div>
      <p class="legend-line">
        <span class="legend">
          <Swatch tone="accent" />
          {t('weekCap.legendSent')}
        </span>
        {' · '}
        <span class="legend">
          <span class="swatch cap-swatch" aria-hidden="true" />
          {t('weekCap.legendCap', [pace.cap])}
        </span>
      </p>
      <ul class="week-cap-words">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  );
}
