import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isSealed, seal, unseal } from '../../lib/key-vault';
import { apiKeyItem } from '../../lib/storage';

const KEY = 'sk-live-0123456789abcdef';

describe('API key at rest', () => {
  it('is stored sealed: storage holds no trace of the key', async () => {
    await apiKeyItem.setValue(KEY);
    const raw = await fakeBrowser.storage.local.get('apiKey');
    expect(isSealed(raw.apiKey)).toBe(true);
    expect(JSON.stringify(raw)).not.toContain(KEY);
    expect(JSON.stringify(raw)).not.toContain(btoa(KEY).slice(0, 12));
    expect(await apiKeyItem.getValue()).toBe(KEY);
  });

  it('uses a fresh IV each time', async () => {
    const a = await seal(KEY);
    const b = await seal(KEY);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
    expect(await unseal(b)).toBe(KEY);
  });

  it('seals a key an earlier version stored in clear, when it is next read', async () => {
    await fakeBrowser.storage.local.set({ apiKey: KEY });
    expect(await apiKeyItem.getValue()).toBe(KEY);
    expect(isSealed((await fakeBrowser.storage.local.get('apiKey')).apiKey)).toBe(true);
  });

  it('reads as no key when the sealed value cannot be opened', async () => {
    const sealed = await seal(KEY);
    expect(await unseal({ ...sealed, data: btoa('tampered-with-data') })).toBeNull();
  });
});
