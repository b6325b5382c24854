// In Firefox content scripts can write storage.local, so a write found in the outbox is sent only
// if the extension stored it: each pending write carries an HMAC made with a key that only the
// extension holds (its IndexedDB, not extractable). The background checks it when it loads the
// outbox; pages only show the outbox and do not load this. A signature says who wrote a write,
// not that it is still queued: in Firefox the storage ledger (lib/storage/local-guard.ts) decides first,
// so a signed write put back after delivery is not sent again; the signature then tells apart,
// once, the writes queued by the release before the ledger (lib/store/firefox-adoption.ts).
import { b64, signingKey, unb64 } from '../storage/key-vault';
import type { EntryChecks } from './store';
import { canonicalJson } from '../util/canonical-json';

const bytes = (value: unknown) => new TextEncoder().encode(canonicalJson(value));

/**
 * `trustsUnsigned`: a write without a signature (stored by an earlier version) is sent where only
 * the extension can write its storage (Chrome), and waits for the person's choice in Firefox.
 */
export function entrySigner(trustsUnsigned = !import.meta.env?.FIREFOX): EntryChecks {
  return {
    trustsUnsigned,
    sign: async (entry) => b64(new Uint8Array(await crypto.subtle.sign('HMAC', await signingKey(), bytes(entry)))),
    verify: async (entry, mac) => {
      if (typeof mac !== 'string') return false;
      try {
        return await crypto.subtle.verify('HMAC', await signingKey(), unb64(mac), bytes(entry));
      } catch {
        return false;
      }
    },
  };
}
