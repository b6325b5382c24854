// The API key at rest is encrypted with an AES-GCM key that cannot be exported and lives in the
// extension's own IndexedDB. Firefox lets content scripts read storage.local (Chrome is also told
// to refuse them); what they could read there is ciphertext, and the extension's IndexedDB, on its
// own origin, is out of their reach.
import { VaultError } from './api/errors';

const DB = 'invitation-assistant-vault';
const STORE = 'keys';
const WRAP_KEY = 'api-key-wrapping';

export interface SealedKey {
  v: 1;
  iv: string;
  data: string;
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
 * The wrapping key, created once; extractable false, so even the extension cannot read it out.
 * Looked up and, when missing, stored in one transaction: two first uses at the same time (a seal
 * and the clear-text migration) then agree on one key instead of the second overwriting the first,
 * which would leave what the first sealed unreadable. One lookup is shared within this context too.
 */
let wrapping: Promise<CryptoKey> | null = null;

async function getOrCreateWrappingKey(): Promise<CryptoKey> {
  // Made before the transaction opens: a transaction ends as soon as it waits on anything else.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const db = await openDb();
  try {
    return await new Promise<CryptoKey>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let key: CryptoKey = fresh;
      const found = store.get(WRAP_KEY);
      found.onsuccess = () => {
        if (found.result) key = found.result as CryptoKey;
        else store.put(fresh, WRAP_KEY);
      };
      tx.oncomplete = () => resolve(key);
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
}

function wrappingKey(): Promise<CryptoKey> {
  wrapping ??= getOrCreateWrappingKey().catch((error: unknown) => {
    wrapping = null;
    throw new VaultError(error instanceof Error ? error.message : String(error));
  });
  return wrapping;
}

export async function seal(plain: string): Promise<SealedKey> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await wrappingKey(), new TextEncoder().encode(plain));
  return { v: 1, iv: b64(iv), data: b64(new Uint8Array(data)) };
}

/**
 * The key, or null when what is stored cannot be opened (the vault was cleared): it must be entered
 * again. A failure to reach the vault itself is thrown as a VaultError, never read as "no key".
 */
export async function unseal(sealed: SealedKey): Promise<string | null> {
  const key = await wrappingKey();
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(sealed.iv) }, key, unb64(sealed.data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

export function isSealed(value: unknown): value is SealedKey {
  return typeof value === 'object' && value !== null && (value as SealedKey).v === 1 && typeof (value as SealedKey).iv === 'string';
}
