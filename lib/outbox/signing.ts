// In Firefox content scripts can write storage.local, so a write found in the outbox is sent only
// if the extension stored it: each pending write carries an HMAC made with a key that only the
// extension holds (its IndexedDB, not extractable). The background checks it when it loads the
// outbox; pages only show the outbox and do not load this.
import { b64, signingKey, unb64 } from '../key-vault';
import type { EntryChecks } from './store';

/** JSON with every object's keys in order: the same write gives the same text after storage. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

const bytes = (value: unknown) => new TextEncoder().encode(canonical(value));

/**
 * `trustsUnsigned`: a write without a signature (stored by an earlier version) is sent where only
 * the extension can write its storage (Chrome), and waits for the person's choice in Firefox.
 */
export function entrySigner(trustsUnsigned = !import.meta.env.FIREFOX): EntryChecks {
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
