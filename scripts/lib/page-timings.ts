// On each saved page of ../shared/network-pages, served at its real address: the time from the
// panel script's start to the panel shown, the main-thread time the idle panel costs, and the
// nodes added when the profile has no action.
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { openAsExtension, type ExtensionBrowser } from '../../test/e2e/browser';
import type { RunningSandbox } from '../../test/sandbox/server';
import { MARKS } from '../../lib/page/panel/marks';
import { DEMO_KEY } from '../../test/sandbox/seed';

export interface PageTiming {
  page: string;
  /** Main-thread time: the script's own work before and after the background answers. */
  medianMainMs: number;
  /** Wall clock from the script's start to the panel shown, the background's answer included. */
  medianWallMs: number;
  addedNodesWithoutAction: number;
  /** Main-thread time a minute with the panel shown and idle, less the same page without a panel. */
  idleMsPerMinute: number;
}

const IDLE_WINDOW_MS = 15_000;

/** The renderer's main-thread busy time (all tasks) over a window, in ms. */
async function mainThreadMs(page: Page, windowMs: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    return metrics.find((m) => m.name === 'TaskDuration')!.value * 1000;
  };
  const before = await busy();
  await page.waitForTimeout(windowMs);
  const after = await busy();
  await cdp.detach();
  return after - before;
}

export async function savedPageTimings(ext: ExtensionBrowser, sb: RunningSandbox, runs = 5): Promise<PageTiming[]> {
  const dir = resolve(process.env.NETWORK_PAGES ?? '../shared/network-pages');
  const expected = resolve(dir, 'expected.json');
  if (!existsSync(expected)) throw new Error(`No saved pages at ${dir}`);
  const files = Object.keys(JSON.parse(readFileSync(expected, 'utf8')) as Record<string, string>);
  const bodies = new Map(files.map((f) => [basename(f, '.html'), readFileSync(resolve(dir, f), 'utf8')]));
  const withAction = new Set<string>();

  // Give each saved profile a ready action on the sandbox.
  const account = sb.sandbox.accounts.get(DEMO_KEY)!;
  const template = account.actions.find((a) => a.status === 'ready' && a.agent_id !== 'ag_H1cJ5yUoDq')!;
  for (const slug of bodies.keys()) {
    account.actions.push({ ...template, id: `na_bench_${slug}`, contact: { ...template.contact, network_url: `https://www.linkedin.com/in/${slug}` } });
  }

  await ext.context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const slug = /^\/in\/([^/]+)/.exec(url.pathname)?.[1];
    if (url.hostname === 'www.linkedin.com' && slug && route.request().resourceType() === 'document') {
      const saved = bodies.get(slug.replace(/^bench-none-/, ''));
      if (saved) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: saved });
    }
    if (url.protocol === 'chrome-extension:' || url.hostname === '127.0.0.1') return route.continue();
    // The saved pages link to the network's assets: nothing leaves this machine.
    return route.fulfill({ status: 404, body: '' });
  });

  // Let the background list the new actions.
  const popup = await ext.context.newPage();
  await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await popup.waitForFunction(() => document.querySelectorAll('.queue > li').length > 0);
  await popup.getByRole('button', { name: 'Refresh' }).click();
  await popup.waitForTimeout(1000);
  await popup.close();
  for (const slug of bodies.keys()) withAction.add(slug);

  const results: PageTiming[] = [];
  for (const slug of withAction) {
    const main: number[] = [];
    const wall: number[] = [];
    let idleWith = 0;
    for (let i = 0; i < runs; i++) {
      const page = await ext.context.newPage();
      await page.goto(`https://www.linkedin.com/in/${slug}/`, { waitUntil: 'domcontentloaded' });
      // Brought as the popup's Open profile does (the panel comes nowhere by itself); timed from the panel script's start.
      await openAsExtension(ext, `na_bench_${slug}`, page);
      await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, MARKS.shown, { timeout: 20_000 });
      // No named functions inside: tsx would wrap them in a helper the page does not have.
      const [start, asked, answered, shown] = (await page.evaluate(
        (names) => names.map((n) => performance.getEntriesByName(n)[0]!.startTime),
        [MARKS.start, MARKS.asked, MARKS.answered, MARKS.shown],
      )) as [number, number, number, number];
      const m = asked - start + (shown - answered);
      const w = shown - start;
      main.push(m);
      wall.push(w);
      if (i < runs - 1) await page.close();
      else {
        // The last run stays open: the panel shown, nobody touching the page.
        await page.waitForTimeout(2000);
        idleWith = await mainThreadMs(page, IDLE_WINDOW_MS);
        await page.close();
      }
    }
    main.sort((a, b) => a - b);
    wall.sort((a, b) => a - b);

    // The same page under another address, whose profile has no action.
    const page = await ext.context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __added: number };
      w.__added = 0;
      document.addEventListener('DOMContentLoaded', () =>
        new MutationObserver((records) => {
          for (const r of records) w.__added += r.addedNodes.length;
        }).observe(document, { childList: true, subtree: true }),
      );
    });
    await page.goto(`https://www.linkedin.com/in/bench-none-${slug}/`, { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(2000);
    const added = await page.evaluate(() => (window as unknown as { __added: number }).__added);
    const idleWithout = await mainThreadMs(page, IDLE_WINDOW_MS);
    await page.close();
    const mid = Math.floor(runs / 2);
    const idleMsPerMinute = Math.max(0, idleWith - idleWithout) * (60_000 / IDLE_WINDOW_MS);
    results.push({ page: slug, medianMainMs: main[mid]!, medianWallMs: wall[mid]!, addedNodesWithoutAction: added, idleMsPerMinute });
  }
  return results;
}
