import { browser } from 'wxt/browser';

interface WithAccessLevel {
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
}

/**
 * Keeps storage.local (the API key, settings, lists) out of content scripts' reach where the
 * browser can (Chrome 102+). Firefox has no such switch: see docs/permissions.md.
 */
export async function restrictStorageToTrustedContexts(): Promise<void> {
  const local = browser.storage.local as unknown as WithAccessLevel;
  // A failure leaves Chrome's default (trusted contexts only): nothing to add.
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
}
