// lib/ is in folders by domain, and imports run one way (docs/architecture.md, "The parts, and who
// may import whom"): a folder imports only the folders below it in LAYERS, lib/ never imports
// components/ or entrypoints/, and no files import each other in a loop. Read from the sources'
// import lines, type imports included: a type in the wrong place is the first tangle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** lib's folders, lowest first: the same order as the table of docs/architecture.md. */
const LAYERS = [
  'util',
  'extension',
  'network',
  'api',
  'storage',
  'outbox',
  'store',
  'invitations',
  'messaging',
  'page',
  'views',
  'add-contact',
  'sent-invitations',
  'desk',
  'background',
];

type Graph = Map<string, string[]>;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveImport(from: string, spec: string): string | undefined {
  const base = join(dirname(from), spec.split('?')[0]!);
  for (const ext of ['', '.ts', '.tsx', '/index.ts']) {
    const path = base + ext;
    try {
      if (statSync(join(ROOT, path)).isFile()) return path;
    } catch {
      // not this one
    }
  }
  return undefined;
}

function importGraph(dirs: string[]): Graph {
  const graph: Graph = new Map();
  for (const file of dirs.flatMap(sources)) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(SPECIFIER)].map((m) => resolveImport(file, m[1]!)).filter((t): t is string => t !== undefined);
    graph.set(file, targets);
  }
  return graph;
}

/** The imports that break the rule: from a lower folder of lib/ up, or from lib/ out to the surfaces. */
function wrongWay(graph: Graph, layers: string[]): string[] {
  const folder = (path: string) => path.split('/')[1] ?? '';
  const wrong: string[] = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('lib/')) continue;
    for (const to of targets) {
      if (!to.startsWith('lib/')) {
        wrong.push(`${from} -> ${to}`);
        continue;
      }
      const [a, b] = [layers.indexOf(folder(from)), layers.indexOf(folder(to))];
      if (a < 0 || b < 0 || b > a) wrong.push(`${from} -> ${to}`);
    }
  }
  return wrong;
}

/** One loop of files that import each other, if there is one. */
function aCycle(graph: Graph): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    const loop = visit(file);
    if (loop) return loop;
  }
  return undefined;
}

describe('lib by domain, imports one way', () => {
  const graph = importGraph(['lib', 'components', 'entrypoints']);

  it('every file of lib/ sits in a folder of the layers, none loose at its root', () => {
    const files = [...graph.keys()].filter((f) => f.startsWith('lib/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => f.split('/').length < 3 || !LAYERS.includes(f.split('/')[1]!))).toEqual([]);
    const folders = readdirSync(join(ROOT, 'lib')).filter((n) => statSync(join(ROOT, 'lib', n)).isDirectory());
    expect(folders.sort()).toEqual([...LAYERS].sort());
  });

  it('no folder of lib/ imports a higher one, and lib/ imports no component or entrypoint', () => {
    expect(wrongWay(graph, LAYERS)).toEqual([]);
  });

  it('no files import each other in a loop, in lib/, components/ or entrypoints/', () => {
    expect(aCycle(graph)).toBeUndefined();
  });

  it('the checks see a wrong-way import and a loop when there is one', () => {
    const bad: Graph = new Map([
      ['lib/api/client.ts', ['lib/background/writes.ts']],
      ['lib/background/writes.ts', ['lib/api/client.ts']],
      ['lib/page/panel.ts', ['components/panel/panel.tsx']],
    ]);
    expect(wrongWay(bad, LAYERS)).toEqual(['lib/api/client.ts -> lib/background/writes.ts', 'lib/page/panel.ts -> components/panel/panel.tsx']);
    expect(aCycle(bad)).toEqual(['lib/api/client.ts', 'lib/background/writes.ts', 'lib/api/client.ts']);
  });
});
