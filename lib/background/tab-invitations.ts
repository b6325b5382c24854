// When the in-page panel may come to a tab (docs/page-states.md, "When the panel comes"): only to a
// tab the extension opened or navigated for an invitation (Open profile, Next invitation, the
// open-next shortcut), or where the person asked for it from the extension (Prepare here, the focus
// shortcut), and only while that tab shows that prospect. Any other arrival (a link, a search, the
// feed, a document load, Back) changes nothing in the page: no lookup result ever reaches it.
// Pure: the background keeps these grants in session storage (lib/store/storage.ts, tabGrantsItem).
import type { Grant, TabGrants } from '../store/shapes';
export type { Grant, TabGrants } from '../store/shapes';

/** A navigation the extension started that has not arrived by then never will: its grant lapses. */
export const WAITING_MS = 2 * 60_000;
/** How long after a grant for the document on screen its loader's first word may still come. */
export const SETTLING_MS = 5_000;
/** Tabs remembered at most (the oldest grant goes first); closing a tab forgets it too. */
const KEEP = 50;

/**
 * Gives `tabId` the grant of this invitation on this profile: `shown` when the tab shows it now.
 * `prepare`: the person's open-next key brought it, so its arrival prepares (once: see `prepareTaken`).
 */
export function grant(all: TabGrants, tabId: number, actionId: string, slug: string, state: Grant['state'], now: number, prepare = false): TabGrants {
  const given: Grant = { actionId, slug, state, at: now, ...(state === 'shown' ? { unheard: true } : {}), ...(prepare ? { prepare } : {}) };
  const { [tabId]: _old, ...rest } = all;
  // Integer keys keep no insertion order: the newest grants are kept by their time.
  const kept = Object.entries(rest)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, KEEP - 1);
  return { ...Object.fromEntries(kept), [tabId]: given };
}

export function forgetTab(all: TabGrants, tabId: number): TabGrants {
  if (!(tabId in all)) return all;
  const { [tabId]: _gone, ...rest } = all;
  return rest;
}

/**
 * The tab's loader says which profile it shows (`slug`, from the browser's address of the tab; null
 * off profiles); `newDocument`: the first it says of a document that loaded. A waiting grant is taken
 * by the first document on its profile; a shown one ends with a new document (a reload, Back, a
 * link) or another address. So leaving the profile and coming back by any path brings nothing.
 */
export function tabShows(all: TabGrants, tabId: number, slug: string | null, newDocument: boolean, now: number): TabGrants {
  const held = all[tabId];
  if (!held) return all;
  if (held.state === 'waiting') {
    if (now - held.at >= WAITING_MS) return forgetTab(all, tabId);
    // Only a new document settles it: the page being left may still speak meanwhile.
    if (!newDocument) return all;
    return held.slug === slug ? { ...all, [tabId]: { ...held, state: 'shown' } } : forgetTab(all, tabId);
  }
  if (held.slug !== slug) return forgetTab(all, tabId);
  // The loader of the document on screen speaking for the first time since the grant: the same document.
  const same = !newDocument || (held.unheard && now - held.at < SETTLING_MS);
  if (!same) return forgetTab(all, tabId);
  if (!held.unheard) return all;
  const { unheard: _heard, ...settled } = held;
  return { ...all, [tabId]: settled };
}

/** The invitation whose panel may be in this tab now, showing `slug` (the browser's address): or none. */
export function grantedHere(all: TabGrants, tabId: number, slug: string | null): string | undefined {
  const held = all[tabId];
  return held?.state === 'shown' && held.slug === slug ? held.actionId : undefined;
}

/** The tab's prepare-on-arrival is used up by its arrival: a reload, or the desk opened again, prepares nothing more. */
export function prepareTaken(all: TabGrants, tabId: number): TabGrants {
  const held = all[tabId];
  if (!held?.prepare) return all;
  const { prepare: _taken, ...rest } = held;
  return { ...all, [tabId]: rest };
}
