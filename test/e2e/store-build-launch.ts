import { join } from 'node:path';
import type { NetworkAction } from '../../lib/api/schemas';
import { launchExtension, type ExtensionBrowser } from './browser';
import { sharedBuild } from './shared-builds';

/**
 * The store build (no sandbox host), launched, with one invitation ready for `slug` as a poll
 * would leave it: no service is reached (tests of what pages learn and what the store build does).
 */
export async function launchStoreBuildWithOneReady(slug: string, name: string): Promise<ExtensionBrowser> {
  // The run's one store build (shared-builds.ts), in a profile of its own.
  const ext = await launchExtension({ build: join(sharedBuild('store', []), 'chrome-mv3') });
  const action: NetworkAction = {
    id: 'na_store_1',
    status: 'ready',
    message: 'Hello Jane',
    agentName: 'Agent',
    prospect: { name, profileUrl: `https://www.linkedin.com/in/${slug}/` },
  };
  await ext.worker.evaluate(
    (a) =>
      (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set({
        readyActions: { actions: [a], fetchedAt: Date.now(), full: false, agentFilter: null },
      }),
    action,
  );
  return ext;
}
