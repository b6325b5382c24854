// Firefox only (lib/storage/local-guard.ts; Chrome bundles drop it): a ledger, in the extension's own
// IndexedDB, of the SHA-256 digest of what the extension last wrote under each storage.local key.
// Content scripts can read and write storage.local in Firefox, but they run in the page's origin
// and cannot open this database: a stored value whose digest the ledger does not hold was not
// written by the extension, or was written by it once and put back since (a replay).
//
// A plain digest is enough (no key): what makes it proof is where it is kept, not how it is made.
import { VaultError } from '../api/errors';
import { b64 } from './key-vault';
import { canonicalJson } from '../util/canonical-json';

const DB = 'invitation-assistant-ledger';
const STORE = 'digests';
const LOCK = 'invitation-assistant-ledger';

/** The digests accepted for a key: the last written first, and, while a write is under way, those before it. */
export type Accepted = string[];

export const digestOf = async (value: unknown) => b64(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(value)))));

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

// One connection per context, kept open: every checked read looks the ledger up.
let db: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  if (!db) {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    db = done(req).then((conn) => {
      // Deleting the database (a test, or the browser clearing data) closes this one and opens anew next time.
      conn.onversionchange = () => {
        conn.close();
        db = undefined;
      };
      return conn;
    });
    db.catch(() => {
      db = undefined;
    });
  }
  return db;
}

/**
 * One transaction on the ledger. A failure to reach the extension's IndexedDB is the key vault's
 * failure too (same database engine, same origin): said as such, never read as "not written by us".
 */
async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => T): Promise<T> {
  try {
    const tx = (await open()).transaction(STORE, mode);
    const result = run(tx.objectStore(STORE));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
    return result;
  } catch (error) {
    throw new VaultError(error instanceof Error ? error.message : String(error));
  }
}

/** What the ledger accepts for each of `names` (absent: nothing, the extension wrote none or removed it). */
export async function acceptedFor(names: string[]): Promise<Map<string, Accepted>> {
  const reqs = await inStore('readonly', (store) => names.map((name) => [name, store.get(name)] as const));
  return new Map(reqs.flatMap(([name, req]) => (Array.isArray(req.result) ? [[name, req.result as Accepted]] : [])));
}

/** Records what is accepted for each key (undefined: nothing), in one transaction. */
export function record(entries: Map<string, Accepted | undefined>): Promise<void> {
  return inStore('readwrite', (store) => {
    for (const [name, accepted] of entries) {
      if (accepted) store.put(accepted, name);
      else store.delete(name);
    }
  });
}

/** The keys the ledger holds a digest for, among those starting with `prefix`. */
export async function namesStarting(prefix: string): Promise<string[]> {
  const req = await inStore('readonly', (store) => store.getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`)));
  return req.result as string[];
}

// Writes (ledger, storage, ledger) are one step for every extension context at once: the popup and
// the background writing the same key cannot interleave, and a read never meets a write half done.
// Web Locks are per origin, so content scripts neither take nor hold this lock. Where the API is
// missing (unit tests on Node), one chain per context.
interface Locks {
  request<T>(name: string, options: { mode: 'shared' | 'exclusive' }, run: () => Promise<T>): Promise<T>;
}
const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
let chain: Promise<unknown> | undefined;

export function locked<T>(mode: 'shared' | 'exclusive', run: () => Promise<T>): Promise<T> {
  if (locks) return locks.request(LOCK, { mode }, run);
  const next = chain ? chain.then(run) : run();
  chain = next.catch(() => undefined);
  return next;
}
