import { browser } from 'wxt/browser';

interface WithAccessLevel {
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
}

/**
 * Keeps storage.local (the sealed API key, settings, lists) out of content scripts' reach where the
 * browser can: Chrome 140+ (102 had it for storage.session only), the manifest's
 * minimum_chrome_version. Firefox has no such switch, and its content scripts can read and write
 * storage.local: see docs/permissions.md for what the background trusts there.
 */
export async function restrictStorageToTrustedContexts(): Promise<void> {
  const local = browser.storage.local as unknown as WithAccessLevel;
  // Chrome's default for storage.local lets content scripts in; a failure leaves that default, so
  // nothing the background trusts rests on this call alone (the key is sealed with its origin).
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
}
