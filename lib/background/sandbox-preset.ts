import {
  accountItem,
  actionsItem,
  apiKeyItem,
  keyRejectedItem,
  moreActionsItem,
  routesItem,
  sandboxPresetItem,
  settingsItem,
  weeklyStatsItem,
} from '../store/storage';

/**
 * The demo build arrives configured for the local sandbox (address and demo key given at build
 * time); store builds have no preset and this does nothing there. A demo rebuilt for another
 * address (another port) moves to it, unless the person changed the address or key themselves.
 * Runs at every start of the worker; says whether it changed anything.
 */
export async function applySandboxPreset(
  preset: { url?: string | undefined; key?: string | undefined } = {
    url: import.meta.env.WXT_SANDBOX_URL,
    key: import.meta.env.WXT_SANDBOX_KEY,
  },
): Promise<boolean> {
  if (!preset.url || !preset.key) return false;
  const [applied, settings, key] = await Promise.all([sandboxPresetItem.getValue(), settingsItem.getValue(), apiKeyItem.getValue()]);
  if (applied?.url === preset.url && applied.key === preset.key) return false;
  // What an earlier preset set follows the new one; what the person set stays.
  const urlFollows = !settings.baseUrl || settings.baseUrl === applied?.url;
  const keyFollows = !key || key === applied?.key;
  if (urlFollows) await settingsItem.setValue({ ...settings, baseUrl: preset.url });
  // The key is bound to the preset's origin: a key kept with an address the person changed is theirs.
  if (keyFollows) await apiKeyItem.setValue(preset.key, new URL(preset.url).origin);
  await sandboxPresetItem.setValue({ url: preset.url, key: preset.key });
  if (!urlFollows && !keyFollows) return false;
  // Another sandbox is another account: nothing learnt about the old one holds.
  await Promise.all([
    keyRejectedItem.setValue(false),
    actionsItem.setValue(null),
    moreActionsItem.setValue(null),
    accountItem.setValue(null),
    weeklyStatsItem.setValue(null),
    routesItem.setValue({ methods: {} }),
  ]);
  return true;
}
