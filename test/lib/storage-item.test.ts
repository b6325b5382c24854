import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineItem } from '../../lib/storage-item';

describe('storage items', () => {
  it('reads the fallback until set, stores under the plain name, and removes on null', async () => {
    const item = defineItem<{ n: number } | null>('local:thing', { fallback: null });
    expect(await item.getValue()).toBeNull();
    await item.setValue({ n: 1 });
    expect(await fakeBrowser.storage.local.get('thing')).toEqual({ thing: { n: 1 } });
    await item.setValue(null);
    expect(await fakeBrowser.storage.local.get('thing')).toEqual({});
  });

  it('tells watchers of changes in its own area only', async () => {
    const local = defineItem<number>('local:count', { fallback: 0 });
    const session = defineItem<number>('session:count', { fallback: 0 });
    const seen: number[] = [];
    const stop = local.watch((v) => seen.push(v));
    await local.setValue(2);
    await session.setValue(5);
    stop();
    await local.setValue(3);
    expect(seen).toEqual([2]);
    expect(await session.getValue()).toBe(5);
  });
});
