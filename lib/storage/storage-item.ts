// Typed items over browser.storage: the four operations the extension uses, in a few hundred
// bytes (@wxt-dev/storage costs 3.7 kB gzip in every bundle, and the background has a 20 kB budget).
// In Firefox, whose content scripts can write storage.local, every local item reads and writes
// through the ledger (lib/storage/local-guard.ts), here and only here; Chrome's bundles do not hold it.
import { browser } from 'wxt/browser';
import { ledgerGuard, type Checked, type LocalGuard } from './local-guard';

type Area = 'local' | 'session';

export interface StorageItem<T> {
  readonly key: string;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  /** Calls back on every change made by any context; returns the unsubscribe function. */
  watch(callback: (value: T) => void): () => void;
}

/** An item kept under its own key: its value can be read among others (getLocalValues). */
interface KeyedItem<T> extends StorageItem<T> {
  from(values: Record<string, unknown>): T;
  /** Firefox: its value among values checked (lib/storage/local-guard.ts). */
  fromChecked?(checked: Checked): T;
}

/**
 * Whether this bundle checks what storage.local holds against the ledger (lib/storage/local-guard.ts):
 * Firefox, whose content scripts can write storage.local, and the unit tests (which turn the
 * checks on with useGuard). False in Chrome's bundles, which then hold none of that code.
 */
export const CHECKED = import.meta.env?.FIREFOX || import.meta.env?.MODE === 'test';

let guard: LocalGuard | undefined = import.meta.env?.FIREFOX ? ledgerGuard : undefined;

/** Tests: Firefox's checks (ledgerGuard), or none as in Chrome (undefined). */
export function useGuard(next: LocalGuard | undefined): void {
  guard = next;
}

/** The checks storage.local's values go through here, if any. */
export const localGuard = (): LocalGuard | undefined => (CHECKED ? guard : undefined);

/**
 * Several items of the local area in one call: a page's first paint then waits on one round trip
 * to the browser rather than one per item (the popup, issue 24).
 */
export function getLocalValues<T extends unknown[]>(...items: { [K in keyof T]: KeyedItem<T[K]> }): Promise<T> {
  const g = localGuard();
  if (g) return checkedValues<T>(g, items);
  return localValuesFrom<T>(browser.storage.local.get(items.map((i) => i.key.slice('local:'.length))), ...items);
}

/** The items' values out of a read of the local area already under way (the popup's public/early-read.js). */
export async function localValuesFrom<T extends unknown[]>(read: Promise<Record<string, unknown>>, ...items: { [K in keyof T]: KeyedItem<T[K]> }): Promise<T> {
  const g = localGuard();
  if (g) {
    // Firefox: that read went past the ledger. The items are read again, checked, under the lock
    // (checking the early answer instead could meet a write made since, and show it as absent).
    read.catch(() => undefined);
    return checkedValues<T>(g, items);
  }
  const values = await read;
  return items.map((i) => i.from(values)) as T;
}

async function checkedValues<T extends unknown[]>(g: LocalGuard, items: readonly KeyedItem<unknown>[]): Promise<T> {
  const checked = await g.get(items.map((i) => i.key.slice('local:'.length)));
  return items.map((i) => i.fromChecked!(checked)) as T;
}

interface ItemOptions<T> {
  fallback: T;
  /** Firefox: how a value the extension did not write reads (default: as the fallback). */
  suspect?: ((value: unknown) => T) | undefined;
}

/**
 * An item stored under `name` in the area; absent (or null) reads as the fallback. Marked free of
 * side effects: a bundle that never uses an item (the background and the sandbox's preset, a page
 * and the outbox's layout) leaves its definition out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineItem<T>(key: `${Area}:${string}`, options: ItemOptions<T>): KeyedItem<T> {
  const [area, name] = key.split(':', 2) as [Area, string];
  const store = () => browser.storage[area];
  const read = (value: unknown): T => (value === undefined || value === null ? options.fallback : (value as T));
  const item: KeyedItem<T> = {
    key,
    getValue: async () => read((await store().get(name))[name]),
    from: (values) => read(values[name]),
    setValue: async (value) => {
      if (value === null || value === undefined) await store().remove(name);
      else await store().set({ [name]: value });
    },
    watch: (callback) => {
      const listener = (changes: Record<string, { newValue?: unknown }>, changedArea: string) => {
        if (changedArea === area && name in changes) callback(read(changes[name]!.newValue));
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
  return CHECKED && area === 'local' ? checkedItem(item, name, read, options) : item;
}

/**
 * The same item, its values checked when a guard is in force (Firefox): one the extension did not
 * write reads as `suspect` says, or as the fallback; the extension's writes are recorded.
 */
function checkedItem<T>(item: KeyedItem<T>, name: string, read: (value: unknown) => T, options: ItemOptions<T>): KeyedItem<T> {
  const fromChecked = (checked: Checked): T =>
    name in checked.suspect ? (options.suspect ?? (() => options.fallback))(checked.suspect[name]) : read(checked.values[name]);
  const getValue = async () => {
    const g = localGuard();
    return g ? fromChecked(await g.get([name])) : item.getValue();
  };
  return {
    ...item,
    getValue,
    fromChecked,
    setValue: async (value) => {
      const g = localGuard();
      if (!g) await item.setValue(value);
      else if (value === null || value === undefined) await g.remove([name]);
      else await g.set({ [name]: value });
    },
    watch: (callback) => {
      if (!localGuard()) return item.watch(callback);
      // A change's new value is not taken as it comes: it is read again, checked, in order (a
      // content script's write reads as the fallback; a later write by the extension as itself).
      let reads = Promise.resolve();
      const listener = (changes: Record<string, unknown>, changedArea: string) => {
        if (changedArea === 'local' && name in changes)
          reads = reads
            .then(getValue)
            .then(callback)
            .catch(() => undefined);
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
}
