// The person to add to an agent (spec 000, op 3): a profile of the network, from the tab the
// browser says is active or from a link the person right-clicked; never from what a page says.
import type { SerializedApiError } from '../api/errors';
import { profileSlug } from '../network/profile-url';
import { NETWORK_ORIGIN } from '../extension/manifest';
import type { ProfileTarget } from '../store/shapes';
export type { ProfileTarget } from '../store/shapes';

/** The identifier's prefix names where it comes from, so it cannot collide with the service's own. */
const IDENTIFIER_PREFIX = 'network-profile:';
const IDENTIFIER_MAX = 255;

export function identifierOf(slug: string): string {
  return `${IDENTIFIER_PREFIX}${slug}`.slice(0, IDENTIFIER_MAX);
}

/** The profile's address in one form: main host, no trailing slash, the slug percent-encoded. */
export function addressOf(slug: string): string {
  return `${NETWORK_ORIGIN}/in/${encodeURIComponent(slug)}`;
}

/** A title is read from its first this many characters at most. */
const TITLE_MAX = 200;

/**
 * "(3) Camille Lefèvre | LinkedIn" → "Camille Lefèvre". Titles that are not a person's
 * ("Feed | LinkedIn", "LinkedIn") give nothing: only a profile's tab is asked.
 */
export function nameFromTitle(title: string | undefined): string | undefined {
  if (!title) return undefined;
  // The page writes its title: cut before any pattern runs, and every pattern anchored or led by a
  // literal, so the work is bounded whatever it holds (a title of a million no-break spaces).
  const name = title
    .slice(0, TITLE_MAX)
    .replace(/^\(\d+\+?\)/, '')
    .replace(/[|–—-]\s*LinkedIn\s*$/i, '')
    .trim();
  // A tab still loading is titled with its address ("www.linkedin.com/in/…"): that names nobody.
  if (!name || /^linkedin$/i.test(name) || name.length > 120 || /^\S*\/\S*$/.test(name)) return undefined;
  return name;
}

/** The target of a profile address (any sub-page of it), or null when it is not a profile. */
export function targetOf(url: string | undefined, title?: string): ProfileTarget | null {
  const slug = profileSlug(url);
  if (!slug) return null;
  return { slug, url: addressOf(slug), identifier: identifierOf(slug), name: nameFromTitle(title) };
}

/**
 * The refusal's code when there is no profile to add (the tab left it, the link chosen expired):
 * the form says it in words, this stays in the details.
 */
export const NO_TARGET = 'no-profile-target';

export const isNoTarget = (error: SerializedApiError) => error.kind === 'invalid-request' && error.message === NO_TARGET;
