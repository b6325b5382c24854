// A bar drawn in SVG for the Overview's pictures: one or more segments on a scale shared by the
// bars it is compared with. The figures it draws are also written beside it, as text.

export type Tone = 'accent' | 'ok' | 'warn' | 'muted';

export interface Segment {
  value: number;
  tone: Tone;
}

const W = 160;
const H = 12;

/** Named by `label` for screen readers; the colours are the design tokens (both themes), set in style.css. */
export function Bar({ segments, max, label }: { segments: readonly Segment[]; max: number; label: string }) {
  let x = 0;
  return (
    <svg class="glance-bar" role="img" aria-label={label} width={W} height={H} viewBox={`0 0 ${W} ${H}`}>
      <rect class="bar-track" width={W} height={H} rx={2} />
      {segments.map((s, i) => {
        // A figure above zero keeps 2 px however large the scale; none runs past the end.
        const w = s.value > 0 && max > 0 ? Math.min(W - x, Math.max(2, (s.value / max) * W)) : 0;
        x += w;
        return w > 0 && <rect key={i} class={`tone-${s.tone}`} x={x - w} width={w} height={H} />;
      })}
    </svg>
  );
}

/** The colour of a segment beside its figure, in the text that names it. */
export const Swatch = ({ tone }: { tone: Tone }) => <span class={`swatch tone-${tone}`} aria-hidden="true" />;
