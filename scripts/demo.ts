// `npm run demo`: the sandbox service, an extension build preset for it, and Chromium when a display exists.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_KEY } from '../test/sandbox/seed';
import { DEFAULT_SANDBOX_PORT, startSandbox } from '../test/sandbox/server';
import type { ExtensionBrowser } from '../test/e2e/browser';
import { wxtBuild } from './lib/build';
import { demoKeyLines, openDemoBrowser } from './lib/demo-browser';

const args = process.argv.slice(2);
const portArg = args.find((a) => a.startsWith('--port='))?.slice('--port='.length);
const port = Number(portArg ?? process.env.SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT);
const noBrowser = args.includes('--no-browser');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Invalid port "${portArg ?? process.env.SANDBOX_PORT}": give a number from 1 to 65535.`);
  process.exit(2);
}

let running: Awaited<ReturnType<typeof startSandbox>>;
try {
  running = await startSandbox({ port });
} catch (error) {
  console.error(`Could not start the sandbox on 127.0.0.1:${port} (${(error as Error).message}).`);
  console.error('Another program may use that port: try  npm run demo -- --port=8788');
  process.exit(1);
}
console.log(`✔ Sandbox service on ${running.url} (demo API key: ${DEMO_KEY})`);

const env = { WXT_SANDBOX_URL: running.url, WXT_SANDBOX_KEY: DEMO_KEY };
console.log('… Building the extension for the sandbox (Chrome and Firefox)');
wxtBuild(['--mode', 'sandbox'], env);
wxtBuild(['-b', 'firefox', '--mode', 'sandbox'], env);
const chromeBuild = resolve('.output/chrome-mv3-sandbox');
const firefoxBuild = resolve('.output/firefox-mv2-sandbox');
console.log(`✔ Built ${chromeBuild}\n✔ Built ${firefoxBuild}`);

const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
let opened: ExtensionBrowser | undefined;
if (!noBrowser && hasDisplay && existsSync(chromium)) {
  // A new profile each run: the build's preset (this sandbox's address) is then the one in force.
  opened = await openDemoBrowser(running.sandbox, { headless: false });
  console.log('✔ Chromium opened with the extension pinned to its toolbar, and its popup in a small window.');
  console.log((await demoKeyLines(opened)).join('\n'));
} else {
  console.log(
    [
      '',
      `No browser was opened${noBrowser ? ' (--no-browser).' : hasDisplay ? ` (no Chromium at ${chromium}).` : ' (no display; `npm run demo -- --no-browser` skips the browser on purpose).'}`,
      'Load the extension yourself:',
      `  Chrome/Chromium: chrome://extensions → Developer mode → Load unpacked → ${chromeBuild}`,
      `  Firefox:         about:debugging#/runtime/this-firefox → Load Temporary Add-on → ${firefoxBuild}/manifest.json`,
      // No browser to ask which keys it set: the desk says them once the extension is loaded.
      "Its keyboard shortcuts are the browser's to set: the desk's Help and keys lists those it set, and where to set one it left unset.",
    ].join('\n'),
  );
}

console.log(
  [
    '',
    'What to do next:',
    '  1. Click the extension icon: the badge counts the ready invitations of the demo account.',
    '  2. Edit a note, press "Save note"; "Mark sent" or "Mark failed" records the outcome on the sandbox.',
    '  3. Invitations of the paused agent "Salons Lyon 2026" answer "Agent paused".',
    "  4. Settings (options page): Verify the key, see the agents and this week's invitations.",
    ...(opened
      ? [
          '  5. "Open profile": in the browser the demo opened, each prospect has a simulated profile page at its',
          '     linkedin.com address. The panel in a corner prepares the invitation with its note; you press Send.',
          '     The panel comes only where the extension opened the profile, or when you press "Prepare here" in',
          '     the popup over a profile you reached yourself (its toolbar badge then shows a green dot).',
        ]
      : []),
    '',
    'The sandbox keeps its data in memory until you stop it. Press Ctrl+C to stop.',
  ].join('\n'),
);

const stop = () => void Promise.allSettled([opened?.close(), running.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
