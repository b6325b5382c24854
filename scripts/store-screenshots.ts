// `npm run screenshots:store`: the five 1280×800 screenshots of the store listings (docs/store/),
// light theme, from the sandbox with its demo data: the popup's queue, the desk beside a profile, the
// Emails review, the Agents view (English), and the settings with About and privacy (French). Five:
// the Chrome Web Store takes no more.
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
  await popup.locator('.queue:not(.waiting)').waitFor();
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

/**
 * The desk beside a prospect's profile, as Chrome shows its side panel: the page at 880 px, the desk
 * at 400 (Playwright reaches no side panel's document: the desk's page is taken in a tab of the
 * window, where it follows the active tab all the same), set side by side at 1280×800.
 */
async function deskBesideProfile(ext: ExtensionBrowser, sb: RunningSandbox) {
  const ready = sb.sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'ready' && a.agent_id !== 'ag_H1cJ5yUoDq' && a.message)!;
  const desk = await page(ext.context, { width: 400, height: 800 });
  await desk.goto(`chrome-extension://${ext.extensionId}/desk.html`);
  const p = await page(ext.context, { width: 880, height: 800 });
  await p.goto(ready.contact.network_url);
  await p.bringToFront();
  // Brought as Open does: the desk says what the page shows, and the page holds nothing of ours.
  await openAsExtension(ext, ready.id, p);
  await desk.locator('.at-hand button.primary').waitFor();
  await desk.waitForTimeout(1000);
  const [profileShot, deskShot] = [(await p.screenshot()).toString('base64'), (await desk.screenshot()).toString('base64')];
  await p.close();
  await desk.close();
  const frame = await page(ext.context);
  await frame.setContent(`<!doctype html><body style="margin:0;display:flex;height:800px;background:#dde3ea">
    <img alt="" src="data:image/png;base64,${profileShot}" style="width:880px;height:800px">
    <img alt="" src="data:image/png;base64,${deskShot}" style="width:399px;height:800px;border-left:1px solid #b8c2cc"></body>`);
  await frame.screenshot({ path: `${out}/2-desk-beside-profile-en.png` });
  await frame.close();
}

await inEachLanguage(async (ext, lang, sb) => {
  if (lang === 'en') {
    await popupQueue(ext.context, ext.extensionId, 'The invitations your AI agents prepared, ready to send, with their notes.');
    await deskBesideProfile(ext, sb);
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
