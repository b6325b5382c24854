import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file of the project's scripts, and the tests that build. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('build scripts', () => {
  it('never let npx fetch a tool that is not installed (--no-install on every npx they run)', () => {
    const sources = [...files('scripts'), ...files('test/e2e'), ...files('test/build'), 'package.json'].filter((f) => /\.(m?[jt]s|json)$/.test(f));
    const runs = sources.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/['"`]npx['"`]\s*,\s*\[([^\]]*)|\bnpx\s+(?!--no-install)[\w@-]/g)].map((m) => `${f}: ${m[0]}`),
    );
    const fetching = runs.filter((r) => !/['"]--no-install['"]/.test(r));
    expect(fetching).toEqual([]);
    expect(runs.length).toBeGreaterThan(0);
  });
});
