// What the screenshot scripts share: a sandbox with its demo data, a build preset for it (no
// settings to fill), and the extension launched in English then French, serving the demo's
// profiles at their real addresses, once it has polled.
import { launchExtension, waitForBadgeCount, type ExtensionBrowser } from '../../test/e2e/browser';
import { serveProfiles } from '../../test/fixtures/serve-profiles';
import { DEMO_KEY } from '../../test/sandbox/seed';
import { startSandbox, type RunningSandbox } from '../../test/sandbox/server';
import { demoProfile } from './demo-browser';
import { wxtBuild } from './build';

export async function inEachLanguage(run: (ext: ExtensionBrowser, lang: 'en' | 'fr', sb: RunningSandbox) => Promise<void>): Promise<void> {
  const sb = await startSandbox({ port: 0 });
  wxtBuild(['--mode', 'sandbox'], { WXT_SANDBOX_URL: sb.url, WXT_SANDBOX_KEY: DEMO_KEY });
  try {
    for (const lang of ['en', 'fr'] as const) {
      const ext = await launchExtension({ lang });
      try {
        await serveProfiles(ext.context, (slug) => demoProfile(sb.sandbox, slug), 'network');
        await waitForBadgeCount(ext.worker);
        await run(ext, lang, sb);
      } finally {
        await ext.close();
      }
    }
  } finally {
    await sb.close();
  }
}
