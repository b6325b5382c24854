// `npm run screenshots:store`: the five 1280×800 screenshots of the store listings (docs/store/),
// light theme, from the sandbox with its demo data: the popup's queue, the panel on a profile, the
// Emails review, the Agents view (English), and the settings with About and privacy (French).
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { openAsExtension, type ExtensionBrowser } from '../test/e2e/browser';
import { DEMO_KEY } from '../test/sandbox/seed';
import type { RunningSandbox } from '../test/sandbox/server';
import { inEachLanguage } from './lib/each-language';

const out = 'docs/store/screenshots';
const SIZE = { width: 1280, height: 800 };
mkdirSync(out, { recursive: true });

async function page(context: BrowserContext, size = SIZE): Promise<Page> {
  const p = await context.newPage();
  await p.emulateMedia({ colorScheme: 'light' });
  await p.setViewportSize(size);
  return p;
}

/** The popup is 400 px wide: shown at its size on a plain backdrop with a caption, at 1280×800. */
async function popupQueue(context: BrowserContext, extensionId: string, caption: string) {
  const popup = await page(context, { width: 400, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.locator('.queue').waitFor();
  await popup.locator('.row-toggle').nth(1).click();
  await popup.waitForTimeout(500);
  const shot = (await popup.screenshot()).toString('base64');
  await popup.close();
  const frame = await page(context);
  await frame.setContent(`<!doctype html><body style="margin:0;height:800px;display:flex;align-items:center;justify-content:center;gap:64px;background:#eef2f7;font:600 30px system-ui,sans-serif;color:#1d2733">
    <p style="max-width:420px;line-height:1.35">${caption}</p>
    <img alt="" src="data:image/png;base64,${shot}" style="width:400px;height:600px;border-radius:10px;box-shadow:0 12px 40px rgba(0,0,0,.18)"></body>`);
  await frame.screenshot({ path: `${out}/1-popup-queue-en.png` });
  await frame.close();
}

async function options(context: BrowserContext, extensionId: string, view: string, file: string, prepare?: (p: Page) => Promise<void>) {
  const p = await page(context);
  await p.goto(`chrome-extension://${extensionId}/options.html#${view}`);
  await p.waitForTimeout(1500);
  await prepare?.(p);
  if (file) await p.screenshot({ path: `${out}/${file}` });
  await p.close();
}

async function panel(ext: ExtensionBrowser, sb: RunningSandbox) {
  const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'ready' && a.agent_id !== 'ag_H1cJ5yUoDq')!;
  const p = await page(ext.context);
  await p.goto(ready.contact.network_url);
  // Brought as the popup's Open profile does: the panel comes nowhere by itself.
  await openAsExtension(ext, ready.id, p);
  await p.waitForTimeout(2500);
  await p.screenshot({ path: `${out}/2-panel-on-profile-en.png` });
  await p.close();
}

await inEachLanguage(async (ext, lang, sb) => {
  if (lang === 'en') {
    await popupQueue(ext.context, ext.extensionId, 'The invitations your AI agents prepared, ready to send, with their notes.');
    await panel(ext, sb);
    // The settings page verifies the preset key and reads the account (its agents) first.
    await options(ext.context, ext.extensionId, 'settings', '', async (p) => {
      await p
        .getByText(/^Connected\./)
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
    });
    await options(ext.context, ext.extensionId, 'emails', '3-emails-review-en.png');
    await options(ext.context, ext.extensionId, 'agents', '4-agents-en.png', async (p) => {
      // The account (its agents) is read when the view asks for it.
      if ((await p.locator('.agent-tabs button').count()) === 0) await p.getByRole('button', { name: 'Refresh' }).click();
      await p.locator('.agent-tabs button').first().click({ timeout: 20_000 });
      await p.waitForTimeout(1200);
    });
  } else {
    await options(ext.context, ext.extensionId, 'settings', '5-settings-fr.png', async (p) => {
      await p.getByRole('button', { name: 'Avancé' }).click();
      await p.waitForTimeout(500);
    });
  }
});
console.log(`Store screenshots written to ${out}/`);
