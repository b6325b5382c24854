import { describe, expect, it } from 'vitest';
import { manifestFor } from '../../../lib/extension/manifest';
import { keysIn, keysOf, SUGGESTED_KEYS } from '../../../lib/extension/shortcuts';

describe('the hosts a build may ask for', () => {
  it('a store build may ask for https origins only; the sandbox build for its loopback hosts too', () => {
    for (const browser of ['chrome', 'firefox']) {
      const store = manifestFor(browser, 'production');
      expect(store.optional_host_permissions).toEqual(['https://*/*']);
      expect(manifestFor(browser, 'sandbox').optional_host_permissions).toEqual(['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*']);
    }
    expect(manifestFor('firefox', 'production').optional_permissions).toEqual(['https://*/*']);
  });
});

describe('the suggested shortcuts', () => {
  it('are Alt+Shift+K, J and U, which Chrome 140+ and Firefox 140+ leave free (lib/extension/shortcuts.ts), in both builds', () => {
    for (const browser of ['chrome', 'firefox']) {
      const commands = manifestFor(browser, 'production').commands as Record<string, { suggested_key: { default: string } }>;
      expect(Object.fromEntries(Object.entries(commands).map(([name, c]) => [name, c.suggested_key.default]))).toEqual({
        'focus-panel': 'Alt+Shift+K',
        'open-next': 'Alt+Shift+J',
        'open-desk': 'Alt+Shift+U',
      });
    }
  });

  it('none is a key Chromium 156 holds itself (measured: getAll reported it unset), nor Google Chrome’s feedback key, nor a Firefox menu', () => {
    const taken = new Set(['A', 'B', 'C', 'N', 'P', 'R', 'T', 'W', 'X', 'Z', 'I', 'F', 'E', 'V', 'S', 'H', 'D', 'M', 'O', 'L']);
    for (const keys of Object.values(SUGGESTED_KEYS)) expect([keys, taken.has(keys.split('+').at(-1)!)]).toEqual([keys, false]);
  });
});

describe('the shortcuts a page shows', () => {
  it('are the browser’s, each of ours in order, an empty or missing key as none', () => {
    expect(
      keysOf([
        { name: 'open-desk', shortcut: 'Alt+Shift+U' },
        { name: 'open-next', shortcut: '' },
        { name: '_execute_action', shortcut: 'Alt+Shift+Q' },
      ]),
    ).toEqual([
      { name: 'focus-panel', keys: null },
      { name: 'open-next', keys: null },
      { name: 'open-desk', keys: 'Alt+Shift+U' },
    ]);
  });

  it('name Shift "Maj" in French only', () => {
    expect(keysIn('Alt+Shift+J', 'fr')).toBe('Alt+Maj+J');
    expect(keysIn('Alt+Shift+J', 'fr-CA')).toBe('Alt+Maj+J');
    expect(keysIn('Alt+Shift+J', 'en-US')).toBe('Alt+Shift+J');
  });
});
