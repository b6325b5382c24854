import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isSealed, seal, unseal } from '../../../lib/storage/key-vault';
import { apiKeyItem } from '../../../lib/store/storage';

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

describe('the vault under concurrent first use and failures', () => {
  it('two contexts sealing for the first time at once agree on one wrapping key: both keys open', async () => {
    indexedDB.deleteDatabase('invitation-assistant-vault');
    vi.resetModules();
    const first = await import('../../../lib/storage/key-vault');
    vi.resetModules();
    const second = await import('../../../lib/storage/key-vault');
    const [a, b] = await Promise.all([first.seal('key-a'), second.seal('key-b')]);
    vi.resetModules();
    const later = await import('../../../lib/storage/key-vault');
    expect(await later.unseal(a)).toBe('key-a');
    expect(await later.unseal(b)).toBe('key-b');
  });

  it('says the key storage failed, rather than that there is no key, when IndexedDB fails', async () => {
    vi.resetModules();
    const { apiKeyItem: fresh } = await import('../../../lib/store/storage');
    await fresh.setValue(KEY);
    vi.resetModules();
    const { apiKeyItem: reader } = await import('../../../lib/store/storage');
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    });
    await expect(reader.getValue()).rejects.toMatchObject({ kind: 'vault' });
    open.mockRestore();
    expect(await reader.getValue()).toBe(KEY);
  });
});
