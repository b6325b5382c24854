// `npm run screenshot`: renders the popup against the sandbox into docs/popup.png for the README.
import { mkdirSync } from 'node:fs';
import { badgeText, launchExtension, waitForBadgeCount } from '../test/e2e/browser';
import { DEMO_KEY } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';
import { wxtBuild } from './lib/build';

const sb = await startSandbox({ port: 0 });
wxtBuild(['--mode', 'sandbox'], { WXT_SANDBOX_URL: sb.url, WXT_SANDBOX_KEY: DEMO_KEY });
const ext = await launchExtension();
try {
  await waitForBadgeCount(ext.worker);
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 400, height: 640 });
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await page.getByRole('list', { name: 'Ready invitations' }).waitFor();
  mkdirSync('docs', { recursive: true });
  await page.screenshot({ path: 'docs/popup.png' });
  console.log(`docs/popup.png written (badge: ${await badgeText(ext.worker)})`);
} finally {
  await ext.close();
  await sb.close();
}
