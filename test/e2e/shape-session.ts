// One browser of the extension against a sandbox answering in one shape, for the files that try
// the extension on whole service shapes (service-shapes.test.ts, token-shape.test.ts): the
// sandbox and the browser started before the file's tests and closed after, and a view opened
// for one check.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Faults } from '../sandbox/faults';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { launchExtension, openOptionsView, type ExtensionBrowser } from './browser';

export function shapeSession(faults: Faults, prepare?: (ext: ExtensionBrowser) => Promise<void>) {
  let sb: RunningSandbox;
  let ext: ExtensionBrowser;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0 });
    sb.sandbox.faults = faults;
    ext = await launchExtension();
    await prepare?.(ext);
  });

  afterAll(async () => {
    await ext?.close();
    await sb?.close();
  });

  return {
    sb: () => sb,
    ext: () => ext,
    account: () => sb.sandbox.accounts.get(DEMO_KEY)!,
    /** Opens the options page at a view, runs `what` on it, and closes it. */
    async view(hash: string, what: (page: Page) => Promise<void>): Promise<void> {
      const page = await openOptionsView(ext, hash);
      try {
        await what(page);
      } finally {
        await page.close();
      }
    },
  };
}
