// Firefox's storage checks in a unit test (lib/storage/local-guard.ts): the build's FIREFOX flag is false
// under vitest, so a test turns the ledger on itself, on a ledger emptied first.
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ledgerGuard } from '../../lib/storage/local-guard';
import { useGuard } from '../../lib/storage/storage-item';

function emptyLedger(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase('invitation-assistant-ledger');
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });
}

/** In this describe block, storage.local is checked as in Firefox. */
export function asInFirefox(): void {
  beforeEach(async () => {
    await emptyLedger();
    useGuard(ledgerGuard);
  });
  afterEach(() => useGuard(undefined));
}

/** A content script's write: straight to storage.local, past the extension's ledger. */
export const contentScriptSets = (items: Record<string, unknown>) => fakeBrowser.storage.local.set(items);

/** What a content script can read (Firefox lets it read storage.local too). */
export const contentScriptGets = async (name: string) => (await fakeBrowser.storage.local.get(name))[name];
