// The options page's views for `npm run bench`: what each view loads (gzip), and the requests a
// person spends by opening each view once and by leaving the page open.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtensionBrowser } from '../../test/e2e/browser';
import type { RunningSandbox } from '../../test/sandbox/server';

const VIEWS = ['overview', 'invitations', 'contacts', 'agents', 'emails', 'letters', 'blocklist', 'meetings', 'settings'];

/**
 * Each view's chunk (views/<name>-view) with the chunks only it imports, gzip bytes, beside the
 * page's own; and, as one more row ("shared"), the chunks two or more views import, which the
 * first of them loads once for all.
 */
export function viewChunkSizes(
  out: string,
  gz: (file: string) => number,
  pageFiles: string[],
): Array<{ view: string; bytes: number; files: string[] /** With the shared chunks it imports: opened first. */; cold: number }> {
  const chunks = readdirSync(join(out, 'chunks')).map((f) => `chunks/${f}`);
  const loaded = new Set(pageFiles);
  const views = VIEWS.flatMap((view) => {
    const file = chunks.find((c) => c.startsWith(`chunks/${view}-view-`));
    return file ? [{ view, files: staticImports(out, file).filter((f) => !loaded.has(f)) }] : [];
  });
  const uses = new Map<string, number>();
  for (const v of views) for (const f of v.files) uses.set(f, (uses.get(f) ?? 0) + 1);
  const shared = [...uses].filter(([, n]) => n > 1).map(([f]) => f);
  const size = (files: string[]) => files.reduce((s, f) => s + gz(f), 0);
  return [
    ...views.map((v) => {
      const own = v.files.filter((f) => !shared.includes(f));
      return { view: v.view, bytes: size(own), files: own, cold: size(v.files) };
    }),
    { view: 'shared by several views, loaded once', bytes: size(shared), files: shared, cold: size(shared) },
  ];
}

/** A chunk and every chunk it imports statically (dynamic imports load later, when asked). */
function staticImports(out: string, file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const code = readFileSync(join(out, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) staticImports(out, `chunks/${m[1]}`, seen);
  return [...seen];
}

interface Alarm {
  name: string;
  scheduledTime: number;
  periodInMinutes?: number;
}
interface ChromeAlarms {
  chrome: { alarms: { getAll(): Promise<Alarm[]>; clearAll(): Promise<boolean>; create(name: string, info: object): Promise<void> } };
}

/**
 * Runs `measure` with the background's own polling (its alarms) paused, so that every request
 * the sandbox sees meanwhile is one the options page caused: a view's reads, the weekly figures
 * or the account it asks the background for. The alarms are put back afterwards.
 */
async function withPollingPaused<T>(ext: ExtensionBrowser, sb: RunningSandbox, measure: () => Promise<T>): Promise<T> {
  const alarms = await ext.worker.evaluate(async () => {
    const { alarms } = (globalThis as unknown as ChromeAlarms).chrome;
    const all = await alarms.getAll();
    await alarms.clearAll();
    return all;
  });
  // A poll already under way finishes before anything is counted.
  let seen = -1;
  while (seen !== sb.sandbox.log.length) {
    seen = sb.sandbox.log.length;
    await new Promise((r) => setTimeout(r, 1500));
  }
  try {
    return await measure();
  } finally {
    await ext.worker.evaluate(
      (all) =>
        Promise.all(
          all.map((a) =>
            (globalThis as unknown as ChromeAlarms).chrome.alarms.create(a.name, {
              when: Math.max(a.scheduledTime, Date.now() + 1000),
              ...(a.periodInMinutes ? { periodInMinutes: a.periodInMinutes } : {}),
            }),
          ),
        ),
      alarms,
    );
  }
}

/** Every request the sandbox answered so far (the background's polling is paused meanwhile). */
const requests = (sb: RunningSandbox) => sb.sandbox.log.length;

/** The key verified as a person's Connect does it: the account (its agents) is known before views open. */
async function verifyKey(ext: ExtensionBrowser): Promise<void> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/options.html#settings`);
  await page.evaluate(() =>
    (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({ type: 'verifyKey' }),
  );
  await page.close();
}

export async function optionsRequests(ext: ExtensionBrowser, sb: RunningSandbox, idleMinutes: number) {
  await verifyKey(ext);
  return withPollingPaused(ext, sb, async () => {
    const perView: Array<{ view: string; requests: number; routes: string[] }> = [];
    const spent = (view: string, before: number) =>
      perView.push({ view, requests: requests(sb) - before, routes: sb.sandbox.log.slice(before).map((l) => l.route ?? l.path) });
    // The page opens on the first view: what opening the page costs is that view's.
    const [first, ...others] = VIEWS;
    let before = requests(sb);
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/options.html#${first}`);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.waitFor();
    await page.waitForTimeout(1500);
    spent(first!, before);
    for (const view of others) {
      before = requests(sb);
      await nav.locator(`a[href="#${view}"]`).click();
      await page.waitForTimeout(1500);
      spent(view, before);
    }
    before = requests(sb);
    await page.waitForTimeout(idleMinutes * 60_000);
    const idle = requests(sb) - before;
    await page.close();
    return { perView, idle };
  });
}
