// `npm run bench`: speed as time, measured on this machine (3 runs a figure, the median shown):
// the popup's first row and the options page's first view against an empty extension page, the
// service worker's wake by an alarm to its first request, the panel ready after its script starts;
// then the requests spent, and bundle sizes as secondary rows. Each with its budget (exit 1 when one
// is over). BENCH_ONLY runs one part: `sizes` (no browser, seconds), `options` (the options page's
// requests; BENCH_OPTIONS_IDLE_MINUTES, 10 by default, is how long it is left open) or `paint`
// (the popup, the options page's first view and the worker's wake) or `loader` (the loader's
// idle main-thread time, two minutes) or `reader` (the contacts reader's time and the bounds for
// any answer, no browser) or `flow`
// (the person's clicks and the extension's own time per invitation, desk and panel); several with
// commas (`sizes,paint`: the sizes with the times that say what their bytes cost).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchExtension, SANDBOX_BUILD, waitForBadgeCount } from '../test/e2e/browser';
import { DEMO_KEY } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';
import { wxtBuild } from './lib/build';
import { pageScripts as pageScriptsOf, writeBundleMaps } from './lib/bundle-map';
import { browsersBudget } from './lib/browsers-budget';
import { idleRequests } from './lib/idle-requests';
import { LOADER_WINDOW_MS, loaderIdleCost } from './lib/loader-bench';
import { optionsRequests, viewChunkSizes } from './lib/options-bench';
import { savedPageTimings } from './lib/page-timings';
import { addBlankPage, BLANK_PAGE, medianPaint, pairedPaint, timePaints } from './lib/paint-bench';
import { wakeTimings } from './lib/wake-bench';
import { chunkCostMs } from './lib/chunk-cost';
import { deskFlow, panelFlow, realKeysFlow, type FlowFigures } from './lib/flow-bench';
import { longKeyMs, readerTimes } from './lib/reader-bench';
import { boundsTimes } from './lib/bounds-bench';

interface Row {
  measure: string;
  value: number;
  unit: string;
  budget?: number;
}

/**
 * The three size budgets that were over (issue 24), with their former values: each set to what was
 * measured (2026-11-25, rounded up to the next 0.1 kB), the time rows showing what the bytes above
 * the former ones cost on the wake, the panel's main thread or a view's load; the background's and
 * the views' shared chunk's set again to what was measured with the reading rules of issue 29
 * (README, "Size budgets and what their bytes cost"). Issue 40 (2026-11-28, docs/performance.md,
 * "Cutting the background" and "Cutting the pages"): each set to what was measured after the cuts,
 * the background (36.08) and the popup with every chunk it can load (37.50) short of the 30
 * and 27 KiB; the budgets hold what was reached, so a later feature pays for its bytes or says why.
 * Then (2026-11-28, "Cutting the pages"): the popup's look-up of one person without the unplaced
 * rules, the popup with every chunk 36.21 and at once 21.25, the views' shared chunks 27.09 (the
 * Contacts view's list is now a chunk of its own, beside the rules the popup shares).
 * Then (2026-11-28, s46): the background answers This profile's questions (is the person a contact,
 * the agent's fields, what an add's answer means) and reads the work that waits for a page, and an
 * error's details no longer import the reading rules: the popup with every chunk 22.63, at once
 * 18.53, the options' first view 14.38, the views' shared chunks 26.16. background.js took 4.85 kB
 * of it (36.08 -> 40.93: the readers of contacts, agent settings and the add's answer), set as its
 * budget: the two together fell by 8.7 kB, and the background's own cut was not made this session.
 * Then (2026-11-29, s47, "The background again"): the request checks and the protocol's strings
 * without zod's string type, and the look-up of one person reading only what it compares: 39.94.
 * Then (2026-11-29, s47): a ready invitation keeps what the rules cannot place (issue 37's never a
 * blank view, left out of the queue until now), read with the poll (unplaced.ts enters the
 * background, 40.62) and shown in the queue's rows and the desk's invitation at hand (the popup 18.64
 * at once, 22.74 with every chunk; the views' shared chunks 26.25, the shared record lines).
 */
const SIZE_BUDGETS = {
  background: { former: 20, kB: 40.7 },
  panel: { former: 12, kB: 17.4 },
  sharedViews: { former: 8, kB: 26.3 },
  popupAll: { kB: 22.8 },
};

const rows: Row[] = [];
/** The views' shared chunk files in the store build (measureSizes), timed in the browser. */
let sharedViewFiles: string[] = [];
/** Bytes: secondary rows, printed after the times (issue 24: speed is felt as time). */
const sizeRows: Row[] = [];
const KB = 1024;
type Part = 'sizes' | 'options' | 'paint' | 'loader' | 'reader' | 'flow' | 'browsers' | 'rest';
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((p) => p.trim() as Part)) : undefined;
const runs = (part: Part) => ONLY === undefined || ONLY.has(part);
/** Only parts that need no browser were asked for: the table is printed without starting one. */
const noBrowser = ONLY !== undefined && [...ONLY].every((p) => p === 'sizes' || p === 'reader' || p === 'browsers');

/** The table (times first, then sizes), then a failing exit when a measure is over its budget. */
function report(): void {
  const all = [...rows, ...sizeRows];
  const failed = all.filter((r) => r.budget !== undefined && r.value > r.budget);
  const width = Math.max(...all.map((r) => r.measure.length));
  const line = (r: Row) => {
    const value = r.unit === 'requests' || r.unit === 'nodes' ? String(r.value) : r.value.toFixed(r.unit === 'kB' || r.unit === '×' ? 2 : 1);
    const verdict = r.budget === undefined ? '' : r.value <= r.budget ? 'ok' : 'OVER';
    console.log(`${r.measure.padEnd(width)}  ${value.padStart(9)}  ${r.unit.padEnd(8)}  ${(r.budget ?? '').toString().padStart(6)}  ${verdict}`);
  };
  console.log(`\n${'measure'.padEnd(width)}  ${'value'.padStart(9)}  unit      budget  verdict`);
  rows.forEach(line);
  if (sizeRows.length) console.log('\nsecondary: bundle sizes');
  sizeRows.forEach(line);
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

  const pageScripts = (html: string, later = false) => pageScriptsOf(out, html, later);

  const entrySize = (files: string[]) => files.reduce((s, f) => s + gz(f), 0);
  sizeRows.push({ measure: 'background.js (gzip)', value: gz('background.js') / KB, unit: 'kB', budget: SIZE_BUDGETS.background.kB });
  sizeRows.push({ measure: 'popup JS with shared chunks (gzip)', value: entrySize(pageScripts('popup.html')) / KB, unit: 'kB', budget: 18.7 });
  // Issue 40: what the popup loads later too (This profile, the add form, the note editor…), every chunk it can reach.
  const popupAll = entrySize(pageScripts('popup.html', true)) / KB;
  sizeRows.push({ measure: 'popup with every chunk it can load (gzip)', value: popupAll, unit: 'kB', budget: SIZE_BUDGETS.popupAll.kB });
  sizeRows.push({ measure: 'options JS with shared chunks (gzip)', value: entrySize(pageScripts('options.html')) / KB, unit: 'kB' });
  sizeRows.push({ measure: 'loader on every network page (gzip)', value: gz('loader.js') / KB, unit: 'kB', budget: 1.5 });
  sizeRows.push({ measure: 'in-page panel with all it loads (gzip)', value: gz('panel.js') / KB, unit: 'kB', budget: SIZE_BUDGETS.panel.kB });
  // The one-shot scripts the background runs in a tab only when asked (issue 33): each loaded whole.
  for (const script of ['sent-withdraw', 'sent-read'])
    sizeRows.push({ measure: `one-shot script in a tab: ${script}.js (gzip)`, value: gz(`${script}.js`) / KB, unit: 'kB', budget: 6 });
  const optionsFiles = pageScripts('options.html');
  const viewChunks = viewChunkSizes(out, gz, optionsFiles);
  const overview = viewChunks.find((v) => v.view === 'overview');
  sizeRows.push({
    measure: 'options page, first view with what it loads (gzip)',
    value: (entrySize(optionsFiles) + (overview?.cold ?? 0)) / KB,
    unit: 'kB',
    budget: 14.4,
  });
  // The heaviest view opened first, with the helpers the views share: what a cold open costs at worst.
  sizeRows.push({
    measure: 'options page, heaviest view opened first, all it loads (gzip)',
    value: (entrySize(optionsFiles) + Math.max(...viewChunks.slice(0, -1).map((v) => v.cold))) / KB,
    unit: 'kB',
  });
  sharedViewFiles = viewChunks.at(-1)?.files ?? [];
  for (const v of viewChunks) {
    // Settings holds the connection check, which reads every operation with its view's reader and
    // runs after each Connect (issue 37 item 4): 8.05 kB measured, its budget 8.1 from 2026-11-28;
    // 7.65 once the views read the work that waits through the background (7.7, same day).
    const budget = v === viewChunks.at(-1) ? SIZE_BUDGETS.sharedViews.kB : v.view === 'settings' ? 7.7 : 8;
    sizeRows.push({ measure: `  view chunk: ${v.view} (gzip)`, value: v.bytes / KB, unit: 'kB', budget });
  }
}
// ---- the reader (issue 29): a 100-record contacts page, from the answer to what the view shows ----
if (runs('reader')) {
  const reader = readerTimes();
  rows.push({ measure: 'reading a 100-record contacts page, own shape (Node, median of 400)', value: reader.own, unit: 'ms', budget: 2 });
  rows.push({ measure: 'reading a 100-record contacts page, random shape (Node, median of 400)', value: reader.random, unit: 'ms', budget: 2 });
  rows.push({ measure: 'reading a record with a 1 MB key (Node, median of 30)', value: longKeyMs(), unit: 'ms', budget: 2 });
  // Issue 49 item 6: answers built to make the rules work without end (scripts/lib/bounds-bench.ts).
  const bounds = boundsTimes();
  rows.push({ measure: 'reading 1 MB of nested references, 1,000 records naming 20 each (Node, median of 30)', value: bounds.nested, unit: 'ms', budget: 50 });
  rows.push({ measure: 'reading a cyclic included, agents naming their contacts back (Node, median of 30)', value: bounds.cyclic, unit: 'ms', budget: 50 });
  rows.push({ measure: "the answer's shape of a text of 80,000 spaces (Node, median of 30)", value: bounds.spaces, unit: 'ms', budget: 1 });
  rows.push({ measure: "the answer's shape of those 1 MB of nested references (Node, median of 30)", value: bounds.megabyte, unit: 'ms', budget: 10 });
}

if (runs('sizes')) {
  measureSizes();
  // Where the bytes are (issue 40): the same build with source maps, kept apart, read module by module.
  const dir = resolve('.output/bench');
  wxtBuild([], { WXT_OUT_DIR: join(dir, 'build'), WXT_SOURCEMAP: 'true' });
  await writeBundleMaps(join(dir, 'build/chrome-mv3'), dir);
  console.log(`Where the bytes are: a treemap per entry in ${dir}/treemap-*.html, the 20 largest modules of each in ${dir}/bytes.md`);
}
// ---- three browsers on one account (issue 51): the service allows 100 requests a minute per user ----
if (runs('browsers')) {
  const person = await browsersBudget('person');
  const hurried = await browsersBudget('hurried');
  rows.push({
    measure: "requests in the busiest minute, 3 browsers on one account at a person's pace",
    value: person.busiestMinute,
    unit: 'requests',
    budget: 100,
  });
  rows.push({ measure: '  the same, hurried: an action a second in each browser', value: hurried.busiestMinute, unit: 'requests', budget: 100 });
  // After the work, each delivered mark is watched ten minutes (mark-races.ts: the other outcome's list read at each poll).
  rows.push({
    measure: '  requests a minute in the 10 min after the work, nobody touching them',
    value: person.afterWorkPerMinute,
    unit: 'req/min',
    budget: 15,
  });
  // Then each browser idle: the poll and the agents' statuses a minute, the waiting work every 10 min, the account every 15 (2.4 a minute).
  rows.push({ measure: '  requests a minute once those 3 browsers are left idle', value: person.idlePerMinute, unit: 'req/min', budget: 8 });
  rows.push({ measure: "  answers 429 from the service's own limit in both runs", value: person.limited + hurried.limited, unit: 'requests', budget: 0 });
}

// BENCH_ONLY=sizes (or reader, browsers): in seconds, no browser.
if (noBrowser) report();

/**
 * What the bytes over a size budget cost in time, at most (issue 24): the whole bundle's load and
 * evaluation (the background's, on the wake), or the whole chunk's (the views' shared chunk,
 * loaded when a view needs it), shared out by bytes. The panel's is its
 * main-thread time, from `savedPageTimings`, shared out the same way.
 */
function overBudgetCosts(backgroundEvalMs: number, sharedChunkMs: number | undefined): void {
  const size = (measure: string) => sizeRows.find((r) => r.measure.startsWith(measure));
  const { background: bg, sharedViews } = SIZE_BUDGETS;
  const background = size('background.js');
  if (background && background.value > bg.former)
    rows.push({
      measure: `  the ${(background.value - bg.former).toFixed(1)} kB of background.js over ${bg.former} kB, at most`,
      value: (backgroundEvalMs * (background.value - bg.former)) / background.value,
      unit: 'ms',
      budget: 5,
    });
  const shared = size('  view chunk: shared');
  if (shared && sharedChunkMs !== undefined && shared.value > sharedViews.former)
    rows.push({
      measure: `  the ${(shared.value - sharedViews.former).toFixed(1)} kB of the views' shared chunk over ${sharedViews.former} kB, at most`,
      value: (sharedChunkMs * (shared.value - sharedViews.former)) / shared.value,
      unit: 'ms',
      budget: 5,
    });
}

// ---- in Chromium with the sandbox build: the options page's requests, the panel, the popup's paint ----
/** Runs a figure (issue 24: 3, the median printed). */
const RUNS = 3;
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
    const prospect = {
      id: ready.id,
      slug: ready.contact.network_url.split('/in/')[1]!.replace(/\/$/, ''),
      name: `${ready.contact.firstname} ${ready.contact.lastname}`,
    };
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
  const timings = runs('rest') ? await savedPageTimings(ext, sb, RUNS) : [];
  for (const timing of timings) {
    rows.push({ measure: `panel script start → ready, incl. background answer, ${timing.page} (median of ${RUNS})`, value: timing.medianWallMs, unit: 'ms' });
    rows.push({ measure: `  of which panel main-thread time, ${timing.page}`, value: timing.medianMainMs, unit: 'ms', budget: 30 });
    rows.push({ measure: `nodes added, ${timing.page} without action`, value: timing.addedNodesWithoutAction, unit: 'nodes', budget: 0 });
    rows.push({ measure: `idle panel main-thread time a minute, ${timing.page}`, value: timing.idleMsPerMinute, unit: 'ms/min', budget: 50 });
  }
  // Issue 31: one invitation after another, from Open to its note typed in the page's dialog.
  if (runs('flow')) {
    // Of the seed's ten workable invitations, four for each (the first only brought there, three
    // timed, the median printed as elsewhere), and one left to be offered after the last.
    const invitations = RUNS;
    const flows: Array<[string, FlowFigures]> = [
      ['the desk beside the page', await deskFlow({ ext, sb, invitations })],
      ['the in-page panel', await panelFlow({ ext, sb, invitations })],
      // Issue 39: N opens the next, Enter prepares, the page's Send from the keyboard.
      ['the desk with the keyboard alone', await deskFlow({ ext, sb, invitations }, true)],
    ];
    for (const [how, f] of flows) {
      rows.push({ measure: `person's clicks per invitation, Open → note typed in the dialog, ${how}`, value: f.clicks, unit: 'clicks' });
      rows.push({ measure: `  and keys`, value: f.keys, unit: 'keys' });
      if (f.sendKeys !== undefined)
        rows.push({ measure: `  and keys for the page's Send (Tab to it, Enter), the most of one`, value: f.sendKeys, unit: 'keys' });
      rows.push({ measure: `  extension's own time per invitation (median of ${f.invitations})`, value: f.ownMs, unit: 'ms' });
      rows.push({ measure: `    of which Open → Prepare offered, the page's load left out`, value: f.offeredMs, unit: 'ms' });
      rows.push({ measure: `    of which Prepare → the note typed in the dialog`, value: f.preparedMs, unit: 'ms' });
      rows.push({ measure: `  wall clock, the page's load included`, value: f.wallMs, unit: 'ms' });
    }
    // Issue 50: real keys (Xvfb, xdotool) in Chrome's side panel, the open-next key then the page's Send.
    const real = await realKeysFlow(6);
    rows.push({
      measure: `person's keys per invitation, one shown → the next shown, real keys in the side panel (median of ${real.invitations})`,
      value: real.median,
      unit: 'keys',
      budget: 2,
    });
    rows.push({ measure: '  the most of one (someone already connected: the next key records them)', value: real.most, unit: 'keys', budget: 3 });
  }
  // The panel's bytes over its budget, at most their share of its slowest main-thread time.
  const panel = sizeRows.find((r) => r.measure.startsWith('in-page panel'));
  const { former } = SIZE_BUDGETS.panel;
  if (panel && panel.value > former && timings.length) {
    const slowest = Math.max(...timings.map((t) => t.medianMainMs));
    const measure = `  the ${(panel.value - former).toFixed(1)} kB of the panel over ${former} kB, at most`;
    rows.push({ measure, value: (slowest * (panel.value - former)) / panel.value, unit: 'ms', budget: 5 });
  }
  if (runs('paint')) {
    // The worker stopped, then woken by the poll alarm: to its first request, and the bundle's part.
    const wake = await wakeTimings(ext, sb, BLANK_PAGE, RUNS);
    rows.push({ measure: `service worker woken by an alarm → first request (median of ${RUNS})`, value: wake.medianMs, unit: 'ms' });
    rows.push({ measure: '  of which loading and evaluating background.js', value: wake.medianEvalMs, unit: 'ms' });
    rows.push({ measure: '  share of the wake spent on the bundle', value: (100 * wake.medianEvalMs) / wake.medianMs, unit: '%' });
    await timePaints(ext);
    // Each page is opened right after the empty page, RUNS times: the ratio is the median of those pairs'.
    const blank = await medianPaint(ext, 'blank', RUNS);
    rows.push({ measure: `empty extension page open → painted (median of ${RUNS})`, value: blank, unit: 'ms' });
    // The options page of a configured extension: its first view (the overview) painted.
    const options = await pairedPaint(ext, 'options', RUNS);
    rows.push({ measure: `options page open → first view painted (median of ${RUNS})`, value: options.ms, unit: 'ms' });
    rows.push({ measure: `  ratio to the empty extension page opened just before (${options.blankMs.toFixed(1)} ms)`, value: options.ratio, unit: '×' });
    // The views' shared chunk is not loaded by the first view (the overview): what loading it costs
    // when a view that needs it opens.
    const shared = sharedViewFiles.length ? await chunkCostMs(ext, SANDBOX_BUILD, sharedViewFiles, BLANK_PAGE, RUNS) : undefined;
    if (shared !== undefined) rows.push({ measure: `loading the views' shared chunk when a view needs it (median of ${RUNS})`, value: shared, unit: 'ms' });
    overBudgetCosts(wake.medianEvalMs, shared);
    // What is timed is the paint from storage; the popup's refresh must not replace the list,
    // so the service is gone (the refresh fails and the list stays, as when offline).
    await sb.close();
    // The floor any page with a script stands on: one small module writing one row.
    const floor = await pairedPaint(ext, 'floor', RUNS);
    rows.push({ measure: `a page with one small module script → its row painted (median of ${RUNS})`, value: floor.ms, unit: 'ms' });
    rows.push({ measure: `  ratio to the empty extension page opened just before (${floor.blankMs.toFixed(1)} ms)`, value: floor.ratio, unit: '×' });
    // Issue 11: the popup's first row painted, as a ratio to an empty extension page.
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
      const popup = await pairedPaint(ext, 'popup', RUNS);
      rows.push({ measure: `popup open → first of ${count} invitations painted (median of ${RUNS})`, value: popup.ms, unit: 'ms' });
      const measure = `  ratio to the empty extension page opened just before (${popup.blankMs.toFixed(1)} ms), ${count} invitations`;
      rows.push({ measure, value: popup.ratio, unit: '×', budget });
    }
  }
} finally {
  await ext.close();
  await sb.close().catch(() => {});
}

// ---- requests in 10 idle minutes at default settings ----
if (runs('rest')) rows.push({ measure: 'requests in 10 idle minutes (default settings, simulated alarms)', value: await idleRequests(10), unit: 'requests' });

report();
