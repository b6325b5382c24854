// What loading some chunks costs, for `npm run bench` (issue 24): in an empty extension page,
// the chunks they import loaded first, then the chunks themselves imported and timed (fetch,
// parse, evaluation). Files are named as in the store build; the sandbox build's chunks of the
// same names (another hash) are the ones loaded.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ExtensionBrowser } from '../../test/e2e/browser';

const stem = (file: string) => basename(file).replace(/-[A-Za-z0-9_-]{8}\.js$/, '');

export async function chunkCostMs(ext: ExtensionBrowser, build: string, storeFiles: string[], blankPage: string, runs: number): Promise<number> {
  const chunks = readdirSync(join(build, 'chunks'));
  const inBuild = (name: string) => chunks.find((c) => stem(c) === name);
  const files = storeFiles.map((f) => inBuild(stem(f))).filter((f): f is string => !!f);
  if (files.length !== storeFiles.length) throw new Error(`Chunks not found in ${build}: ${storeFiles.join(', ')}`);
  const deps = new Set<string>();
  for (const f of files) {
    for (const m of readFileSync(join(build, 'chunks', f), 'utf8').matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) {
      if (!files.includes(m[1]!)) deps.add(m[1]!);
    }
  }
  const url = (f: string) => `chrome-extension://${ext.extensionId}/chunks/${f}`;
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/${blankPage}`);
    // Source text: tsx would wrap a function's inner helpers in a name the page does not have.
    const ms = (await page.evaluate(`(async () => {
      await Promise.all(${JSON.stringify([...deps].map(url))}.map((u) => import(u)));
      const start = performance.now();
      await Promise.all(${JSON.stringify(files.map(url))}.map((u) => import(u)));
      return performance.now() - start;
    })()`)) as number;
    // The first run warms the browser's caches, as in the paint timings.
    if (run > 0) times.push(ms);
    await page.close();
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
