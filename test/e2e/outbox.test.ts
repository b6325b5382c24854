// Nothing lost, in Chromium: 50 writes made while the sandbox is down, the service worker
// stopped (DevTools protocol) in the middle of delivery, the sandbox back: it holds all 50.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { launchConfigured, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  // 25 ready invitations of active agents, the page the background lists.
  const account = sb.sandbox.accounts.get(DEMO_KEY)!;
  const template = account.actions.find((a) => a.status === 'ready' && a.agent_id === 'ag_7Kq2mX9pLs')!;
  account.actions = account.actions.filter((a) => a.status !== 'ready');
  for (let i = 0; i < 25; i++) {
    account.actions.push({
      ...template,
      id: `na_e2e_${i}`,
      created_at: template.created_at + i,
      contact: { ...template.contact, network_url: `https://www.linkedin.com/in/person-${i}` },
    });
  }
  ext = await launchConfigured(sb.url, DEMO_KEY);
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('durable outbox in Chromium', () => {
  it('delivers 50 writes made while the service was down, across a stopped service worker, each once', async () => {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/options.html`);
    sb.sandbox.faults = { down: true };
    const ids = Array.from({ length: 25 }, (_, i) => `na_e2e_${i}`);
    // 50 writes as the popup makes them: a note, then "sent", for each invitation.
    const replies = await page.evaluate(async (actionIds) => {
      const send = (m: unknown) =>
        (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage(m);
      return Promise.all(
        actionIds.flatMap((id) => [send({ type: 'saveNote', actionId: id, message: `Note ${id}` }), send({ type: 'markSent', actionId: id })]),
      );
    }, ids);
    expect(replies).toHaveLength(50);
    expect(replies.every((r) => (r as { ok: boolean; data?: { state: string } }).data?.state === 'queued')).toBe(true);
    const account = sb.sandbox.accounts.get(DEMO_KEY)!;
    expect(account.actions.filter((a) => a.status === 'sent' && ids.includes(a.id))).toHaveLength(0);

    sb.sandbox.faults = {};
    // Deliveries resume within seconds of the return (the outbox tries again every 20 s at most,
    // and a poll that succeeds sends everything due), then a second apart.
    const writes = () => sb.sandbox.log.filter((l) => (l.route === 'markSent' || l.route === 'updateMessage') && l.status === 200).length;
    await until(() => writes() >= 5, 'the first deliveries', 150_000);
    const cdp = await ext.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    const stoppedAt = writes();
    await until(
      () => account.actions.filter((a) => ids.includes(a.id) && a.status === 'sent' && a.message === `Note ${a.id}`).length === 25,
      'all 50 writes',
      300_000,
    );
    expect(stoppedAt).toBeLessThan(50);
    // Each write landed; a write whose answer the stop cut off may be sent twice, never more.
    const perWrite = new Map<string, number>();
    for (const l of sb.sandbox.log.filter((x) => x.status === 200 && (x.route === 'markSent' || x.route === 'updateMessage'))) {
      const key = `${l.route}:${l.path}`;
      perWrite.set(key, (perWrite.get(key) ?? 0) + 1);
    }
    expect(perWrite.size).toBe(50);
    expect([...perWrite.values()].every((n) => n <= 2)).toBe(true);
    expect([...perWrite.values()].filter((n) => n === 2).length).toBeLessThanOrEqual(1);
    // Never more than the budget in a minute.
    const times = sb.sandbox.log.filter((l) => l.route).map((l) => l.at);
    for (const t of times) expect(times.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(30);
    await page.close();
  }, 480_000);
});
