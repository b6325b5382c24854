// The demo's Chromium: the sandbox build loaded, and a simulated profile page at the network's
// real address for every prospect of the demo account, so the in-page assistant can be tried
// without an account on the network.
import type { CardKind } from '../../test/fixtures/profile-page';
import { serveProfiles, slugOfPath, type ProfileSpec } from '../../test/fixtures/serve-profiles';
import { launchExtension, type ExtensionBrowser, type LaunchOptions } from '../../test/e2e/browser';
import type { Sandbox } from '../../test/sandbox/app';
import { DEMO_KEY } from '../../test/sandbox/seed';

/** Most demo profiles can be invited; a few show what else the assistant meets. */
const KINDS: CardKind[] = ['connect-in-more', 'connect', 'connect', 'pending', 'connect-in-more', 'connected', 'connect'];

/** The simulated page for a prospect of the demo account, chosen by its place in the seed. */
export function demoProfile(sandbox: Sandbox, slug: string): ProfileSpec | undefined {
  const actions = sandbox.accounts.get(DEMO_KEY)?.actions ?? [];
  const index = actions.findIndex((a) => slugOfPath(new URL(a.contact.network_url).pathname) === slug);
  if (index < 0) return undefined;
  const { firstname, lastname } = actions[index]!.contact;
  return { name: `${firstname} ${lastname}`, card: KINDS[index % KINDS.length]!, dialogInShadow: index % 3 === 2, mimic: {} };
}

/** Chromium with the extension, the demo profiles served, and the popup open in the first tab. */
export async function openDemoBrowser(sandbox: Sandbox, options: LaunchOptions): Promise<ExtensionBrowser> {
  const ext = await launchExtension(options);
  // Only the demo's prospects are simulated; the rest of the network loads as usual.
  await serveProfiles(ext.context, (slug) => demoProfile(sandbox, slug), 'network');
  const page = ext.context.pages()[0] ?? (await ext.context.newPage());
  await page.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  return ext;
}
