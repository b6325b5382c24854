// Invitations of the sandbox's demo worked through the desk in Chrome's real side panel with real
// key presses only: headed Chromium on an Xvfb display of its own, the keys typed by xdotool (X
// events, trusted as a person's, not a page's synthetic ones). The desk is opened by its shortcut;
// each invitation is then the open-next shortcut (which opens the next in the tab the desk follows
// and prepares it there) and Enter on the page's Send, which the assistant focused. Someone already
// connected is left with no key of theirs: the next key records them. Used by
// test/e2e/keys-headed.test.ts and the flow bench (scripts/lib/flow-bench.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { FixtureOptions } from '../fixtures/profile-page';
import { serveProfiles, slugOfPath } from '../fixtures/serve-profiles';
import { until } from '../helpers/until';
import type { SandboxAction } from '../sandbox/state';
import type { RunningSandbox } from '../sandbox/server';
import { DEMO_KEY } from '../sandbox/seed';
import { configureThroughOptions, launchExtension } from './browser';

/** The keys as Chromium sets the manifest's suggestions (the run reads them through commands.getAll). */
const OPEN_DESK = 'alt+shift+u';
export const OPEN_NEXT = 'alt+shift+j';

export interface RealKeysRun {
  /** What commands.getAll reported, by command. */
  shortcuts: Record<string, string | undefined>;
  /** The desk was open in the side panel (runtime.getContexts). */
  sidePanel: boolean;
  /** The invitations opened, in order, and the keys pressed for each (the key that opened it included). */
  worked: { action: SandboxAction; keys: string[] }[];
  /** The one shown as already connected. */
  connected: SandboxAction;
  /** The paused agent's ready invitation (never opened). */
  waiting: SandboxAction;
  /** Open-next keys the X server never gave the browser (no command heard), each pressed again once. */
  lostKeys: string[];
}

/** The worker's count of the commands the browser delivered (set by the run). */
interface Heard {
  heardCommands: number;
}

interface ChromeGlobal {
  chrome: {
    runtime: { getContexts(filter: object): Promise<unknown[]> };
    commands: {
      getAll(): Promise<{ name?: string; shortcut?: string }[]>;
      onCommand: { addListener(listener: (name: string) => void): void };
    };
  };
}

const slugOf = (a: SandboxAction) => slugOfPath(new URL(a.contact.network_url).pathname);
const nameOf = (a: SandboxAction) => `${a.contact.firstname} ${a.contact.lastname}`;

/**
 * An invitation the key opened, prepared on arrival: its note typed, the page's Send focused (Send
 * without a note for one without), the keyboard on the page; then Enter, pressed as the person
 * presses it (added to `keys`), and the page takes the Send. The next key follows at once.
 */
export async function enterOnSend(
  action: SandboxAction,
  inPage: (check: string) => Promise<boolean>,
  press: (key: string) => void,
  keys: string[],
): Promise<void> {
  if (action.message)
    await until(() => inPage(`document.querySelector('#custom-message')?.value === ${JSON.stringify(action.message)}`), `${nameOf(action)}'s note typed`);
  await until(
    () => inPage(`document.hasFocus() && !!document.activeElement?.matches('[data-send], [data-without]')`),
    `the page's Send focused for ${nameOf(action)}, the keyboard on the page`,
  );
  keys.push('Return');
  press('Return');
  await until(() => inPage(`!document.querySelector('[data-send], [data-without]')`), `${nameOf(action)}'s Send taken by the page`);
}

/** An Xvfb display of its own (its number from the process id, so that files running at once differ). */
async function startDisplay(): Promise<{ display: string; stop(): void }> {
  const display = `:${90 + (process.pid % 500)}`;
  const server: ChildProcess = spawn('Xvfb', [display, '-screen', '0', '1400x900x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await until(() => existsSync(`/tmp/.X11-unix/X${display.slice(1)}`), 'the Xvfb display to be up');
  return { display, stop: () => void server.kill() };
}

/**
 * Works `opened` invitations of the demo account with real keys (the paused agent's is never one of
 * them); the fourth opened is shown as already connected. The sandbox is the caller's.
 */
export async function workWithRealKeys(sb: RunningSandbox, opened: number): Promise<RealKeysRun> {
  const account = sb.sandbox.accounts.get(DEMO_KEY)!;
  const screen = await startDisplay();
  const xdotool = (...args: string[]) =>
    execFileSync('xdotool', args, { env: { ...process.env, DISPLAY: screen.display } })
      .toString()
      .trim();
  const ext = await launchExtension({ display: screen.display });
  try {
    await configureThroughOptions(ext, sb.url, DEMO_KEY);
    const paused = account.agents.find((g) => g.status === 'paused')!;
    const ready = account.actions.filter((a) => a.status === 'ready');
    const waiting = ready.find((a) => a.agent_id === paused.id)!;
    const connected = ready.filter((a) => a.agent_id !== paused.id)[3]!;
    const pages = new Map<string, Omit<FixtureOptions, 'slug'>>();
    for (const a of account.actions) pages.set(slugOf(a), { name: nameOf(a), card: a === connected ? 'connected' : 'connect', mimic: {} });
    await serveProfiles(ext.context, (slug) => pages.get(slug));
    // The network's feed, where the person starts (the route added last is asked first).
    await ext.context.route('https://www.linkedin.com/feed/', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Feed</title><main><h1>Feed</h1></main>' }),
    );
    // One tab on the network, the one the desk will follow; the welcome tab closed.
    const page: Page = await ext.context.newPage();
    for (const other of ext.context.pages()) if (other !== page) await other.close();
    await page.goto('https://www.linkedin.com/feed/');
    await page.bringToFront();
    const window = xdotool('search', '--onlyvisible', '--class', 'chromium').split('\n').pop()!;
    xdotool('windowfocus', '--sync', window);
    const commands = await ext.worker.evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.commands.getAll());

    // The desk, by its own key: Chrome's real side panel.
    xdotool('key', '--clearmodifiers', OPEN_DESK);
    const sidePanel = async () =>
      (await ext.worker.evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] }))).length > 0;
    await until(sidePanel, 'the desk open in the side panel');

    // Each command the browser delivers is counted in the worker, so that a key the X server never
    // gave the browser is told apart from one the extension did not act on.
    await ext.worker.evaluate(() => {
      const g = globalThis as unknown as ChromeGlobal & Heard;
      g.heardCommands = 0;
      g.chrome.commands.onCommand.addListener(() => void g.heardCommands++);
    });
    const heard = () => ext.worker.evaluate(() => (globalThis as unknown as Heard).heardCommands);
    const shown = () => account.actions.find((a) => slugOf(a) === slugOfPath(new URL(page.url()).pathname));
    const inPage = (check: string) => page.evaluate(check).then(Boolean);
    const worked: RealKeysRun['worked'] = [];
    const lostKeys: string[] = [];
    while (worked.length < opened) {
      const from = page.url();
      // Leaving settles first, up to 12 s when the page is slow to confirm the Send
      // (lib/background/panel-tabs.ts, SETTLE_MS); then the next profile loads.
      const arrived = () =>
        page
          .waitForURL((url) => url.href !== from && slugOfPath(url.pathname) !== '', { timeout: 25_000 })
          .then(
            () => true,
            () => false,
          );
      const before = await heard();
      xdotool('key', '--clearmodifiers', OPEN_NEXT);
      if (!(await arrived())) {
        // Where X had the focus, for the report (no window focused makes xdotool fail).
        let focus = 'no window';
        try {
          focus = xdotool('getwindowfocus', 'getwindowname');
        } catch {}
        if ((await heard()) !== before)
          throw new Error(`The browser heard the open-next key after ${worked.length} opened and nothing opened (page ${page.url()})`);
        // No command reached the browser: the display lost the key (where X had the focus is kept). It is
        // pressed again once, with the window focused, and counted apart from the person's keys.
        lostKeys.push(`after ${worked.length} opened, X focus on "${focus}"`);
        xdotool('windowfocus', '--sync', window);
        xdotool('key', '--clearmodifiers', OPEN_NEXT);
        if (!(await arrived())) throw new Error(`The open-next key, pressed twice after ${worked.length} opened, opened nothing (heard ${await heard()})`);
      }
      const keys = [OPEN_NEXT];
      const action = shown()!;
      worked.push({ action, keys });
      if (action === connected) continue;
      await enterOnSend(action, inPage, (key) => xdotool('key', '--clearmodifiers', key), keys);
    }
    // The last one recorded before the end is looked at.
    await until(() => worked.at(-1)!.action.status === 'sent', 'the last invitation marked sent');
    return { shortcuts: Object.fromEntries(commands.map((c) => [c.name, c.shortcut])), sidePanel: await sidePanel(), worked, connected, waiting, lostKeys };
  } finally {
    await ext.close();
    screen.stop();
  }
}
