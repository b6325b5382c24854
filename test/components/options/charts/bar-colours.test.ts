// The Overview's bars take their colours from the design tokens (docs/design.md), and every colour a
// segment can take stands out at 3:1 or more (WCAG 1.4.11) from the track it is drawn on and the page
// around it, in the light theme and the dark one.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast, tokens } from '../../../helpers/contrast';

const read = (path: string) => readFileSync(resolve(__dirname, '../../../..', path), 'utf8');
const theme = tokens(read('components/shared/base.css'));
const style = read('entrypoints/options/style.css');
const TONES = ['accent', 'ok', 'warn', 'muted', 'fresh'] as const;

describe("the Overview's bar colours", () => {
  it('are the design tokens, each tone its own', () => {
    for (const tone of TONES) expect(style).toContain(`.tone-${tone} { fill: var(--${tone}); background: var(--${tone}); }`);
    expect(style).toContain('.bar-track { fill: var(--surface); stroke: var(--line); }');
    // The cap's mark and the values on the bars take the text colour: one meaning, not a tone's.
    expect(style).toContain('.cap-mark { stroke: var(--fg); stroke-width: 2; }');
    expect(style).toMatch(/\.bar-value \{ fill: var\(--fg\);/);
  });

  it.each(['light', 'dark'] as const)("%s: the cap's mark and the values reach 4.5:1 against the track and the page", (scheme) => {
    const t = theme[scheme];
    for (const under of ['--surface', '--bg'] as const) expect(contrast(t['--fg']!, t[under]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['light', 'dark'] as const)('%s: every segment reaches 3:1 against the track and the page', (scheme) => {
    const t = theme[scheme];
    const low = TONES.flatMap((tone) =>
      (['--surface', '--bg'] as const).map((under) => [tone, under, contrast(t[`--${tone}`]!, t[under]!)] as const).filter(([, , ratio]) => ratio < 3),
    );
    expect(low).toEqual([]);
  });
});
