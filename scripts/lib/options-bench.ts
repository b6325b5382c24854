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

/** Requests the page itself sends (the invitation loop's polls are the background's own). */
const pageRequests = (sb: RunningSandbox) =>
  sb.sandbox.log.filter((l) => l.route !== 'listActions' && l.route !== 'account' && l.route !== 'weeklyStats').length;

export async function optionsRequests(ext: ExtensionBrowser, sb: RunningSandbox, idleMinutes: number) {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/options.html#overview`);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.waitFor();
  const perView: Array<{ view: string; requests: number }> = [];
  for (const view of VIEWS) {
    const before = pageRequests(sb);
    await nav.locator(`a[href="#${view}"]`).click();
    await page.waitForTimeout(1500);
    perView.push({ view, requests: pageRequests(sb) - before });
  }
  const before = pageRequests(sb);
  await page.waitForTimeout(idleMinutes * 60_000);
  const idle = pageRequests(sb) - before;
  await page.close();
  return { perView, idle };
}
