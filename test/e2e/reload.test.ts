// The extension reloaded (as on an update) while a profile page is open: the old content script
// and panel stop quietly, with no error from a dead extension context.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveProfiles } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { launchConfigured, openAsExtension, type ExtensionBrowser } from './browser';

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

describe('extension reloaded under an open profile', () => {
  it('leaves no error behind and removes its panel', async () => {
    const account = sb.sandbox.accounts.get(DEMO_KEY)!;
    const camille = account.actions.find((a) => a.contact.firstname === 'Camille')!;
    const slug = camille.contact.network_url.split('/in/')[1]!;
    // Every address on the network gets this page, the one after in-page navigation too.
    await serveProfiles(ext.context, () => ({ name: 'Camille Lefèvre', card: 'connect', mimic: {} }));
    const page = await ext.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`https://www.linkedin.com/in/${slug}/`);
    await openAsExtension(ext, camille.id, page);
    await page.locator('#invitation-assistant-panel').waitFor({ state: 'attached' });
    await ext.worker.evaluate(() => (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload()).catch(() => undefined);
    await page.waitForTimeout(1500);
    // In-page navigation after the reload: the old scripts notice their context is gone.
    await page.evaluate(() => history.pushState({}, '', '/in/someone-else/'));
    await page.waitForTimeout(2500);
    await expect(page.locator('#invitation-assistant-panel').count()).resolves.toBe(0);
    expect(errors.filter((e) => /context invalidated|extension/i.test(e))).toEqual([]);
    await page.close();
  });
});
