// Plain-HTTP loopback is the sandbox's service: a store build takes the service only over HTTPS.
import { describe, expect, it } from 'vitest';
import { normalizeServiceUrl } from '../../../lib/api/service-url';

describe('the service’s address over plain HTTP', () => {
  it('is refused on loopback in a store build, accepted in the sandbox build (127.0.0.1 and localhost)', () => {
    for (const url of ['http://127.0.0.1:8787', 'http://localhost:8787']) {
      expect(normalizeServiceUrl(url, false)).toEqual({ ok: false, problem: 'notHttps' });
      expect(normalizeServiceUrl(url, true)).toMatchObject({ ok: true });
    }
    expect(normalizeServiceUrl('https://127.0.0.1:8787', false)).toMatchObject({ ok: true });
  });

  it('never takes [::1], which no build can be granted', () => {
    expect(normalizeServiceUrl('http://[::1]:8787', true)).toEqual({ ok: false, problem: 'notHttps' });
  });
});
