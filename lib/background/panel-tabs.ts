// The background's side of "when the panel comes" (lib/background/tab-invitations.ts): which
// invitation a tab shows, when its panel is loaded, and what its own badge says. Every way the
// extension brings an invitation to a tab (Open profile, Next invitation, the shortcuts, Prepare
// here) goes through here; whatever a tab's own page does, only its badge, which the page cannot
// see, tells of the ready list.
import { NotFoundError } from '../api/errors';
import type { NetworkAction } from '../api/schemas';
import type { PanelMessage } from '../page/panel/handle';
import { profileSlug, profileUrl } from '../network/profile-url';
import { nextAfter } from '../invitations/queue';
import { accountItem, reportNamesItem, tabGrantsItem } from '../store/storage';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import type { SyncStatus } from './sync-status';
import { forgetTab, grant, grantedHere, tabShows, type TabGrants } from './tab-invitations';

type Deps = Pick<Platform, 'now' | 'injectPanel' | 'tellTab' | 'navigateTab' | 'openProfile' | 'openReport' | 'tellDesks'>;

export function createPanelTabs(p: Deps, ready: ReadyList, status: Pick<SyncStatus, 'refreshTab'>) {
  async function change(edit: (all: TabGrants) => TabGrants): Promise<TabGrants> {
    const before = await tabGrantsItem.getValue();
    const after = edit(before);
    if (after !== before) await tabGrantsItem.setValue(after);
    return after;
  }

  /**
   * Loads the assisted send into the tab (again: one already there asks what it shows), then tells
   * it. Its face is the panel, or the desk when one is open in the tab's window: the script asks
   * (`panelView`, `desk`) and draws nothing then; the desks hear that it is there to be followed.
   */
  async function show(tabId: number, then?: PanelMessage): Promise<void> {
    await p.injectPanel(tabId);
    if (then) await p.tellTab(tabId, then);
    await p.tellDesks({ type: 'assistShown', tabId });
  }

  /** The profile in this tab, brought there by the extension: its panel comes once the tab shows it. */
  async function openIn(tabId: number, action: NetworkAction, slug: string): Promise<void> {
    await bring(tabId, action, slug, false);
    await p.navigateTab(tabId, profileUrl(slug));
  }

  /** The extension brings `action` to the tab: now (the tab shows that profile), or at its next document. */
  async function bring(tabId: number, action: NetworkAction, slug: string, now: boolean, then?: PanelMessage): Promise<void> {
    await change((all) => grant(all, tabId, action.id, slug, now ? 'shown' : 'waiting', p.now()));
    if (now) await show(tabId, then);
  }

  /** Open profile: the tab showing it comes forward with the panel, or a new tab opens with it. */
  async function open(action: NetworkAction, slug: string): Promise<void> {
    const { tabId, shown } = await p.openProfile(slug, profileUrl(slug));
    if (tabId !== undefined) await bring(tabId, action, slug, shown);
  }

  /** The next ready invitation after `from`'s profile, never one whose agent waits (paused, cancelled, waiting for payment): a dead end. */
  async function nextOf(from: string | null) {
    const agents = (await accountItem.getValue())?.account.agents;
    return nextAfter(await ready.all(), from, (id) => agents?.find((a) => a.id === id)?.status);
  }

  return {
    nextOf,
    /**
     * The page report ("This page was read wrong") of a tab, its prospect's name (the service's, for
     * the reader to know their card by) left where only the extension reads it, not in its address.
     */
    async report(tabId: number, url: string | undefined): Promise<void> {
      const name = (await ready.forProfile(profileSlug(url)))?.prospect.name;
      const names = { ...(await reportNamesItem.getValue()) };
      if (name) names[tabId] = name;
      else delete names[tabId];
      await reportNamesItem.setValue(names);
      await p.openReport(tabId);
    },

    /** The action whose panel may be in this tab, showing `slug` now: the only one its content scripts may act on. */
    grantedAction: async (tabId: number, slug: string | null) => grantedHere(await tabGrantsItem.getValue(), tabId, slug),

    /**
     * The tab's loader says its address changed (`url`: the browser's, never the page's words): its
     * badge says whether this profile has an invitation (returned), and the panel comes only with a grant.
     */
    async seen(tabId: number, url: string | undefined, newDocument: boolean): Promise<boolean> {
      const slug = profileSlug(url);
      let waited = false;
      const all = await change((grants) => {
        waited = grants[tabId]?.state === 'waiting';
        return tabShows(grants, tabId, slug, newDocument, p.now());
      });
      // The document the extension navigated to has arrived: its panel comes (a grant for the
      // document on screen had it loaded when given).
      if (waited && grantedHere(all, tabId, slug)) await show(tabId);
      // A profile beyond the polled page may be read here (at most once a minute, lib/background/polling.ts).
      const readyHere = !!(await ready.forProfile(slug));
      await status.refreshTab(tabId, url);
      return readyHere;
    },

    open,
    openIn,

    /** Next invitation (the panel's, the shortcut's): the next ready profile in this tab, or in a new one. */
    async next(tabId: number | undefined, from: string | null): Promise<boolean> {
      const next = await nextOf(from);
      if (!next) return false;
      await (tabId === undefined ? open(next.action, next.slug) : openIn(tabId, next.action, next.slug));
      return true;
    },

    /**
     * The person asks, from the extension, for the panel of the profile a tab shows (Prepare here,
     * the focus shortcut): it comes, and does what they asked. None when that profile has no invitation.
     */
    async ask(tabId: number, url: string | undefined, then: PanelMessage): Promise<void> {
      const slug = profileSlug(url);
      const action = await ready.forProfile(slug);
      if (!slug || !action) throw new NotFoundError('This profile has no ready invitation');
      await bring(tabId, action, slug, true, then);
    },

    closed: (tabId: number) => change((all) => forgetTab(all, tabId)).then(() => undefined),
  };
}

export type PanelTabs = ReturnType<typeof createPanelTabs>;
