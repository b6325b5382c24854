// The demo's browser (headless here): the popup in the first tab, and every prospect of the demo
// account with a simulated profile page at its real address, where the in-page assistant runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProfile, openDemoBrowser } from '../../scripts/lib/demo-browser';
import { slugOfPath } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { configureThroughOptions, waitForBadgeCount, type ExtensionBrowser } from './browser';

let sb: RunningSandbox;
let ext: ExtensionBrowser;

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await openDemoBrowser(sb.sandbox, { headless: true });
  // The tests' build has no preset (the demo's has): configure it as a person would.
  await configureThroughOptions(ext, sb.url, DEMO_KEY);
  await waitForBadgeCount(ext.worker);
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe('the demo browser', () => {
  it('opens the popup first, and "Open profile" shows the prospect’s simulated page with the assistant', async () => {
    const popup = ext.context.pages()[0]!;
    expect(popup.url()).toBe(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.reload();
    const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'ready' && a.message)!;
    const name = `${ready.contact.firstname} ${ready.contact.lastname}`;
    const spec = demoProfile(sb.sandbox, slugOfPath(new URL(ready.contact.network_url).pathname))!;
    expect(spec.name).toBe(name);
    const opened = ext.context.waitForEvent('page');
    await popup
      .getByRole('listitem')
      .filter({ has: popup.getByRole('heading', { name, exact: true }) })
      .getByRole('button', { name: 'Open profile' })
      .click();
    const tab = await opened;
    const host = tab.locator('#invitation-assistant-panel');
    await host.getByRole('heading', { name, exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => host.getAttribute('data-invitation-state'), { timeout: 10_000 }).toBe(spec.card);
    await tab.close();
  });

  it('gives other prospects of the demo the other page states, and leaves unknown profiles alone', async () => {
    const kinds = new Set(
      sb.sandbox.accounts.get(DEMO_KEY)!.actions.map((a) => demoProfile(sb.sandbox, slugOfPath(new URL(a.contact.network_url).pathname))?.card),
    );
    expect([...kinds].sort()).toEqual(['connect', 'connect-in-more', 'connected', 'pending']);
    expect(demoProfile(sb.sandbox, 'someone-else')).toBeUndefined();
  });
});
