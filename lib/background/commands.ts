// The extension's keyboard shortcuts (commands API; the person can change them in the browser's
// shortcut settings): bring the panel of the profile shown and focus it, or open the next ready
// invitation and prepare it. Both are the person asking, trusted like a click wherever the focus is:
// the panel may come (lib/background/tab-invitations.ts).
import { NETWORK_ORIGIN } from '../extension/manifest';
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
    // The tab the person looks at (the one the desk follows) when it shows the network, any page of
    // it: the next goes there, so the keyboard stays where the page's Send will have the focus; else a
    // tab of its own. It prepares on arrival, the person's next key being the page's Send.
    const onNetwork = tab?.id !== undefined && !!tab.url?.startsWith(`${NETWORK_ORIGIN}/`);
    await tabs.next(onNetwork ? tab.id : undefined, slug, true);
  };
}
