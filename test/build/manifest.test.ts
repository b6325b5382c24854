// The manifests WXT generates for the store builds of both browsers, as committed snapshots:
// a permission, host or key that appears or disappears shows up in review. Each target is built
// once, before the checks that read it (`npm run test:build`; `npm run test:unit` builds nothing).
// `npm test` then lints the Firefox build and runs the end-to-end tests on the sandbox build left
// here in .output/, rather than building them again.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { wxtBuild } from '../../scripts/lib/build';

const TARGETS = { 'chrome-mv3': [], 'firefox-mv2': ['-b', 'firefox'], 'chrome-mv3-sandbox': ['--mode', 'sandbox'] } satisfies Record<string, string[]>;
type Target = keyof typeof TARGETS;

const manifests = new Map<Target, Record<string, unknown>>();

function manifest(target: Target): Record<string, unknown> {
  const read = manifests.get(target);
  if (!read) throw new Error(`No manifest read for ${target}`);
  return read;
}

beforeAll(() => {
  for (const [target, args] of Object.entries(TARGETS) as [Target, string[]][]) {
    wxtBuild(args);
    // Read at once: a later build or another command may replace .output/ meanwhile.
    manifests.set(target, JSON.parse(readFileSync(`.output/${target}/manifest.json`, 'utf8')) as Record<string, unknown>);
  }
}, 180_000);

describe('generated manifests', () => {
  it('Chrome MV3', () => {
    const chrome = manifest('chrome-mv3');
    expect(chrome).toMatchSnapshot();
    expect(chrome).not.toHaveProperty('web_accessible_resources');
    expect(chrome).not.toHaveProperty('externally_connectable');
    expect(chrome).not.toHaveProperty('content_security_policy');
  });

  it('Firefox MV2', () => {
    const firefox = manifest('firefox-mv2');
    expect(firefox).toMatchSnapshot();
    expect(firefox).not.toHaveProperty('web_accessible_resources');
  });

  it('Chrome needs 140, where content scripts can be kept out of storage.local; Firefox has no such key', () => {
    expect(manifest('chrome-mv3').minimum_chrome_version).toBe('140');
    expect(manifest('chrome-mv3-sandbox').minimum_chrome_version).toBe('140');
    expect(manifest('firefox-mv2')).not.toHaveProperty('minimum_chrome_version');
  });

  it('the desk is Chrome’s side panel (with the sidePanel permission) and Firefox’s sidebar, which never opens by itself at install', () => {
    const chrome = manifest('chrome-mv3');
    expect(chrome.side_panel).toEqual({ default_path: 'desk.html' });
    expect(chrome.permissions).toContain('sidePanel');
    const firefox = manifest('firefox-mv2');
    expect(firefox.sidebar_action).toMatchObject({ default_panel: 'desk.html', open_at_install: false });
    expect(firefox.permissions).not.toContain('sidePanel');
  });

  it('suggests no more shortcut keys than Chrome takes (four), each key once', () => {
    for (const target of ['chrome-mv3', 'firefox-mv2'] as const) {
      const keys = Object.values(manifest(target).commands as Record<string, { suggested_key?: { default: string } }>).flatMap((c) =>
        c.suggested_key ? [c.suggested_key.default] : [],
      );
      expect(keys.length).toBeLessThanOrEqual(4);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('suggests Alt+Shift+K, J and U, keys Chrome 140+ and Firefox 140+ leave free (lib/extension/shortcuts.ts), no longer N or I, which Chrome holds', () => {
    for (const target of ['chrome-mv3', 'firefox-mv2', 'chrome-mv3-sandbox'] as const) {
      const commands = manifest(target).commands as Record<string, { suggested_key?: { default: string } }>;
      expect([target, Object.fromEntries(Object.entries(commands).map(([name, c]) => [name, c.suggested_key?.default]))]).toEqual([
        target,
        { 'focus-panel': 'Alt+Shift+K', 'open-next': 'Alt+Shift+J', 'open-desk': 'Alt+Shift+U' },
      ]);
    }
  });

  it('store builds reach no local host without asking; the sandbox build does', () => {
    expect(manifest('chrome-mv3').host_permissions).toEqual(['https://www.linkedin.com/*']);
    expect(manifest('chrome-mv3-sandbox').host_permissions).toEqual(['https://www.linkedin.com/*', 'http://127.0.0.1/*', 'http://localhost/*']);
  });
});
