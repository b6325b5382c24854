// The extension's keyboard shortcuts (commands API; the person can change them in the browser's
// shortcut settings): focus the panel of the profile shown, or open the next ready invitation.
import { profileSlug, profileUrl } from '../profile-url';
import { nextProfile } from './content-requests';
import type { Platform } from './platform';
import type { ReadyList } from './polling';

const COMMANDS = { focusPanel: 'focus-panel', openNext: 'open-next' } as const;

export function createCommands(p: Pick<Platform, 'activeTab' | 'navigateTab' | 'openProfile' | 'tellTab'>, ready: ReadyList) {
  return async function command(name: string): Promise<void> {
    const tab = await p.activeTab();
    const slug = profileSlug(tab?.url);
    if (name === COMMANDS.focusPanel) {
      // Only a tab showing a profile with an invitation has a panel to focus.
      if (tab?.id !== undefined && (await ready.forProfile(slug))) await p.tellTab(tab.id, { type: 'focusPanel' });
      return;
    }
    if (name !== COMMANDS.openNext) return;
    const next = nextProfile(await ready.all(), slug);
    if (!next) return;
    // On the network already: the next profile in the same tab, as the panel's Next does.
    if (tab?.id !== undefined && profileSlug(tab.url) !== null) await p.navigateTab(tab.id, profileUrl(next));
    else await p.openProfile(next, profileUrl(next));
  };
}
