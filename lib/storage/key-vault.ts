// The API key at rest is encrypted with an AES-GCM key that cannot be exported and lives in the
// extension's own IndexedDB. What this keeps the key from, and what not: content scripts (Firefox
// lets them read storage.local; Chrome is told to refuse them) read only ciphertext, and cannot
// open the extension's IndexedDB, on its own origin. It does NOT protect the key from anyone who
// can copy the browser profile: the wrapping key sits in that same profile, next to what it seals,
// and the browser opens it for whoever runs that profile. It is obfuscation against content
// scripts and the page, not encryption against a thief of the disk (docs/user-guide.md, docs/permissions.md).
//
// The key is sealed with the origin it was entered for, as AES-GCM's additional data: a sealed key
// opens only for that origin, so an address changed in storage (a content script can write
// storage.local in Firefox) cannot make the background send the key elsewhere.
import { VaultError } from '../api/errors';

const DB = 'invitation-assistant-vault';
const STORE = 'keys';
const WRAP_KEY = 'api-key-wrapping';
const SIGN_KEY = 'storage-signing';

export interface SealedKey {
  v: 1;
  iv: string;
  data: string;
  /** The service's origin the key was entered for; absent when sealed by an earlier version. */
  origin?: string;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

/**
 * A key of the vault, created once; extractable false, so even the extension cannot read it out.
 * Looked up and, when missing, stored in one transaction: two first uses at the same time (a seal
 * and the clear-text migration) then agree on one key instead of the second overwriting the first,
 * which would leave what the first sealed unreadable. One lookup is shared within this context too.
 */
const keys = new Map<string, Promise<CryptoKey>>();

async function getOrCreateKey(name: string, generate: () => Promise<CryptoKey>): Promise<CryptoKey> {
  // Made before the transaction opens: a transaction ends as soon as it waits on anything else.
  const fresh = await generate();
  const db = await openDb();
  try {
    return await new Promise<CryptoKey>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let key: CryptoKey = fresh;
      const found = store.get(name);
      found.onsuccess = () => {
        if (found.result) key = found.result as CryptoKey;
        else store.put(fresh, name);
      };
      tx.oncomplete = () => resolve(key);
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
}

function vaultKey(name: string, generate: () => Promise<CryptoKey>): Promise<CryptoKey> {
  let key = keys.get(name);
  if (!key) {
    key = getOrCreateKey(name, generate).catch((error: unknown) => {
      keys.delete(name);
      throw new VaultError(error instanceof Error ? error.message : String(error));
    });
    keys.set(name, key);
  }
  return key;
}

const wrappingKey = () => vaultKey(WRAP_KEY, () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']));

/** The key that signs what only the extension may have written (the outbox's writes, lib/outbox/signing.ts). */
export const signingKey = () => vaultKey(SIGN_KEY, () => crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));

export { b64, unb64 };

/** The origin as AES-GCM's additional data: what was sealed for one origin opens for no other. */
const bound = (origin: string | undefined) => (origin === undefined ? {} : { additionalData: new TextEncoder().encode(origin) });

export async function seal(plain: string, origin?: string): Promise<SealedKey> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, ...bound(origin) }, await wrappingKey(), new TextEncoder().encode(plain));
  return { v: 1, iv: b64(iv), data: b64(new Uint8Array(data)), ...(origin === undefined ? {} : { origin }) };
}

/**
 * The key, or null when what is stored cannot be opened (the vault was cleared): it must be entered
 * again. A failure to reach the vault itself is thrown as a VaultError, never read as "no key".
 */
export async function unseal(sealed: SealedKey): Promise<string | null> {
  const key = await wrappingKey();
  try {
    // An origin changed in storage fails the authentication: the key reads as absent.
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(sealed.iv), ...bound(sealed.origin) }, key, unb64(sealed.data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

export function isSealed(value: unknown): value is SealedKey {
  const sealed = value as SealedKey;
  return (
    typeof value === 'object' &&
    value !== null &&
    sealed.v === 1 &&
    typeof sealed.iv === 'string' &&
    typeof sealed.data === 'string' &&
    (sealed.origin === undefined || typeof sealed.origin === 'string')
  );
}
