import { describe, expect, it } from 'vitest';
import { applySandboxPreset } from '../../../lib/background/sandbox-preset';
import { apiKeyItem, settingsItem } from '../../../lib/storage';

describe('sandbox preset', () => {
  it('fills an empty configuration once', async () => {
    await applySandboxPreset({ url: 'http://127.0.0.1:8787', key: 'demo' });
    expect((await settingsItem.getValue()).baseUrl).toBe('http://127.0.0.1:8787');
    expect(await apiKeyItem.getValue()).toBe('demo');
    await apiKeyItem.setValue('mine');
    await applySandboxPreset({ url: 'http://127.0.0.1:9999', key: 'demo' });
    expect(await apiKeyItem.getValue()).toBe('mine');
    expect((await settingsItem.getValue()).baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('does nothing in a store build, which has no preset', async () => {
    await applySandboxPreset({});
    expect(await apiKeyItem.getValue()).toBeNull();
  });
});
