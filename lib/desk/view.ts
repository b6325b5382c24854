// Which of its four views the desk shows for the tab it follows: the invitation of the profile it
// shows, This profile on another profile, the network's Sent invitations page (reached by any path,
// as profiles are: the followed tab's address is read at each change), or the queue. Pure.
import { isSentAddress } from '../page/reader/sent-address';
import { profileSlug } from '../network/profile-url';
import type { FollowedTab } from './follow';

export type DeskView = 'invitation' | 'profile' | 'sent' | 'queue';

/** The view for the followed tab (null: none), `atHand` when an invitation is held for it. */
export function deskViewOf(tab: FollowedTab | null, atHand: boolean): DeskView {
  if (atHand) return 'invitation';
  if (!tab) return 'queue';
  if (profileSlug(tab.url)) return 'profile';
  return isSentAddress(tab.url) ? 'sent' : 'queue';
}
