// Back in seconds, in Chromium: twenty marks made while the sandbox is down, then through a storm
// of 429 (retry-after 5 s, x-ratelimit-remaining 0) and a spell of 500s; once the service answers
// again, all twenty are delivered within 60 s, none refused. Prints the time from the return to
// the last delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { launchConfigured, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;
const COUNT = 20;
const ids = Array.from({ length: COUNT }, (_, i) => `na_back_${i}`);

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  const account = sb.sandbox.accounts.get(DEMO_KEY)!;
  const template = account.actions.find((a) => a.status === 'ready' && a.agent_id === 'ag_7Kq2mX9pLs')!;
  account.actions = account.actions.filter((a) => a.status !== 'ready');
  for (const [i, id] of ids.entries()) {
    account.actions.push({
      ...template,
      id,
      created_at: template.created_at + i,
      contact: { ...template.contact, network_url: `https://www.linkedin.com/in/back-${i}` },
    });
  }
  ext = await launchConfigured(sb.url, DEMO_KEY);
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('back in seconds, in Chromium', () => {
  it('delivers marks made through an outage, a 429 storm and 500s within 60 s of the return, none refused', async () => {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/options.html`);
    sb.sandbox.faults = { down: true };
    const replies = await page.evaluate(async (actionIds) => {
      const send = (m: unknown) =>
        (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage(m);
      return Promise.all(actionIds.map((id) => send({ type: 'markSent', actionId: id })));
    }, ids);
    expect(replies.every((r) => (r as { data?: { state: string } }).data?.state === 'queued')).toBe(true);

    await pause(20_000);
    sb.sandbox.faults = { rateLimitStorm: { retryAfterSeconds: 5 } };
    await pause(25_000);
    // Longer than the storm's reset (the sandbox's one-minute window): what follows is the 500s' doing.
    sb.sandbox.faults = { serverErrorRate: 1 };
    await pause(70_000);
    // Answers to marks before the return (429 and 503 come before routing: counted by path).
    const tried = sb.sandbox.log.filter((l) => l.path.endsWith('/sent')).map((l) => l.status);
    sb.sandbox.faults = {};
    const back = Date.now();

    const account = sb.sandbox.accounts.get(DEMO_KEY)!;
    await until(() => account.actions.filter((a) => ids.includes(a.id) && a.status === 'sent').length === COUNT, `all ${COUNT} marks`, 120_000);
    const delivered = sb.sandbox.log.filter((l) => l.route === 'markSent' && l.status === 200).map((l) => l.at);
    const last = Math.max(...delivered) - back;
    const tally = (status: number) => tried.filter((t) => t === status).length;
    console.log(
      `outbox-return: first delivery ${Math.min(...delivered) - back} ms, last ${last} ms after the return; before it, marks answered 429 ×${tally(429)}, 503 ×${tally(503)}`,
    );
    expect(last).toBeLessThanOrEqual(60_000);

    // None refused: nothing in the dead-letter list, every mark answered 200 once.
    const storedNow = async () =>
      (await ext.worker.evaluate(() =>
        (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } } }).chrome.storage.local.get(null),
      )) as Record<string, unknown>;
    // The sandbox records the last mark before its answer reaches the outbox, which then clears
    // its index and, after it, the write's own item (lib/outbox/store.ts).
    let stored: Record<string, unknown> = {};
    const emptied = (local: Record<string, unknown>) =>
      (local.outboxMeta as { order?: unknown[] } | undefined)?.order?.length === 0 && !Object.keys(local).some((k) => k.startsWith('outboxEntry:'));
    await until(async () => emptied((stored = await storedNow())), 'the outbox emptied', 10_000).catch(
      // The assertions below say what was left.
      () => undefined,
    );
    // The outbox's index (lib/outbox/store.ts): no write left, none refused, no write item left behind.
    expect(stored.outboxMeta).toMatchObject({ dead: [], order: [] });
    expect(Object.keys(stored).filter((k) => k.startsWith('outboxEntry:'))).toEqual([]);
    expect(new Set(sb.sandbox.log.filter((l) => l.route === 'markSent' && l.status === 200).map((l) => l.path)).size).toBe(COUNT);
    // The storm held the queue as a whole: a few tries, not one per write per wait.
    expect(tally(429)).toBeLessThan(COUNT);
    await page.close();
  }, 360_000);
});
