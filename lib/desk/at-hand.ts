// Which invitation the desk holds: the one of the profile its followed tab shows, kept after its
// outcome (it leaves the ready list once marked) while that tab still shows that profile, as the
// in-page panel keeps its own. Pure.
import type { NetworkAction } from '../api/schemas';
import { profileSlug } from '../network/profile-url';
import type { FollowedTab } from './follow';

export interface AtHand {
  tabId: number;
  slug: string;
  action: NetworkAction;
}

/** The invitation at hand now, from the one held before, the followed tab and the ready invitations listed. */
export function atHandNow(held: AtHand | null, tab: FollowedTab | null, actions: NetworkAction[]): AtHand | null {
  const slug = profileSlug(tab?.url);
  if (!tab || !slug) return null;
  const action = actions.find((a) => profileSlug(a.prospect.profileUrl) === slug);
  if (action) return held?.tabId === tab.id && held.slug === slug && held.action === action ? held : { tabId: tab.id, slug, action };
  return held?.tabId === tab.id && held.slug === slug ? held : null;
}
