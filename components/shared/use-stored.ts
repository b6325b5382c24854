import { useEffect, useState } from 'preact/hooks';
import type { StorageItem } from '../../lib/storage/storage-item';

/** The value of a storage item, kept current as the background writes it; `initial` until it is read. */
export function useStored<T>(item: StorageItem<T>, initial: T): T;
export function useStored<T>(item: StorageItem<T>, initial: null): T | null;
export function useStored<T>(item: StorageItem<T>, initial: T | null): T | null {
  const [value, setValue] = useState<T | null>(initial);
  useEffect(() => {
    let live = true;
    void item.getValue().then((v) => live && setValue(v));
    const unwatch = item.watch((v) => setValue(v));
    return () => {
      live = false;
      unwatch();
    };
  }, [item]);
  return value;
}
