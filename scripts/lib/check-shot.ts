// The connection check's screenshot (issue 37): run from Settings to its end, the section alone.
import type { Page } from 'playwright-core';

export async function shootCheck(options: Page, extensionId: string, path: string): Promise<void> {
  await options.goto(`chrome-extension://${extensionId}/options.html#settings`);
  await options.locator('.connection-check > button').click();
  await options.locator('.connection-check .check-results tbody tr:not(.check-pending)').nth(8).waitFor();
  await options.locator('.connection-check > button:not([disabled])').waitFor();
  await options.locator('.connection-check').screenshot({ path });
}
