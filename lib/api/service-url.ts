export type ServiceUrlProblem = 'empty' | 'malformed' | 'notHttps' | 'credentials';

/** Plain-HTTP loopback hosts the sandbox build is granted (lib/extension/manifest.ts); no build is granted [::1]. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
/** Loopback over plain HTTP is the sandbox's service (and the unit tests'): a store build takes HTTPS only. */
const LOOPBACK = import.meta.env?.MODE === 'sandbox' || import.meta.env?.MODE === 'test';

/**
 * The service's base address as the client wants it: no trailing slash, and no trailing
 * /api or /api/api (people paste the address of the API they see in the docs).
 */
export function normalizeServiceUrl(input: string, loopback = LOOPBACK): { ok: true; url: string; origin: string } | { ok: false; problem: ServiceUrlProblem } {
  let trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  // A bare host ("app.example.com") is taken as its https address.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) trimmed = `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'malformed' };
  if (url.protocol === 'http:' && !(loopback && LOCAL_HOSTS.has(url.hostname))) return { ok: false, problem: 'notHttps' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api(\/api)?$/, '');
  return { ok: true, url: `${url.origin}${path}`, origin: url.origin };
}

/** The match pattern that grants the extension access to the service's origin. */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
