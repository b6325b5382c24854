// The popup's paint for `npm run bench` (issue 11): from the popup opened to its first row painted,
// beside an empty extension page opened in the same browser, each timed inside the page itself.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtensionBrowser } from '../../test/e2e/browser';

/**
 * The baseline: an extension page with nothing in it. The bench writes it into the unpacked
 * sandbox build it has just made, so no store build (nor any manifest) carries it.
 */
export const BLANK_PAGE = 'bench-blank.html';
const BLANK_HTML = '<!doctype html>\n<html>\n  <head>\n    <meta charset="utf-8" />\n    <title>Blank</title>\n  </head>\n  <body></body>\n</html>\n';

/**
 * The floor for any page with a script: one small module that writes one row. What every page
 * with scripts pays over the empty page (a subresource load from the extension, a module run) is
 * shown next to the popup's ratio (README, "popup paints").
 */
const FLOOR_PAGE = 'bench-floor.html';
const FLOOR_HTML =
  '<!doctype html>\n<html>\n  <head>\n    <meta charset="utf-8" />\n    <title>Floor</title>\n    <script type="module" src="/bench-floor.js"></script>\n  </head>\n  <body><div id="app"></div></body>\n</html>\n';
const FLOOR_JS =
  "const list = document.createElement('ul');\nlist.className = 'queue';\nlist.append(Object.assign(document.createElement('li'), { textContent: 'Camille Lefèvre' }));\ndocument.getElementById('app').append(list);\n";

export function addBlankPage(build: string): void {
  writeFileSync(join(build, BLANK_PAGE), BLANK_HTML);
  writeFileSync(join(build, FLOOR_PAGE), FLOOR_HTML);
  writeFileSync(join(build, 'bench-floor.js'), FLOOR_JS);
}

interface PaintWindow {
  __benchPainted?: number;
}

/**
 * Runs in every page before its own scripts: once the page's `selector` (by its path) is in the
 * document, the next frame is awaited and then the moment after it (the frame painted), in ms
 * from the page's start, is kept on the window. Source text, not a function: tsx would name the
 * inner functions with a helper the page does not have.
 */
const recordFirstPaint = (selectors: Record<string, string>) => `(() => {
  const selector = ${JSON.stringify(selectors)}[location.pathname];
  if (!selector) return;
  const observer = new MutationObserver(() => found());
  function found() {
    if (!document.querySelector(selector)) return false;
    observer.disconnect();
    requestAnimationFrame(() => {
      // A message sent from the frame's callback arrives once that frame is painted.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__benchPainted = performance.now(); };
      channel.port2.postMessage(0);
    });
    return true;
  }
  if (!found()) observer.observe(document, { childList: true, subtree: true });
})();`;

/** The first row of the popup's queue; the options page's first view (its heading); the blank page's body. */
const SELECTORS = { '/popup.html': '.queue > li', '/options.html': '#view-heading', [`/${BLANK_PAGE}`]: 'body', [`/${FLOOR_PAGE}`]: '.queue > li' };

/** Starts timing paints in every page the extension's browser opens from now on. */
export async function timePaints(ext: ExtensionBrowser): Promise<void> {
  await ext.context.addInitScript({ content: recordFirstPaint(SELECTORS) });
}

type Page = 'popup' | 'options' | 'blank' | 'floor';

/** One opening of the page, in a new tab: its time to painted. */
async function paintOnce(ext: ExtensionBrowser, page: Page, hash = ''): Promise<number> {
  const tab = await ext.context.newPage();
  await tab.goto(`chrome-extension://${ext.extensionId}/${page === 'blank' ? BLANK_PAGE : page === 'floor' ? FLOOR_PAGE : `${page}.html`}${hash}`);
  const handle = await tab.waitForFunction(() => (window as PaintWindow).__benchPainted, undefined, { timeout: 20_000 });
  const ms = (await handle.jsonValue()) as number;
  await tab.close();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median, over `runs` openings (after one not counted: the first open warms caches), of the time to painted. */
export async function medianPaint(ext: ExtensionBrowser, page: Page, runs: number, hash = ''): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const ms = await paintOnce(ext, page, hash);
    if (run > 0) times.push(ms);
  }
  return median(times);
}

/**
 * Openings not counted: Chrome compiles a page's scripts at the first, stores V8's code cache at
 * the second and runs from it after that, as for a popup opened many times a day.
 */
const WARM_UP = 2;

/**
 * The page against the empty page, each run opening one and then the other: on a machine whose
 * load drifts (a 2-core CI shared with other work), a ratio of two openings made together moves
 * less than one of medians taken a minute apart. The medians of `runs` such pairs.
 */
export async function pairedPaint(ext: ExtensionBrowser, page: Page, runs: number): Promise<{ ms: number; blankMs: number; ratio: number }> {
  const pairs: Array<{ ms: number; blankMs: number }> = [];
  for (let run = -WARM_UP; run < runs; run++) {
    const blankMs = await paintOnce(ext, 'blank');
    const ms = await paintOnce(ext, page);
    if (run >= 0) pairs.push({ ms, blankMs });
  }
  return { ms: median(pairs.map((p) => p.ms)), blankMs: median(pairs.map((p) => p.blankMs)), ratio: median(pairs.map((p) => p.ms / p.blankMs)) };
}
