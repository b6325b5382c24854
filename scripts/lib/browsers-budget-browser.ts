// One browser of the three-browser budget bench (browsers-budget.ts), in a worker thread of its
// own so that it has its own extension storage and module state, as a real browser would: the
// real background controller, its requests answered by the one sandbox of the main thread, on the
// main thread's virtual clock.
import 'fake-indexeddb/auto';
import { parentPort, workerData } from 'node:worker_threads';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { benchPlatform } from './bench-platform';
import type { BrowserCommand, BrowserReport, SandboxAnswer } from './browsers-budget';

const port = parentPort;
if (!port) throw new Error('browsers-budget-browser.ts runs as a worker thread');
const { start, key, service } = workerData as { start: number; key: string; service: string };

(globalThis as Record<string, unknown>).browser = fakeBrowser;
(globalThis as Record<string, unknown>).chrome = fakeBrowser;
const { createController } = await import('../../lib/background/controller');
const { apiKeyItem, settingsItem, DEFAULT_SETTINGS } = await import('../../lib/store/storage');

let now = start;
let pollEvery = 0;
let nextPoll = Number.POSITIVE_INFINITY;
let deliverAt = Number.POSITIVE_INFINITY;
let asked = 0;
const answers = new Map<number, (a: SandboxAnswer) => void>();

/** The service, through the main thread: the request as the sandbox's own fetch reads it. */
const viaMain: typeof fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const headers: Record<string, string> = {};
  for (const [k, v] of new Headers(init.headers).entries()) headers[k.toLowerCase()] = v;
  const body = typeof init.body === 'string' ? init.body : '';
  const id = ++asked;
  return new Promise<Response>((resolve, reject) => {
    answers.set(id, (a) => {
      if (a.lost) reject(new TypeError('Failed to fetch'));
      else resolve(new Response(a.status === 204 ? null : a.body, { status: a.status, headers: a.headers }));
    });
    port.postMessage({ kind: 'fetch', id, request: { method: init.method ?? 'GET', url, headers, body } } satisfies BrowserReport);
  });
};

const controller = createController(
  benchPlatform({
    fetch: viaMain,
    now: () => now,
    schedulePoll: async (minutes) => {
      pollEvery = minutes * 60_000;
      nextPoll = now + pollEvery;
    },
    wakeAt: (at) => {
      deliverAt = Math.min(deliverAt, at);
    },
    newId: () => `bench-${++asked}-${Math.random()}`,
  }),
);

const popup = { id: 'bench', url: 'chrome-extension://bench/popup.html' };

/** The alarms a real browser would have fired by `now`. */
async function alarms(): Promise<void> {
  if (now >= deliverAt) {
    deliverAt = Number.POSITIVE_INFINITY;
    await controller.deliver();
  }
  if (now >= nextPoll) {
    nextPoll = now + pollEvery;
    await controller.poll();
  }
}

port.on('message', async (m: BrowserCommand | { kind: 'answer'; id: number; answer: SandboxAnswer }) => {
  if (m.kind === 'answer') {
    answers.get(m.id)?.(m.answer);
    answers.delete(m.id);
    return;
  }
  now = m.now;
  let refused = 0;
  if (m.kind === 'start') {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: service });
    await apiKeyItem.setValue(key, service);
    await controller.start();
  } else if (m.kind === 'tick') {
    await alarms();
  } else {
    const reply = await controller.handle(m.message, popup);
    if (!reply.ok) refused = 1;
    await alarms();
  }
  port.postMessage({ kind: 'done', refused } satisfies BrowserReport);
});
port.postMessage({ kind: 'done', refused: 0 } satisfies BrowserReport);
