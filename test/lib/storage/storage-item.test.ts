import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineItem } from '../../../lib/storage/storage-item';

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

describe('reading several items at once', () => {
  it('takes their values out of one read already under way, each by its key and fallback', async () => {
    const { localValuesFrom } = await import('../../../lib/storage/storage-item');
    const a = defineItem<number>('local:a', { fallback: 1 });
    const b = defineItem<string>('local:b', { fallback: 'none' });
    expect(await localValuesFrom<[number, string]>(Promise.resolve({ a: 7 }), a, b)).toEqual([7, 'none']);
  });

  it("the popup's early classic script reads the keys of the items its first paint needs", async () => {
    const { readFileSync } = await import('node:fs');
    const { runInNewContext } = await import('node:vm');
    const { accountItem, actionsItem, settingsItem, syncStatusItem } = await import('../../../lib/store/storage');
    let asked: unknown;
    const context: Record<string, unknown> = {
      chrome: {
        storage: {
          local: {
            get: (keys: unknown) => {
              asked = keys;
              return Promise.resolve({});
            },
          },
        },
      },
    };
    context.globalThis = context;
    runInNewContext(readFileSync('public/early-read.js', 'utf8'), context);
    expect(asked).toEqual([actionsItem, syncStatusItem, accountItem, settingsItem].map((i) => i.key.slice('local:'.length)));
    expect(context.__popupEarlyRead).toBeInstanceOf(Promise);
  });
});
