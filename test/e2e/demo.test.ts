// The demo's browser (headless here): the popup in the first tab, and every prospect of the demo
// account with a simulated profile page at its real address, where the in-page assistant runs.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wxtBuild } from '../../scripts/lib/build';
import { demoKeyLines, demoProfile, openDemoBrowser } from '../../scripts/lib/demo-browser';
import { slugOfPath } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { until } from '../helpers/until';
import {
  BUILDING_HOOK_MS,
  badgeCount,
  badgeText,
  configureThroughOptions,
  expandRow,
  launchExtension,
  unpackedExtensionId,
  waitForBadgeCount,
} from './browser';

let sb: RunningSandbox;
let ext: Awaited<ReturnType<typeof openDemoBrowser>>;

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
  it('pins the extension it loads, by the id Chromium gives it', () => {
    expect(unpackedExtensionId(resolve('.output/chrome-mv3-sandbox'))).toBe(ext.extensionId);
  });

  it('prints the keys this Chromium set for the extension, each of the three (none left unset by the suggested keys)', async () => {
    const lines = await demoKeyLines(ext);
    expect(lines).toContain('  Alt+Shift+K  Focus the invitation assistant on this profile');
    expect(lines).toContain('  Alt+Shift+J  Open the next ready invitation and prepare it');
    expect(lines).toContain('  Alt+Shift+U  Open the desk beside the page');
    expect(lines.join('\n')).not.toContain('(not set)');
  });

  it('opens the popup in a popup window, and "Open profile" shows the prospect’s simulated page with the assistant', async () => {
    const popup = ext.popup;
    expect(popup.url()).toBe(`chrome-extension://${ext.extensionId}/popup.html`);
    const windows = await ext.worker.evaluate(() =>
      (globalThis as unknown as { chrome: { windows: { getAll(o: object): Promise<Array<{ type: string; width: number }>> } } }).chrome.windows.getAll({
        populate: true,
      }),
    );
    // A window of the popup type (its 420 px hold in the demo's headed Chromium; tests emulate a viewport).
    expect(windows.filter((w) => w.type === 'popup')).toHaveLength(1);
    await popup.reload();
    const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'ready' && a.message)!;
    const name = `${ready.contact.firstname} ${ready.contact.lastname}`;
    const spec = demoProfile(sb.sandbox, slugOfPath(new URL(ready.contact.network_url).pathname))!;
    expect(spec.name).toBe(name);
    const opened = ext.context.waitForEvent('page');
    await (await expandRow(popup, name)).getByRole('button', { name: 'Open profile' }).click();
    const tab = await opened;
    const host = tab.locator('#invitation-assistant-panel');
    await host.getByRole('heading', { name, exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => host.getAttribute('data-invitation-state'), { timeout: 10_000 }).toBe(spec.card);
    await tab.close();
  });

  it('its popup window’s Work beside the page opens the desk in the browser window, not in the popup window, which then closes', async () => {
    const popup = ext.popup;
    const worker = ext.worker;
    type Chrome = {
      chrome: { windows: { getAll(): Promise<{ id: number; type: string }[]> }; runtime: { getContexts(f: object): Promise<{ documentUrl?: string }[]> } };
    };
    const normal = (await worker.evaluate(() => (globalThis as unknown as Chrome).chrome.windows.getAll())).find((w) => w.type === 'normal')!;
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Work beside the page' }).click();
    const sidePanels = () =>
      worker.evaluate(async () =>
        (await (globalThis as unknown as Chrome).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).map((c) => c.documentUrl ?? ''),
      );
    await expect.poll(sidePanels, { timeout: 10_000 }).toEqual([expect.stringMatching(new RegExp(`/desk\\.html\\?window=${normal.id}$`))]);
    await closed;
  });

  it('gives other prospects of the demo the other page states, and any other profile someone to add to an agent', async () => {
    const kinds = new Set(
      sb.sandbox.accounts.get(DEMO_KEY)!.actions.map((a) => demoProfile(sb.sandbox, slugOfPath(new URL(a.contact.network_url).pathname))?.card),
    );
    expect([...kinds].sort()).toEqual(['connect', 'connect-in-more', 'connected', 'pending']);
    expect(demoProfile(sb.sandbox, 'jeanne-durand-8c2f1')).toEqual({ name: 'Jeanne Durand', card: 'connect' });
    expect(demoProfile(sb.sandbox, '12345')).toBeUndefined();
  });
});

describe('the demo run twice, on two ports', () => {
  const runs: { sandbox: RunningSandbox; build: string }[] = [];

  /**
   * What `npm run demo` does on a port: a sandbox there and a build preset for it; each run then
   * opens a browser with a new profile (Chromium keeps an unchanged unpacked extension's old worker
   * in a kept profile). Both are built in this hook, which has the building hooks' time: at load 9
   * to 12 the two builds and both runs went past one test's 180 s (docs/development.md).
   */
  beforeAll(async () => {
    for (let run = 1; run <= 2; run++) {
      const sandbox = await startSandbox({ port: 0 });
      const out = resolve('.output/demo-e2e', `run-${run}`);
      runs.push({ sandbox, build: join(out, 'chrome-mv3-sandbox') });
      wxtBuild(['--mode', 'sandbox'], { WXT_SANDBOX_URL: sandbox.url, WXT_SANDBOX_KEY: DEMO_KEY, WXT_OUT_DIR: out });
    }
  }, 2 * BUILDING_HOOK_MS);

  afterAll(async () => {
    for (const { sandbox } of runs) await sandbox.close();
  });

  it('lists the ready invitations of its own sandbox both times, without any setting', async () => {
    for (const [run, { sandbox, build }] of runs.entries()) {
      const demo = await launchExtension({ build, pinned: true });
      try {
        await until(() => sandbox.sandbox.log.some((r) => r.path.includes('/actions')), `run ${run + 1} to poll its own sandbox`, 30_000);
        await waitForBadgeCount(demo.worker, 30_000);
        // The paused agent's invitations are counted apart (11 of the demo's 13).
        const ready = badgeCount(sandbox.sandbox.accounts.get(DEMO_KEY)!);
        expect(await badgeText(demo.worker)).toBe(ready > 25 ? '25+' : String(ready));
      } finally {
        await demo.close();
      }
    }
  }, 180_000);
});
