// Typed items over browser.storage: the four operations the extension uses, in a few hundred
// bytes (@wxt-dev/storage costs 3.7 kB gzip in every bundle, and the background has a 20 kB budget).
import { browser } from 'wxt/browser';

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
}

/**
 * Several items of the local area in one call: a page's first paint then waits on one round trip
 * to the browser rather than one per item (the popup, issue 24).
 */
export function getLocalValues<T extends unknown[]>(...items: { [K in keyof T]: KeyedItem<T[K]> }): Promise<T> {
  return localValuesFrom<T>(browser.storage.local.get(items.map((i) => i.key.slice('local:'.length))), ...items);
}

/** The items' values out of a read of the local area already under way (the popup's public/early-read.js). */
export async function localValuesFrom<T extends unknown[]>(read: Promise<Record<string, unknown>>, ...items: { [K in keyof T]: KeyedItem<T[K]> }): Promise<T> {
  const values = await read;
  return items.map((i) => i.from(values)) as T;
}

/** An item stored under `name` in the area; absent (or null) reads as the fallback. */
export function defineItem<T>(key: `${Area}:${string}`, options: { fallback: T }): KeyedItem<T> {
  const [area, name] = key.split(':', 2) as [Area, string];
  const store = () => browser.storage[area];
  const read = (value: unknown): T => (value === undefined || value === null ? options.fallback : (value as T));
  return {
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
}
