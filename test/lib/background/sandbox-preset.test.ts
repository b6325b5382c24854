import { describe, expect, it } from 'vitest';
import { applySandboxPreset } from '../../../lib/background/sandbox-preset';
import { actionsItem, apiKeyItem, DEFAULT_SETTINGS, settingsItem } from '../../../lib/store/storage';

describe('sandbox preset', () => {
  it('fills an empty configuration', async () => {
    expect(await applySandboxPreset({ url: 'http://127.0.0.1:8787', key: 'demo' })).toBe(true);
    expect((await settingsItem.getValue()).baseUrl).toBe('http://127.0.0.1:8787');
    expect(await apiKeyItem.getValue()).toBe('demo');
    expect(await applySandboxPreset({ url: 'http://127.0.0.1:8787', key: 'demo' })).toBe(false);
  });

  it('follows the sandbox to another address, and forgets what the old one listed', async () => {
    await applySandboxPreset({ url: 'http://127.0.0.1:8787', key: 'demo' });
    await actionsItem.setValue({ actions: [], fetchedAt: 1, full: false, agentFilter: null });
    expect(await applySandboxPreset({ url: 'http://127.0.0.1:8788', key: 'demo' })).toBe(true);
    expect((await settingsItem.getValue()).baseUrl).toBe('http://127.0.0.1:8788');
    expect(await actionsItem.getValue()).toBeNull();
  });

  it('keeps an address or a key the person set themselves', async () => {
    await applySandboxPreset({ url: 'http://127.0.0.1:8787', key: 'demo' });
    await apiKeyItem.setValue('mine');
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: 'https://service.example' });
    expect(await applySandboxPreset({ url: 'http://127.0.0.1:9999', key: 'demo' })).toBe(false);
    expect(await apiKeyItem.getValue()).toBe('mine');
    expect((await settingsItem.getValue()).baseUrl).toBe('https://service.example');
  });

  it('does nothing in a store build, which has no preset', async () => {
    expect(await applySandboxPreset({})).toBe(false);
    expect(await apiKeyItem.getValue()).toBeNull();
  });
});
