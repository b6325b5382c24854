// Faults the sandbox can be told to show: per test (sandbox.faults = …) or over HTTP
// (POST /__sandbox/faults with the same JSON, no key needed: the sandbox is local and for tests).
// Agents are paused or made active again with POST /__sandbox/agents {"id": "ag_…", "status": "paused"}.
import type { SandboxResponse } from './app';
import type { ConventionShape } from './conventions/index';
import type { ResponseShape } from './shapes';

export interface Faults {
  /** Connections are refused (HTTP server) or fetch fails (in-process). */
  down?: boolean;
  /** Every request answers 401, as if the service no longer accepted any key; `{}` accepts them again. */
  rejectKeys?: boolean;
  /** Every request answers 429, with or without retry-after. */
  rateLimitStorm?: { retryAfterSeconds?: number } | undefined;
  /** This share of requests (0 to 1) answers 500..503. */
  serverErrorRate?: number;
  /** Each answer waits this long. */
  slowMs?: number;
  /** The next this many writes are applied, then their answer is lost (the connection drops). */
  loseAnswers?: number;
  /** Successful answers come back as HTML, broken JSON, or valid JSON of the wrong shape. */
  malformed?: 'html' | 'broken-json' | 'wrong-shape' | undefined;
  /**
   * Contacts, emails, letters and meetings answered in another plausible shape (shapes.ts), or every
   * operation in a shape drawn from `seed` (`random`, random-shape.ts), or every operation as a
   * service following a public convention would answer it (conventions/: jsonapi, odata, aip, hal, stripe).
   */
  shape?: ResponseShape | ConventionShape | 'random' | undefined;
  /** The seed of the `random` shape (0 when not given). */
  seed?: number | undefined;
  /** The `random` shape without issue 37's draws (wrappers, references, family words, 0-based pages, error forms). */
  classic?: boolean | undefined;
  /** The `random` shape's token draw (random-tokens.ts): every word the spec does not name a token, ids prefixed or numbers, references kept. */
  tokens?: boolean | undefined;
}

/** The answer a fault replaces a request's with, or undefined to answer normally. */
export function faultAnswer(faults: Faults, random: () => number, headers: Record<string, string>): SandboxResponse | undefined {
  if (faults.rejectKeys) {
    return { status: 401, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ success: false, message: 'Unauthenticated.' }) };
  }
  if (faults.rateLimitStorm) {
    const extra: Record<string, string> = { 'content-type': 'application/json', ...headers, 'x-ratelimit-remaining': '0' };
    if (faults.rateLimitStorm.retryAfterSeconds !== undefined) extra['retry-after'] = String(faults.rateLimitStorm.retryAfterSeconds);
    return { status: 429, headers: extra, body: JSON.stringify({ success: false, message: 'Too Many Attempts.' }) };
  }
  if (faults.serverErrorRate && random() < faults.serverErrorRate) {
    return { status: 503, headers: { 'content-type': 'text/html', ...headers }, body: '<html><body>Service Unavailable</body></html>' };
  }
  return undefined;
}

/** A successful answer spoilt as the fault says. */
export function spoil(res: SandboxResponse, kind: Faults['malformed']): SandboxResponse {
  if (!kind || res.status >= 300) return res;
  if (kind === 'html')
    return { ...res, headers: { ...res.headers, 'content-type': 'text/html' }, body: '<!doctype html><html><body>Please sign in</body></html>' };
  if (kind === 'broken-json') return { ...res, body: res.body.slice(0, Math.max(1, Math.floor(res.body.length / 2))) };
  return { ...res, body: JSON.stringify({ success: true, unexpected: { shape: [1, 2, 3] } }) };
}
