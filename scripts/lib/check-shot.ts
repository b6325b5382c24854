// The connection check's screenshots (issue 37): run from Settings to its end, the section alone;
// and the run that follows a Connect, spread out, while it reads.
import type { Page } from 'playwright-core';

export async function shootCheck(options: Page, extensionId: string, path: string): Promise<void> {
  await options.goto(`chrome-extension://${extensionId}/options.html#settings`);
  await options.locator('.connection-check > button').click();
  await options.locator('.connection-check .check-results tbody tr:not(.check-pending)').nth(8).waitFor();
  await options.locator('.connection-check > button:not([disabled])').waitFor();
  await options.locator('.connection-check').screenshot({ path });
}

/** After Connect (the saved key), the check reading one answer every few seconds: the section alone. */
export async function shootCheckAfterConnect(options: Page, extensionId: string, path: string): Promise<void> {
  await options.goto(`chrome-extension://${extensionId}/options.html#settings`);
  // Loaded again: the same address keeps the document, and the table of the check before it.
  await options.reload();
  await options.locator('form.credentials button[type=submit]').click();
  // Two answers read (English "2 of 14", French "2 sur 14"): the spread run under way.
  await options.locator('.connection-check .feedback', { hasText: /\b2 (of|sur) 14\b/ }).waitFor({ timeout: 30_000 });
  await options.locator('.connection-check').screenshot({ path });
}
