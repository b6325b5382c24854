// A bar drawn in SVG for the Overview's pictures: one or more segments on the bar's own scale
// (`max`: the weekly cap, or the figure's own whole), its value written at its end; the figures it
// draws are also written beside it, as text.

export type Tone = 'accent' | 'ok' | 'warn' | 'muted' | 'fresh';

export interface Segment {
  value: number;
  tone: Tone;
}

const W = 160;
const H = 12;
/** Room after the bar for its value. */
const ROOM = 56;

/** Named by `label` for screen readers; the colours are the design tokens (both themes), set in style.css. */
export function Bar({ segments, max, label, mark }: { segments: readonly Segment[]; max: number; label: string; mark?: number }) {
  let x = 0;
  const total = segments.reduce((n, s) => n + s.value, 0);
  const rects = segments.map((s, i) => {
    // A figure above zero keeps 2 px however large the scale; none runs past the end.
    const w = s.value > 0 && max > 0 ? Math.min(W - x, Math.max(2, (s.value / max) * W)) : 0;
    x += w;
    return w > 0 && <rect key={i} class={`tone-${s.tone}`} x={x - w} width={w} height={H} />;
  });
  return (
    <svg class="glance-bar" role="img" aria-label={label} width={W + ROOM} height={H} viewBox={`0 0 ${W + ROOM} ${H}`}>
      <rect class="bar-track" width={W} height={H} rx={2} />
      {rects}
      {mark !== undefined && max > 0 && <line class="cap-mark" x1={Math.min(W, (mark / max) * W) - 1} x2={Math.min(W, (mark / max) * W) - 1} y1={0} y2={H} />}
      <text class="bar-value" x={x + 4} y={H - 2}>
        {total.toLocaleString()}
      </text>
    </svg>
  );
}

/** The colour of a segment beside its figure, in the text that names it. */
export const Swatch = ({ tone }: { tone: Tone }) => <span class={`swatch tone-${tone}`} aria-hidden="true" />;
