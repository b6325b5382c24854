// The panel repeats the design tokens of components/shared/base.css in its own shadow root: they
// agree, except where docs/design.md's panel section says why, and its rings and lines stay visible.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast, tokens } from '../../helpers/contrast';

const read = (path: string) => readFileSync(resolve(__dirname, '../../..', path), 'utf8');

const panel = tokens(read('components/panel/panel.css'));
const shared = tokens(read('components/shared/base.css'));
const design = read('docs/design.md');
const panelSection = design.slice(design.indexOf('## The panel'));
/** Tokens the panel sets apart from the shared ones, on purpose (docs/design.md says why). */
const APART = ['--line'];

describe('the panel’s design tokens', () => {
  it.each(['light', 'dark'] as const)('%s: agree with base.css, but for the ones the design says why', (theme) => {
    for (const [name, value] of Object.entries(panel[theme])) {
      expect(shared[theme][name], `${name} is no shared token`).toBeDefined();
      if (!APART.includes(name)) expect(value, `${name} (${theme})`).toBe(shared[theme][name]);
    }
  });

  it('has a panel section in docs/design.md that names each token set apart and its contrast', () => {
    expect(design).toContain('## The panel');
    for (const name of APART) {
      expect(panelSection).toContain(`\`${name}\``);
      for (const theme of ['light', 'dark'] as const) expect(panelSection).toContain(panel[theme][name]!);
    }
  });

  it.each(['light', 'dark'] as const)('%s: the focus ring reaches 3:1 against the body and the title bar, and control borders 3:1 too', (theme) => {
    const t = panel[theme];
    expect(contrast(t['--focus']!, t['--bg']!)).toBeGreaterThanOrEqual(3);
    // On the title bar the ring takes the bar's text colour (panel.css).
    expect(contrast(t['--accent-fg']!, t['--accent']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(t['--line']!, t['--bg']!)).toBeGreaterThanOrEqual(3);
  });
});
