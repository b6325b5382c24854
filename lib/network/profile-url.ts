import { NETWORK_ORIGIN } from '../extension/manifest';

/**
 * The profile's slug in a normal form (lowercase, percent-decoded once), or null when the URL
 * is not a profile of the network. Sub-paths (/details/...), query strings, fragments,
 * trailing slashes and country subdomains (fr.linkedin.com) all give the same slug. Only https:
 * addresses count: `javascript://www.linkedin.com/in/x%0a…` has the host and the path too.
 * Anything shown as a link or opened is rebuilt from the slug (profileUrl), never the address given.
 */
export function profileSlug(url: string | null | undefined): string | null {
  // No `s:` (the end of `https:`, tabs and newlines aside, which the parser drops): no profile, and
  // no parse (a parse that throws, once per text of a record, was half a contacts page's reading).
  if (!url || !/s\s*:/i.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase();
  if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null;
  const match = /^\/in\/([^/]+)/i.exec(parsed.pathname);
  if (!match?.[1]) return null;
  let slug = match[1];
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // A malformed escape stays as written; it still compares equal to itself.
  }
  slug = slug.normalize('NFC').toLowerCase().trim();
  return slug === '' ? null : slug;
}

/**
 * The network's profile slugs are at most 100 characters (its rule for a custom address). A page's
 * link naming a longer one names no profile: the readers of a page drop it rather than cut it,
 * since a cut slug could be someone else's.
 */
export const PROFILE_SLUG_MAX = 100;

/** The canonical address of a profile on the network's main host. */
export function profileUrl(slug: string): string {
  return `${NETWORK_ORIGIN}/in/${encodeURIComponent(slug)}/`;
}
