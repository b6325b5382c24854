// Whose card, menu item or dialog this is: a custom-invite link's vanityName against the
// profile's slug, and names compared word by word (accents, case, titles and extra names aside).
import { norm } from './dom';

/** Who the assistant is looking for: the profile's slug and, when the service gives it, the name. */
export interface Prospect {
  slug: string;
  name?: string | null | undefined;
}

/** The vanityName a custom-invite link names, if it is one. */
function vanityOf(el: Element): string | undefined {
  const href = el.getAttribute('href');
  if (!href?.includes('/preload/custom-invite')) return undefined;
  try {
    return norm(new URL(href, 'https://www.linkedin.com').searchParams.get('vanityName'));
  } catch {
    return '';
  }
}

/** A custom-invite link names its profile with vanityName; it counts only for this profile. */
export const isInviteLinkFor = (el: Element, slug: string): boolean => vanityOf(el) === slug;

/** Whether something in `root` is a custom-invite link naming another profile than `slug`. */
export const invitesSomeoneElse = (root: Element, slug: string): boolean =>
  [...root.querySelectorAll('a[href]')].some((a) => vanityOf(a) !== undefined && !isInviteLinkFor(a, slug));

/** Words of a name without accents or punctuation, for comparing the service's name with the page's. */
const nameWords = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** "Jane Doe" and "Dr. Jane Doe, MBA" agree; "Jane Doe" and "John Smith" do not. */
export function sameName(a: string, b: string): boolean {
  const [short, long] = [nameWords(a), nameWords(b)].sort((x, y) => x.length - y.length) as [string[], string[]];
  return short.length > 0 && short.every((w) => long.includes(w));
}

/** Whether `shown` names someone, and someone other than `name`. */
export const namesSomeoneElse = (name: string, shown: string): boolean => nameWords(shown).length > 0 && !sameName(name, shown);
