// `npm run bench`: bundle sizes, popup paint time and idle request count, with their budgets.
// BENCH_ONLY runs one part: `sizes` (no browser, seconds), `options` (the options page's requests;
// BENCH_OPTIONS_IDLE_MINUTES, 10 by default, is how long it is left open), `paint` (the popup) or
// `loader` (the loader's idle main-thread time, two minutes).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchExtension, SANDBOX_BUILD, waitForBadgeCount } from '../test/e2e/browser';
import { DEMO_KEY } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';
import { wxtBuild } from './lib/build';
import { idleRequests } from './lib/idle-requests';
import { LOADER_WINDOW_MS, loaderIdleCost } from './lib/loader-bench';
import { optionsRequests, viewChunkSizes } from './lib/options-bench';
import { savedPageTimings } from './lib/page-timings';
import { addBlankPage, medianPaint, timePaints } from './lib/paint-bench';

interface Row {
  measure: string;
  value: number;
  unit: string;
  budget?: number;
}

const rows: Row[] = [];
const KB = 1024;
const ONLY = process.env.BENCH_ONLY as 'sizes' | 'options' | 'paint' | 'loader' | undefined;
const runs = (part: 'sizes' | 'options' | 'paint' | 'loader' | 'rest') => ONLY === undefined || ONLY === part;

/** The table, then a failing exit when a measure is over its budget. */
function report(): void {
  const failed = rows.filter((r) => r.budget !== undefined && r.value > r.budget);
  const width = Math.max(...rows.map((r) => r.measure.length));
  console.log(`\n${'measure'.padEnd(width)}  ${'value'.padStart(9)}  unit      budget  verdict`);
  for (const r of rows) {
    const value = r.unit === 'requests' || r.unit === 'nodes' ? String(r.value) : r.value.toFixed(r.unit === 'kB' || r.unit === '×' ? 2 : 1);
    const verdict = r.budget === undefined ? '' : r.value <= r.budget ? 'ok' : 'OVER';
    console.log(`${r.measure.padEnd(width)}  ${value.padStart(9)}  ${r.unit.padEnd(8)}  ${(r.budget ?? '').toString().padStart(6)}  ${verdict}`);
  }
  console.log(`\nSandbox build used for timings: ${SANDBOX_BUILD}`);
  if (failed.length) {
    console.error(`Over budget: ${failed.map((r) => r.measure).join(', ')}`);
    process.exit(1);
  }
  process.exit(0);
}

// ---- bundle sizes of the store build ----
function measureSizes(): void {
  wxtBuild([]);
  const out = resolve('.output/chrome-mv3');
  const gz = (file: string) => gzipSync(readFileSync(join(out, file)), { level: 9 }).length;

  /** The JavaScript an HTML entry loads: its module script and every chunk it preloads or imports. */
  function pageScripts(html: string): string[] {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      files.add(file);
      const code = readFileSync(join(out, file), 'utf8');
      for (const m of code.matchAll(/from\s*["']\.{1,2}\/(?:chunks\/)?([^"']+\.js)["']|import\s*["']\.{1,2}\/(?:chunks\/)?([^"']+\.js)["']/g)) {
        const name = m[1] ?? m[2]!;
        visit(file.startsWith('chunks/') ? `chunks/${name}` : name.includes('/') ? name : `chunks/${name}`);
      }
    };
    const text = readFileSync(join(out, html), 'utf8');
    for (const m of text.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)) visit(m[1]!);
    return [...files];
  }

  const entrySize = (files: string[]) => files.reduce((s, f) => s + gz(f), 0);
  rows.push({ measure: 'background.js (gzip)', value: gz('background.js') / KB, unit: 'kB', budget: 20 });
  rows.push({ measure: 'popup JS with shared chunks (gzip)', value: entrySize(pageScripts('popup.html')) / KB, unit: 'kB', budget: 20 });
  rows.push({ measure: 'options JS with shared chunks (gzip)', value: entrySize(pageScripts('options.html')) / KB, unit: 'kB' });
  rows.push({ measure: 'loader on every network page (gzip)', value: gz('loader.js') / KB, unit: 'kB', budget: 1.5 });
  rows.push({ measure: 'in-page panel with all it loads (gzip)', value: gz('panel.js') / KB, unit: 'kB', budget: 12 });
  const optionsFiles = pageScripts('options.html');
  const viewChunks = viewChunkSizes(out, gz, optionsFiles);
  const overview = viewChunks.find((v) => v.view === 'overview');
  rows.push({
    measure: 'options page, first view with what it loads (gzip)',
    value: (entrySize(optionsFiles) + (overview?.cold ?? 0)) / KB,
    unit: 'kB',
    budget: 16,
  });
  // The heaviest view opened first, with the helpers the views share: what a cold open costs at worst.
  rows.push({
    measure: 'options page, heaviest view opened first, all it loads (gzip)',
    value: (entrySize(optionsFiles) + Math.max(...viewChunks.slice(0, -1).map((v) => v.cold))) / KB,
    unit: 'kB',
  });
  for (const v of viewChunks) rows.push({ measure: `  view chunk: ${v.view} (gzip)`, value: v.bytes / KB, unit: 'kB', budget: 8 });
}
if (runs('sizes')) measureSizes();
// BENCH_ONLY=sizes: the sizes alone, in seconds (no browser).
if (ONLY === 'sizes') report();

// ---- in Chromium with the sandbox build: the options page's requests, the panel, the popup's paint ----
const RUNS = 7;
const sb = await startSandbox({ port: 0 });
wxtBuild(['--mode', 'sandbox'], { WXT_SANDBOX_URL: sb.url, WXT_SANDBOX_KEY: DEMO_KEY });
addBlankPage(SANDBOX_BUILD);
const ext = await launchExtension();
try {
  await waitForBadgeCount(ext.worker);
  const [template] = (await ext.worker.evaluate(() =>
    (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, { actions: unknown[] }>> } } } }).chrome.storage.local
      .get('readyActions')
      .then((r) => r.readyActions!.actions),
  )) as Array<Record<string, unknown>>;
  if (runs('loader')) {
    const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'ready')!;
    const prospect = { slug: ready.contact.network_url.split('/in/')[1]!.replace(/\/$/, ''), name: `${ready.contact.firstname} ${ready.contact.lastname}` };
    const cost = await loaderIdleCost(ext, prospect);
    const secs = LOADER_WINDOW_MS / 1000;
    rows.push({ measure: `loader main-thread time a minute, idle on a busy feed-like page (${secs} s)`, value: cost.feed, unit: 'ms/min', budget: 1 });
    rows.push({ measure: `loader main-thread time a minute, idle on a profile with the panel (${secs} s)`, value: cost.profile, unit: 'ms/min', budget: 10 });
  }
  // Requests the options page spends: each view opened once, then left open (issue 12: 10 minutes).
  if (runs('options')) {
    const idleMinutes = Number(process.env.BENCH_OPTIONS_IDLE_MINUTES ?? 10);
    const spent = await optionsRequests(ext, sb, idleMinutes);
    for (const v of spent.perView) {
      const what = v.routes.length ? ` (${v.routes.join(', ')})` : '';
      rows.push({ measure: `requests opening the ${v.view} view${what}`, value: v.requests, unit: 'requests', budget: 1 });
    }
    rows.push({ measure: `requests from the options page left open ${idleMinutes} min`, value: spent.idle, unit: 'requests', budget: 0 });
  }
  for (const timing of runs('rest') ? await savedPageTimings(ext, sb) : []) {
    rows.push({ measure: `panel main-thread time to shown, ${timing.page} (median of 5)`, value: timing.medianMainMs, unit: 'ms', budget: 30 });
    rows.push({ measure: `  wall clock incl. background answer, ${timing.page}`, value: timing.medianWallMs, unit: 'ms' });
    rows.push({ measure: `nodes added, ${timing.page} without action`, value: timing.addedNodesWithoutAction, unit: 'nodes', budget: 0 });
    rows.push({ measure: `idle panel main-thread time a minute, ${timing.page}`, value: timing.idleMsPerMinute, unit: 'ms/min', budget: 50 });
  }
  // What is timed is the paint from storage; the popup's refresh must not replace the list,
  // so the service is gone (the refresh fails and the list stays, as when offline).
  if (runs('paint')) {
    await sb.close();
    await timePaints(ext);
    // Issue 11: the popup's first row painted, as a ratio to an empty extension page.
    const blank = await medianPaint(ext, 'blank', RUNS);
    rows.push({ measure: `empty extension page open → painted (median of ${RUNS})`, value: blank, unit: 'ms' });
    for (const [count, budget] of [
      [25, 1.5],
      [100, 2],
    ] as const) {
      const actions = Array.from({ length: count }, (_, i) => ({ ...template, id: `bench-${i}` }));
      // Stop polling from replacing the list being measured.
      await ext.worker.evaluate(
        ([list]) => {
          type Chrome = { storage: { local: { set(v: object): Promise<void> } }; alarms: { clearAll(): Promise<void> } };
          const c = (globalThis as unknown as { chrome: Chrome }).chrome;
          return c.alarms
            .clearAll()
            .then(() => c.storage.local.set({ readyActions: { actions: list, fetchedAt: Date.now(), full: false, agentFilter: null } }));
        },
        [actions],
      );
      const popup = await medianPaint(ext, 'popup', RUNS);
      rows.push({ measure: `popup open → first of ${count} invitations painted (median of ${RUNS})`, value: popup, unit: 'ms' });
      rows.push({ measure: `  ratio to the empty extension page, ${count} invitations`, value: popup / blank, unit: '×', budget });
    }
  }
} finally {
  await ext.close();
  await sb.close().catch(() => {});
}

// ---- requests in 10 idle minutes at default settings ----
if (runs('rest')) rows.push({ measure: 'requests in 10 idle minutes (default settings, simulated alarms)', value: await idleRequests(10), unit: 'requests' });

report();
