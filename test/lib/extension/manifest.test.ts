import { describe, expect, it } from 'vitest';
import { manifestFor } from '../../../lib/extension/manifest';

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
