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

export function addBlankPage(build: string): void {
  writeFileSync(join(build, BLANK_PAGE), BLANK_HTML);
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
const SELECTORS = { '/popup.html': '.queue > li', '/options.html': '#view-heading', [`/${BLANK_PAGE}`]: 'body' };

/** Starts timing paints in every page the extension's browser opens from now on. */
export async function timePaints(ext: ExtensionBrowser): Promise<void> {
  await ext.context.addInitScript({ content: recordFirstPaint(SELECTORS) });
}

/** The median, over `runs` openings (after one not counted: the first open warms caches), of the time to painted. */
export async function medianPaint(ext: ExtensionBrowser, page: 'popup' | 'options' | 'blank', runs: number, hash = ''): Promise<number> {
  const url = `chrome-extension://${ext.extensionId}/${page === 'blank' ? BLANK_PAGE : `${page}.html`}${hash}`;
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const tab = await ext.context.newPage();
    await tab.goto(url);
    const handle = await tab.waitForFunction(() => (window as PaintWindow).__benchPainted, undefined, { timeout: 20_000 });
    if (run > 0) times.push((await handle.jsonValue()) as number);
    await tab.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
