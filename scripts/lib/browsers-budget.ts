// Issue 51 item 5: three browsers on one account, working then idle, against the service's 100
// requests a minute per user. Each browser is the real background controller in a worker thread
// of its own (its own storage and state, as separate browsers are); the one sandbox answers them
// in the main thread, all on one virtual clock stepped a second at a time, so twenty-six minutes
// take seconds. The person's work is the same script in each browser, on the invitations of the
// one account, so that marks also meet (two browsers marking one invitation).
import { Worker } from 'node:worker_threads';
import type { SandboxRequest, SandboxResponse } from '../../test/sandbox/app';

export type SandboxAnswer = SandboxResponse;
export type BrowserCommand = { kind: 'start'; now: number } | { kind: 'tick'; now: number } | { kind: 'ask'; now: number; message: Record<string, unknown> };
export type BrowserReport = { kind: 'fetch'; id: number; request: SandboxRequest } | { kind: 'done'; refused: number };

export interface BrowsersBudget {
  /** The most requests the service saw in any 60 s, all browsers together, while they worked. */
  busiestMinute: number;
  /** Requests a minute in the ten minutes after the work, nobody touching them: the delivered marks watched. */
  afterWorkPerMinute: number;
  /** The same while nobody touched them, ten minutes after the work. */
  idlePerMinute: number;
  /** Answers 429 the service gave (its own limit reached). */
  limited: number;
  /** The person's actions the background refused (a mark on an invitation no longer ready, say). */
  refused: number;
  requests: number;
}

const BROWSERS = 3;
const BROWSER = new URL('./browsers-budget-browser.ts', import.meta.url);
const WORK_MS = 6 * 60_000;
const IDLE_MS = 20 * 60_000;
const STEP_MS = 1000;
/** Views read without a parameter, opened over and over by a hurried person once the invitations are done. */
const VIEWS = ['listContacts', 'listEmails', 'emailsToValidate', 'emailsToHandle', 'listLetters', 'lettersToValidate', 'listBlocklist', 'calendarEvents'];

/** A person's pace: one action every 20 s in each browser; hurried, one a second, and views after the invitations. */
export type Pace = 'person' | 'hurried';

function busiest(times: readonly number[], from: number, to: number): number {
  const inside = times.filter((t) => t >= from && t < to).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < inside.length; i++) {
    while ((inside[i] as number) - (inside[j] as number) >= 60_000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

export async function browsersBudget(pace: Pace): Promise<BrowsersBudget> {
  const every = pace === 'person' ? 20_000 : 1000;
  const { Sandbox } = await import('../../test/sandbox/app');
  const { DEMO_KEY } = await import('../../test/sandbox/seed');
  const start = Date.parse('2026-11-22T09:00:00Z');
  let now = start;
  const sandbox = new Sandbox({ now: () => now, strictSent: true });
  const ready = (sandbox.accounts.get(DEMO_KEY)?.actions ?? []).filter((a) => a.status === 'ready').map((a) => a.id);

  /** The person's script in browser `b`: its share of the ready invitations, and one the next browser also has. */
  function script(b: number): Record<string, unknown>[] {
    const mine = ready.filter((_, i) => i % BROWSERS === b);
    const shared = ready[(b + 1) % BROWSERS] as string;
    const out: Record<string, unknown>[] = [];
    for (const [i, id] of mine.entries()) {
      out.push({ type: 'saveNote', actionId: id, message: `Bonjour, note ${b}.${i}` });
      out.push(i % 2 ? { type: 'markFailed', actionId: id, reason: 'not_relevant', text: '' } : { type: 'markSent', actionId: id });
      out.push({ type: 'viewRead', call: { name: i % 2 ? 'emailsToValidate' : 'listContacts' } });
      out.push({ type: 'refresh' });
    }
    out.push({ type: 'markSent', actionId: shared }, { type: 'viewRead', call: { name: 'calendarEvents' } });
    return out;
  }

  const workers = Array.from({ length: BROWSERS }, () => {
    // tsx's loader is not inherited by worker threads: the worker registers it, then loads the browser.
    const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(BROWSER.href)});`;
    const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
      workerData: { start, key: DEMO_KEY, service: 'https://sandbox.invalid' },
    });
    let done: ((refused: number) => void) | undefined;
    const ready = new Promise<void>((r) => {
      done = () => r();
    });
    w.on('message', (m: BrowserReport) => {
      if (m.kind === 'fetch') {
        const answer = sandbox.handle(m.request);
        w.postMessage({ kind: 'answer', id: m.id, answer });
      } else done?.(m.refused);
    });
    w.on('error', (e) => {
      throw e;
    });
    const send = (c: BrowserCommand) =>
      new Promise<number>((r) => {
        done = r;
        w.postMessage(c);
      });
    return { w, ready, send };
  });
  await Promise.all(workers.map((w) => w.ready));

  let refused = 0;
  const scripts = workers.map((_, b) => script(b));
  await Promise.all(workers.map((w) => w.send({ kind: 'start', now })));
  for (; now < start + WORK_MS + IDLE_MS; now += STEP_MS) {
    const at = now - start;
    const told = await Promise.all(
      workers.map((w, b) => {
        const due = at < WORK_MS && at >= b * 3000 && (at - b * 3000) % every === 0;
        const view = pace === 'hurried' ? { type: 'viewRead', call: { name: VIEWS[(at / every) % VIEWS.length] } } : undefined;
        const message = due ? (scripts[b]?.shift() ?? view) : undefined;
        return w.send(message ? { kind: 'ask', now, message } : { kind: 'tick', now });
      }),
    );
    refused += told.reduce((a, b) => a + b, 0);
  }
  await Promise.all(workers.map((w) => w.w.terminate()));

  const times = sandbox.log.map((e) => e.at);
  // The idle minutes are the last ten: a delivered mark is watched for ten minutes (mark-races.ts),
  // each poll then reading the other outcome's list, and the outbox finishes what the work left.
  const idleFrom = start + WORK_MS + IDLE_MS - 10 * 60_000;
  const idleTo = start + WORK_MS + IDLE_MS;
  const idle = times.filter((t) => t >= idleFrom && t < idleTo).length;
  const afterWork = times.filter((t) => t >= start + WORK_MS && t < idleFrom).length;
  return {
    afterWorkPerMinute: afterWork / ((idleFrom - start - WORK_MS) / 60_000),
    busiestMinute: busiest(times, start, start + WORK_MS + 2 * 60_000),
    idlePerMinute: idle / ((idleTo - idleFrom) / 60_000),
    limited: sandbox.log.filter((e) => e.status === 429).length,
    refused,
    requests: times.length,
  };
}
