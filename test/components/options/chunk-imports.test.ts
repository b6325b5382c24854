// The options views, the popup and the desk read answers with the tolerant readers, never with zod: a value
// import that reaches zod puts the whole validator (about 7 kB gzip) in their chunks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');

/** Relative modules a file imports for their values (`import type` and `type`-only lists are erased). */
function valueImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of code.matchAll(/^import\s+(type\s+)?([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, names = '', spec = ''] = m;
    if (typeOnly) continue;
    const list = /\{([^}]*)\}/.exec(names)?.[1];
    const defaultOrStar = names
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    if (list !== undefined && !defaultOrStar && list.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    out.push(spec);
  }
  return out;
}

function resolveModule(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
}

/** The path of imports from `file` to zod, if any. */
function pathToZod(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const spec of valueImports(file)) {
    if (spec === 'zod' || spec.startsWith('zod/')) return [file, spec];
    if (!spec.startsWith('.')) continue;
    const next = resolveModule(file, spec);
    const path = next && pathToZod(next, seen);
    if (path) return [file, ...path];
  }
  return undefined;
}

const files = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => join(root, dir, f));

describe('bundles without zod', () => {
  it.each(
    [...files('components/options/views'), ...files('components/popup'), ...files('components/desk'), ...files('components/shared')].map((f) => [
      f.slice(root.length + 1),
      f,
    ]),
  )('%s reaches no zod import', (_name, file) => {
    expect(pathToZod(file)?.map((f) => f.replace(`${root}/`, ''))).toBeUndefined();
  });

  it('finds a zod import when there is one (the check can fail)', () => {
    expect(pathToZod(join(root, 'lib/api/schemas/contacts.ts'))).toBeDefined();
  });
});
