// Accessibility (issue 11): axe-core in Chromium on the popup, the options page's views and the
// in-page panel, in both themes. The sandbox build's panel root is open, so axe can read it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveProfiles } from '../fixtures/serve-profiles';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { launchConfigured, openAsExtension, type ExtensionBrowser } from './browser';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let sb: RunningSandbox;
let ext: ExtensionBrowser;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** axe's violations on the page (evaluated through the driver: extension pages forbid injected scripts). */
async function violations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(AXE);
  const found = (await page.evaluate(
    (selector) =>
      (globalThis as unknown as { axe: { run(ctx: unknown): Promise<{ violations: Violation[] }> } }).axe.run(selector ? { include: [[selector]] } : document),
    within ?? null,
  )) as { violations: Violation[] };
  return found.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  ext = await launchConfigured(sb.url, DEMO_KEY);
  const camille = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === 'Camille')!;
  await serveProfiles(ext.context, (slug) => (camille.contact.network_url.includes(slug) ? { name: 'Camille Lefèvre', card: 'connect' } : undefined));
});

afterAll(async () => {
  await ext?.close();
  await sb?.close();
});

describe.each(['light', 'dark'] as const)('no accessibility violation found by axe, %s theme', (scheme) => {
  it('in the popup, a row expanded', async () => {
    const page = await ext.context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await page.locator('.queue .row-toggle').first().click();
    await page.getByRole('textbox', { name: 'Note' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it.each(['settings', 'contacts', 'emails', 'emails/replies', 'letters', 'overview', 'meetings', 'agents'])(
    'on the options page, the %s view',
    async (view) => {
      const page = await ext.context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`chrome-extension://${ext.extensionId}/options.html#${view}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForTimeout(800);
      expect(await violations(page)).toEqual([]);
      await page.close();
    },
  );

  it('in the panel on a profile page', async () => {
    const camille = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.contact.firstname === 'Camille')!;
    const page = await ext.context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(camille.contact.network_url);
    // The panel comes where the extension brings the tab (the popup's Open profile, on this one).
    await openAsExtension(ext, camille.id, page);
    await page.locator('#invitation-assistant-panel').getByRole('button', { name: 'Prepare the invitation' }).waitFor({ timeout: 15_000 });
    expect(await violations(page, '#invitation-assistant-panel')).toEqual([]);
    await page.close();
  });
});

it('finds a violation when there is one (the check can fail)', async () => {
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await page.locator('.queue').waitFor();
  await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('input'), { type: 'text' })));
  expect((await violations(page)).some((v) => v.startsWith('label'))).toBe(true);
  await page.close();
});
