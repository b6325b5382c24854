// A 401 is a question, in Chromium: the service rejects every key for a while (a mark made then
// is held), then accepts the key again; one click of Connect (which verifies the saved key) resumes polling and the held write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import { badgeText, badgeTitle, launchConfigured, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('key rejected, then accepted again, in Chromium', () => {
  it('Connect with the saved key asks the service and resumes polling and the held write at once', async () => {
    const account = sb.sandbox.accounts.get(DEMO_KEY)!;
    const action = account.actions.find((a) => a.status === 'ready' && a.agent_id === 'ag_7Kq2mX9pLs')!;
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/options.html#settings`);

    sb.sandbox.faults = { rejectKeys: true };
    const reply = await page.evaluate(
      (actionId) =>
        (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({
          type: 'markSent',
          actionId,
        }),
      action.id,
    );
    expect(reply).toMatchObject({ ok: true, data: { state: 'queued' } });
    await until(async () => (await badgeText(ext.worker)) === '!', 'the rejected-key badge');
    expect(await badgeTitle(ext.worker)).toMatch(/rejected/i);

    // The service takes the key again; nothing is polled or sent before someone asks.
    sb.sandbox.faults = {};
    const lists = () => sb.sandbox.log.filter((l) => l.path === '/api/network/actions').length;
    const listedBefore = lists();
    const accounts = () => sb.sandbox.log.filter((l) => l.path === '/api/api/me' && l.status === 200).length;
    const verifiedBefore = accounts();
    // Connect with the saved key (the address and key fields left as they are) verifies it.
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText(/^Connected\./).waitFor();
    const clickedAt = Date.now();
    // Counted now and the page closed: the connection check that follows a Connect reads the
    // account again, 4 s later.
    const verifiedAfter = accounts();
    await page.close();
    await until(() => action.status === 'sent', 'the held mark to be delivered', 15_000);
    await until(async () => /^\d+\+?$/.test(await badgeText(ext.worker)), 'a count on the badge', 15_000);
    expect(lists()).toBeGreaterThan(listedBefore);
    expect(Date.now() - clickedAt).toBeLessThan(15_000);
    // Verify asked the service rather than answering from an earlier answer.
    expect(verifiedAfter).toBe(verifiedBefore + 1);
  });
});
