// The background's side of "when the panel comes" (lib/background/tab-invitations.ts): which
// invitation a tab shows, when its panel is loaded, and what its own badge says. Every way the
// extension brings an invitation to a tab (Open profile, Next invitation, the shortcuts, Prepare
// here) goes through here; whatever a tab's own page does, only its badge, which the page cannot
// see, tells of the ready list.
import { NotFoundError } from '../api/errors';
import type { NetworkAction } from '../api/schemas';
import type { PanelMessage } from '../page/panel/handle';
import { profileSlug, profileUrl } from '../network/profile-url';
import { nextAfter, pendingByAction } from '../invitations/queue';
import { outboxView } from '../outbox/store';
import { accountItem, reportNamesItem, tabGrantsItem } from '../store/storage';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import type { SyncStatus } from './sync-status';
import { forgetTab, grant, grantedHere, prepareTaken, tabShows, type TabGrants } from './tab-invitations';

/** How long leaving a tab waits for its assisted send to record what it saw (the page's confirmation takes up to 10 s). */
const SETTLE_MS = 12_000;

/** What an arrival brought by the open-next key asks of the tab's assisted send. */
const ARRIVED: PanelMessage = { type: 'prepare', arrival: true };

type Deps = Pick<Platform, 'now' | 'injectPanel' | 'tellTab' | 'navigateTab' | 'openProfile' | 'openReport' | 'tellDesks'>;

export function createPanelTabs(p: Deps, ready: ReadyList, status: Pick<SyncStatus, 'refreshTab'>) {
  /** The arrivals whose assisted send is being loaded, by tab (a settle waits for it). */
  const arriving = new Map<number, Promise<void>>();

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

  /**
   * The profile in this tab, brought there by the extension: its panel comes once the tab shows it.
   * `prepare` (the open-next key): the assisted send prepares there on arrival, once the page shows the prospect.
   */
  async function openIn(tabId: number, action: NetworkAction, slug: string, prepare = false): Promise<void> {
    await bring(tabId, action, slug, false, undefined, prepare);
    await p.navigateTab(tabId, profileUrl(slug));
  }

  /** The extension brings `action` to the tab: now (the tab shows that profile), or at its next document. */
  async function bring(tabId: number, action: NetworkAction, slug: string, now: boolean, then?: PanelMessage, prepare = false): Promise<void> {
    await change((all) => grant(all, tabId, action.id, slug, now ? 'shown' : 'waiting', p.now(), prepare));
    if (now) await show(tabId, then ?? (prepare ? ARRIVED : undefined));
  }

  /** Open profile: the tab showing it comes forward with the panel, or a new tab opens with it. */
  async function open(action: NetworkAction, slug: string, prepare = false): Promise<void> {
    const { tabId, shown } = await p.openProfile(slug, profileUrl(slug));
    if (tabId !== undefined) await bring(tabId, action, slug, shown, undefined, prepare);
  }

  /**
   * The next ready invitation after `from`'s profile, never one whose agent waits (paused, cancelled,
   * waiting for payment: a dead end), nor one whose mark waits in the outbox (recorded, not yet delivered).
   */
  async function nextOf(from: string | null) {
    const agents = (await accountItem.getValue())?.account.agents;
    const pending = pendingByAction((await outboxView.getValue()).entries, p.now());
    const open = (await ready.all()).filter((a) => !pending.get(a.id)?.mark);
    return nextAfter(open, from, (id) => agents?.find((a) => a.id === id)?.status);
  }

  /**
   * Before the extension takes a tab elsewhere: its assisted send records what it saw and has not
   * recorded yet (the person's Send the page confirms, what the page shows), so that nothing is lost
   * with the page. Waits at most SETTLE_MS; a tab with no invitation is not asked.
   */
  async function settle(tabId: number): Promise<void> {
    // An arrival still loading its assisted send (the key pressed again at once): it is there first.
    await arriving.get(tabId);
    if ((await tabGrantsItem.getValue())[tabId]?.state !== 'shown') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([p.tellTab(tabId, { type: 'settle' }), new Promise<void>((done) => (timer = setTimeout(done, SETTLE_MS)))]);
    clearTimeout(timer);
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
      let prepare = false;
      const all = await change((grants) => {
        waited = grants[tabId]?.state === 'waiting';
        const after = tabShows(grants, tabId, slug, newDocument, p.now());
        prepare = waited && !!grantedHere(after, tabId, slug) && !!after[tabId]?.prepare;
        return prepare ? prepareTaken(after, tabId) : after;
      });
      // The document the extension navigated to has arrived: its panel comes (a grant for the
      // document on screen had it loaded when given), and prepares when the open-next key brought it.
      if (waited && grantedHere(all, tabId, slug)) {
        const shown = show(tabId, prepare ? ARRIVED : undefined);
        arriving.set(
          tabId,
          shown.catch(() => undefined),
        );
        await shown.finally(() => arriving.delete(tabId));
      }
      // A profile beyond the polled page may be read here (at most once a minute, lib/background/polling.ts).
      const readyHere = !!(await ready.forProfile(slug));
      await status.refreshTab(tabId, url);
      return readyHere;
    },

    open,
    openIn,

    settle,

    /**
     * Next invitation (the panel's, the shortcut's): the next ready profile in this tab, or in a new
     * one; the tab left settles first. `prepare` (the shortcut): the assisted send prepares on arrival.
     */
    async next(tabId: number | undefined, from: string | null, prepare = false): Promise<boolean> {
      if (tabId !== undefined) await settle(tabId);
      const next = await nextOf(from);
      if (!next) return false;
      await (tabId === undefined ? open(next.action, next.slug, prepare) : openIn(tabId, next.action, next.slug, prepare));
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
