import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NetworkAction } from '../../lib/api/schemas';
import { wxtBuild } from '../../scripts/lib/build';
import { launchExtension, type ExtensionBrowser } from './browser';

/**
 * The store build (no sandbox host), launched, with one invitation ready for `slug` as a poll
 * would leave it: no service is reached (tests of what pages learn and what the store build does).
 */
export async function launchStoreBuildWithOneReady(slug: string, name: string): Promise<ExtensionBrowser> {
  // A build of its own: the other file that launches it may be rebuilding at the same moment.
  const out = mkdtempSync(join(tmpdir(), 'ia-store-build-'));
  wxtBuild([], { WXT_OUT_DIR: out });
  const ext = await launchExtension({ build: join(out, 'chrome-mv3') });
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
  return {
    ...ext,
    close: async () => {
      await ext.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
