import { apiKeyItem, presetAppliedItem, settingsItem } from '../storage';

/**
 * The demo build arrives configured for the local sandbox (address and demo key given at
 * build time); store builds have no preset and this does nothing there.
 */
export async function applySandboxPreset(
  preset: { url?: string | undefined; key?: string | undefined } = {
    url: import.meta.env.WXT_SANDBOX_URL,
    key: import.meta.env.WXT_SANDBOX_KEY,
  },
): Promise<void> {
  if (!preset.url || !preset.key || (await presetAppliedItem.getValue())) return;
  const settings = await settingsItem.getValue();
  if (!settings.baseUrl) await settingsItem.setValue({ ...settings, baseUrl: preset.url });
  if (!(await apiKeyItem.getValue())) await apiKeyItem.setValue(preset.key);
  await presetAppliedItem.setValue(true);
}
