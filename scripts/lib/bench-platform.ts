// The background's platform for the benches that run the real controller in Node (idle-requests.ts,
// browsers-budget-browser.ts): no tab, no badge, no window; the service, the clock and the alarms
// are the bench's.
import type { Platform } from '../../lib/background/platform';

export function benchPlatform(p: Pick<Platform, 'fetch' | 'now' | 'schedulePoll' | 'wakeAt' | 'newId'>): Platform {
  return {
    ...p,
    t: (k) => k,
    version: 'bench',
    browserName: 'chrome',
    extensionId: 'bench',
    extensionOrigin: 'chrome-extension://bench',
    setBadge: async () => {},
    networkTabs: async () => [],
    hasOriginPermission: async () => true,
    keepOnlyOrigin: async () => {},
    openProfile: async () => ({ shown: false }),
    injectPanel: async () => {},
    openReport: async () => {},
    navigateTab: async () => {},
    tabUrl: async () => undefined,
    runTabScript: async () => {},
    tabScriptSays: async () => null,
    activeTab: async () => null,
    tabInfo: async () => null,
    deskOpenIn: async () => false,
    deskFromPage: false,
    tellDesks: async () => {},
    tellTab: async () => {},
    openAddWindow: async () => {},
    shortcuts: async () => [],
    random: () => 0.5,
  };
}
