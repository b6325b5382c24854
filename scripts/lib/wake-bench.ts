// The service worker's wake for `npm run bench` (issue 24): the worker stopped, the poll alarm
// fires and starts it; timed from the worker's start to the sandbox receiving its first request,
// with the part spent loading and evaluating the bundle (until the background's main runs).
import type { ExtensionBrowser } from '../../test/e2e/browser';
import type { RunningSandbox } from '../../test/sandbox/server';

export interface WakeTiming {
  /** Worker start → first request received, median. */
  medianMs: number;
  /** Worker start → bundle evaluated, median. */
  medianEvalMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function wakeTimings(ext: ExtensionBrowser, sb: RunningSandbox, blankPage: string, runs: number): Promise<WakeTiming> {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/${blankPage}`);
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const wake: number[] = [];
  const evaluated: number[] = [];
  for (let run = 0; run < runs; run++) {
    await cdp.send('ServiceWorker.stopAllWorkers');
    await page.waitForTimeout(500);
    const stoppedAt = Date.now();
    const since = sb.sandbox.log.length;
    // The poll alarm, a second from now: what wakes the worker every minute.
    await page.evaluate(`chrome.alarms.create('poll-ready-actions', { when: Date.now() + 1000, periodInMinutes: 1 })`);
    const deadline = Date.now() + 20_000;
    while (sb.sandbox.log.length === since && Date.now() < deadline) await page.waitForTimeout(20);
    const first = sb.sandbox.log[since];
    if (!first) throw new Error('The woken worker sent no request');
    // The worker started after the stop: the one whose clock began last.
    let woken: { worker: (typeof ext)['worker']; origin: number; evaluatedAt: number } | undefined;
    for (const worker of ext.context.serviceWorkers()) {
      const [origin, evaluatedAt] = (await worker.evaluate('[performance.timeOrigin, globalThis.__evaluatedAt]').catch(() => [0, 0])) as [number, number];
      if (!woken || origin > woken.origin) woken = { worker, origin, evaluatedAt };
    }
    if (!woken || woken.origin < stoppedAt) throw new Error('The worker was not stopped, or its restart was not seen');
    wake.push(first.at - woken.origin);
    evaluated.push(woken.evaluatedAt);
    ext.worker = woken.worker;
  }
  await page.close();
  return { medianMs: median(wake), medianEvalMs: median(evaluated) };
}
