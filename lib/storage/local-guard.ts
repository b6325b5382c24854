// Firefox's storage.local as the extension's pages and background use it (lib/storage/storage-item.ts and
// the outbox's store go through this there; Chrome, whose storage content scripts cannot reach,
// bundles none of it). A value reads as the extension's only if the ledger (lib/storage/storage-ledger.ts)
// holds its digest: one a content script wrote, or put back after the extension changed or
// removed it, is told apart (`suspect`) and each item reads it as its fallback or a safe value.
import { browser } from 'wxt/browser';
import { acceptedFor, digestOf, locked, namesStarting, record, type Accepted } from './storage-ledger';

/** Read as stored in both browsers: the migrations' version (a content script changing it only makes them run again, or not at all). */
const UNCHECKED = new Set(['schemaVersion']);

export interface Checked {
  /** What the extension wrote, by key (absent keys are in neither). */
  values: Record<string, unknown>;
  /** What is stored but was not written by the extension, or not last. */
  suspect: Record<string, unknown>;
}

export interface LocalGuard {
  get(names: string[]): Promise<Checked>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(names: string | string[]): Promise<void>;
  /** The keys starting with `prefix` whose value the extension wrote last (and did not remove). */
  names(prefix: string): Promise<string[]>;
}

async function check(stored: Record<string, unknown>, names: string[]): Promise<Checked> {
  const accepted = await acceptedFor(names);
  const checked: Checked = { values: {}, suspect: {} };
  for (const name of names) {
    if (!(name in stored)) continue;
    const value = stored[name];
    const ours = UNCHECKED.has(name) || accepted.get(name)?.includes(await digestOf(value));
    (ours ? checked.values : checked.suspect)[name] = value;
  }
  return checked;
}

export const ledgerGuard: LocalGuard = {
  get: (names) => locked('shared', async () => check(await browser.storage.local.get(names), names)),

  // The ledger first, then storage: storage.onChanged's listeners, in any context, find the new
  // digest already there. Until the write is done the ledger also accepts what it replaces, so a
  // worker stopped between the two steps leaves a value that still reads as the extension's.
  set: (items) =>
    locked('exclusive', async () => {
      const names = Object.keys(items);
      const [before, digests] = await Promise.all([acceptedFor(names), Promise.all(names.map((n) => digestOf(items[n])))]);
      await record(new Map(names.map((n, i) => [n, [digests[i]!, ...(before.get(n) ?? [])] as Accepted])));
      await browser.storage.local.set(items);
      await record(new Map(names.map((n, i) => [n, [digests[i]!]])));
    }),

  // The ledger's entry goes first: a stop between the two leaves a value no longer vouched for,
  // which reads as absent, as meant; never a removed value that could be put back and trusted.
  remove: (names) =>
    locked('exclusive', async () => {
      await record(new Map([names].flat().map((n) => [n, undefined])));
      await browser.storage.local.remove(names);
    }),

  names: (prefix) => locked('shared', () => namesStarting(prefix)),
};

/**
 * Vouches for what storage holds now under `names`, as if the extension had just written it: the
 * one-time adoption of what the release before this one stored (lib/store/firefox-adoption.ts).
 */
export function vouch(names: string[]): Promise<void> {
  return locked('exclusive', async () => {
    const stored = await browser.storage.local.get(names);
    const present = names.filter((n) => n in stored);
    await record(new Map(await Promise.all(present.map(async (n) => [n, [await digestOf(stored[n])]] as [string, Accepted]))));
  });
}
