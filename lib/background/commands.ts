// The extension's keyboard shortcuts (commands API; the person can change them in the browser's
// shortcut settings): bring the panel of the profile shown and focus it, or open the next ready
// invitation. Both are the person asking: the panel may come (lib/background/tab-invitations.ts).
import type { CommandName } from '../extension/shortcuts';
import { profileSlug } from '../network/profile-url';
import type { PanelTabs } from './panel-tabs';
import type { Platform } from './platform';

const COMMANDS = { focusPanel: 'focus-panel', openNext: 'open-next' } as const satisfies Record<string, CommandName>;

export function createCommands(p: Pick<Platform, 'activeTab'>, tabs: PanelTabs) {
  return async function command(name: string): Promise<void> {
    if (name !== COMMANDS.focusPanel && name !== COMMANDS.openNext) return;
    const tab = await p.activeTab();
    const slug = profileSlug(tab?.url);
    if (name === COMMANDS.focusPanel) {
      // Only a profile with a ready invitation has a panel to bring; elsewhere nothing happens.
      if (tab?.id !== undefined) await tabs.ask(tab.id, tab.url, { type: 'focusPanel' }).catch(() => undefined);
      return;
    }
    // On a profile already: the next one in the same tab, as the panel's Next does; else a tab of its own.
    await tabs.next(tab?.id !== undefined && slug !== null ? tab.id : undefined, slug);
  };
}
