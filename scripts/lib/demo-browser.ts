// The demo's Chromium: the sandbox build loaded, and a simulated profile page at the network's
// real address for every prospect of the demo account, so the in-page assistant can be tried
// without an account on the network.
import type { CardKind } from '../../test/fixtures/profile-page';
import { serveProfiles, slugOfPath, type ProfileSpec } from '../../test/fixtures/serve-profiles';
import type { Page } from 'playwright-core';
import { keysOf } from '../../lib/extension/shortcuts';
import { launchExtension, type ExtensionBrowser, type LaunchOptions } from '../../test/e2e/browser';
import type { Sandbox } from '../../test/sandbox/app';
import { DEMO_KEY } from '../../test/sandbox/seed';

/** Most demo profiles can be invited; a few show what else the assistant meets. */
const KINDS: CardKind[] = ['connect-in-more', 'connect', 'connect', 'pending', 'connect-in-more', 'connected', 'connect'];

/** The simulated page for a prospect of the demo account, chosen by its place in the seed. */
/**
 * Any other profile address shows someone not yet in the account (named after the slug), with a
 * Connect button: the demo's "This profile" block offers to add them to an agent.
 */
function newPerson(slug: string): ProfileSpec | undefined {
  const words = decodeURIComponent(slug)
    .split('-')
    .filter((w) => w && !/\d/.test(w));
  if (words.length === 0) return undefined;
  return { name: words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '), card: 'connect' };
}

export function demoProfile(sandbox: Sandbox, slug: string): ProfileSpec | undefined {
  const actions = sandbox.accounts.get(DEMO_KEY)?.actions ?? [];
  const index = actions.findIndex((a) => slugOfPath(new URL(a.contact.network_url).pathname) === slug);
  if (index < 0) return newPerson(slug);
  const { firstname, lastname } = actions[index]!.contact;
  return { name: `${firstname} ${lastname}`, card: KINDS[index % KINDS.length]!, dialogInShadow: index % 3 === 2, mimic: {} };
}

interface CommandsApi {
  chrome: { commands: { getAll(): Promise<{ name?: string; shortcut?: string; description?: string }[]> } };
}

/**
 * What the demo prints of the keys: those this Chromium really set (commands.getAll), never the
 * manifest's suggestions, which the browser leaves unset when it holds the key itself.
 */
export async function demoKeyLines(ext: ExtensionBrowser): Promise<string[]> {
  const reported = await ext.worker.evaluate(() => (globalThis as unknown as CommandsApi).chrome.commands.getAll());
  const lines = keysOf(reported.flatMap(({ name, shortcut }) => (name ? [{ name, shortcut }] : []))).map(({ name, keys }) => {
    const what = reported.find((c) => c.name === name)?.description ?? name;
    return keys ? `  ${keys.padEnd(12)} ${what}` : `  (not set)    ${what}: choose a key in chrome://extensions/shortcuts`;
  });
  return ['', 'Keys this Chromium set for the extension (change them in chrome://extensions/shortcuts):', ...lines];
}

interface WindowsApi {
  chrome: { windows: { create(details: { url: string; type: 'popup'; width: number; height: number; focused: boolean }): Promise<unknown> } };
}

/** The popup's own size (popup.html sets its width; Chromium caps a popup at 800×600). */
const POPUP_SIZE = { width: 420, height: 600 };

/**
 * Chromium with the extension pinned to the toolbar (its badge in sight), the demo profiles served,
 * and the popup open in a window of a popup's size, the page it returns.
 */
export async function openDemoBrowser(sandbox: Sandbox, options: LaunchOptions): Promise<ExtensionBrowser & { popup: Page }> {
  const ext = await launchExtension({ pinned: true, ...options });
  // Only the demo's prospects are simulated; the rest of the network loads as usual.
  await serveProfiles(ext.context, (slug) => demoProfile(sandbox, slug), 'network');
  const url = `chrome-extension://${ext.extensionId}/popup.html`;
  const opened = ext.context.waitForEvent('page', { predicate: (p) => p.url() === url });
  await ext.worker.evaluate(([u, size]) => (globalThis as unknown as WindowsApi).chrome.windows.create({ url: u, type: 'popup', ...size, focused: true }), [
    url,
    POPUP_SIZE,
  ] as const);
  return { ...ext, popup: await opened };
}
