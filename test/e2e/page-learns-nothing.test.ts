// The store build in Chromium: a page that listens to every message posted to it and reads its
// DOM and timeline learns no id, no name and no address of the extension, on a profile with an
// invitation (no panel: it came by itself; then the panel the popup's Open profile brought), on one
// without, and off profiles (the loader runs on every page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkApp } from '../fixtures/network-app';
import { openAsExtension, type ExtensionBrowser } from './browser';
import { launchStoreBuildWithOneReady } from './store-build-launch';

const SLUG = 'jane-doe-42';
const NAME = 'Jane Doe';
let ext: ExtensionBrowser;

beforeAll(async () => {
  ext = await launchStoreBuildWithOneReady(SLUG, NAME);
  const body = networkApp({ [SLUG]: { name: NAME, card: 'connect' }, 'someone-else': { name: 'Someone Else', card: 'connect' } });
  await ext.context.route('https://www.linkedin.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body })
      : route.fulfill({ status: 404, body: '' }),
  );
});

afterAll(async () => {
  await ext?.close();
});

describe('what a page learns of the extension (store build, Chromium)', () => {
  it('hears no message and reads nothing naming the extension, with and without an invitation, off profiles, and with the panel the person brought', async () => {
    for (const [path, brought] of [
      [`/in/${SLUG}/`, false],
      [`/in/${SLUG}/`, true],
      ['/in/someone-else/', false],
      ['/feed/', false],
    ] as const) {
      const page = await ext.context.newPage();
      await page.goto(`https://www.linkedin.com${path}`);
      // The panel is a bare div in a closed root: only where the extension brought the tab (Open profile).
      const hosts = () => page.evaluate(() => [...document.body.children].filter((el) => el.tagName === 'DIV' && el.getAttributeNames().length === 0).length);
      if (brought) {
        await openAsExtension(ext, 'na_store_1', page);
        await expect.poll(hosts, { timeout: 15_000 }).toBe(1);
      } else {
        await page.waitForTimeout(2000);
        expect(await hosts()).toBe(0);
      }
      await page.evaluate(() => window.postMessage('the page’s own', '*'));
      await expect.poll(() => page.evaluate(() => (window as unknown as { __heard: string[] }).__heard.join(' '))).toContain('the page’s own');
      const learned = await page.evaluate(() =>
        [
          ...(window as unknown as { __heard: string[] }).__heard,
          document.documentElement.outerHTML,
          document.body.innerText,
          ...performance.getEntries().map((e) => e.name),
        ]
          .join('\n')
          .toLowerCase(),
      );
      for (const trace of [ext.extensionId, 'chrome-extension', 'invitation-assistant', 'invitation assistant', 'content-script-started', 'wxt']) {
        const at = learned.indexOf(trace.toLowerCase());
        expect(at < 0 ? '' : learned.slice(Math.max(0, at - 200), at + 100), `${path}: ${trace}`).toBe('');
      }
      await page.close();
    }
  });
});
