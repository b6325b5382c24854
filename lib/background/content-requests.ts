// What the content scripts on a network profile page (the loader and the panel) may ask. The
// profile is the one the browser says the sender's tab shows, never one the page names; a
// content script may change only that profile's action.
import { NotFoundError } from '../api/errors';
import type { NetworkAction } from '../api/schemas';
import type { ContentRequest } from '../messaging/protocol';
import type { Pace } from '../pace';
import { paceOf } from '../pace';
import { profileSlug, profileUrl } from '../profile-url';
import { assistPausedItem, noteDraftsItem, sentLogItem, settingsItem, tabBindingsItem, weeklyStatsItem } from '../storage';
import { bindAction, forgetTab, shownInTab } from './tab-bindings';
import type { SenderInfo } from './sender';
import type { Agents } from './agents';
import type { Handlers, RepliesOf } from './handlers';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import type { WeeklyFigures } from './weekly-figures';
import type { Writes } from './writes';

/** What the in-page panel shows: never the key, never the service's address. */
export interface PanelView {
  /** The profile the tab shows, as the background read it from the sender (null: not a profile). */
  slug: string | null;
  action: NetworkAction | null;
  autoSend: boolean;
  pace: Pace;
  /** The page said the weekly invitation limit is reached: no assisted sends this session. */
  paused: boolean;
  /** The action's agent's status as last read (op 1): no send is offered for a paused or cancelled one. */
  agentStatus: string | null;
  hasNext: boolean;
  /** "3 of 13": this invitation's place among the ready ones, in the popup's order. */
  position: { index: number; total: number } | null;
  /** Who "Next invitation" opens (a name only: nothing else of the ready list reaches the page). */
  nextName: string | null;
  /** The note as typed in the popup and not saved yet: the panel shows it, and saves it before sending. */
  draft?: string | undefined;
}

/** Who asks: the tab, and the profile the browser says it shows. */
export interface ContentContext {
  tabId: number;
  slug: string | null;
}

export function contentContext(sender: SenderInfo): ContentContext {
  // The tab's address, as the browser reports it: never what the page says.
  return { tabId: sender.tab?.id ?? -1, slug: profileSlug(sender.tab?.url ?? sender.url) };
}

/**
 * A reply for a content script with the service's address taken out (an error's details may quote
 * it: a network failure, an HTML page, a missing permission): the page must not learn it.
 */
export function withoutAddress<T>(reply: T, baseUrl: string): T {
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    return reply;
  }
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The address with its scheme and path, then the host alone (with or without its port).
  const address = new RegExp(`(?:[a-z][a-z0-9+.-]*:)?(?://)?${escaped}[^\\s"'<>\\\\]*|${escaped.replace(/:\d+$/, '')}`, 'gi');
  const json = JSON.stringify(reply, (key, v: unknown) => (key === 'origin' ? undefined : v));
  return json === undefined ? reply : (JSON.parse(json.replace(address, 'the service')) as T);
}

/** The profile of the next ready action after this one, for "Next invitation". */
export function nextProfile(actions: NetworkAction[], slug: string | null): string | undefined {
  return nextAction(actions, slug)?.slug;
}

function nextAction(actions: NetworkAction[], slug: string | null): { slug: string; name: string | undefined } | undefined {
  for (const a of actions) {
    const s = profileSlug(a.prospect.profileUrl);
    if (s && s !== slug) return { slug: s, name: a.prospect.name };
  }
  return undefined;
}

/** Weekly figures older than this are fetched again when a panel opens. */
const STATS_MAX_AGE_MS = 30 * 60_000;

interface Deps {
  agents: Agents;
  ready: ReadyList;
  writes: Writes;
  weekly: WeeklyFigures;
}

export function createContentHandlers(p: Pick<Platform, 'now' | 'injectPanel' | 'navigateTab' | 'openReport'>, { agents, ready, writes, weekly }: Deps) {
  /**
   * The action of the profile the tab shows, or one its panel was shown since the tab's document
   * loaded (the page may have rewritten its address since): nothing else.
   */
  async function ownAction(slug: string | null, tabId: number, actionId: string): Promise<void> {
    if ((await ready.forProfile(slug))?.id === actionId) return;
    if (shownInTab(await tabBindingsItem.getValue(), tabId, actionId) && (await ready.known(actionId).then(Boolean, () => false))) return;
    throw new NotFoundError('This profile has no such invitation');
  }

  async function panelView(slug: string | null, tabId: number): Promise<PanelView> {
    const [action, actions, settings, paused] = await Promise.all([ready.forProfile(slug), ready.all(), settingsItem.getValue(), assistPausedItem.getValue()]);
    if (action) await tabBindingsItem.setValue(bindAction(await tabBindingsItem.getValue(), tabId, action.id));
    // Only a panel with something to do pays for a request.
    const stats = action ? await weekly.recent(STATS_MAX_AGE_MS) : await weeklyStatsItem.getValue();
    const draft = action ? (await noteDraftsItem.getValue())[action.id] : undefined;
    const next = nextAction(actions, slug);
    return {
      slug,
      action: action ?? null,
      autoSend: settings.autoSend,
      pace: paceOf(stats, await sentLogItem.getValue(), p.now(), settings.weeklyCap),
      paused,
      agentStatus: (await agents.find(action?.agentId))?.status ?? null,
      hasNext: !!next,
      position: action && actions.some((a) => a.id === action.id) ? { index: actions.findIndex((a) => a.id === action.id) + 1, total: actions.length } : null,
      nextName: next?.name ?? null,
      ...(draft !== undefined ? { draft } : {}),
    };
  }

  return {
    profileSeen: async (req, { tabId, slug }) => {
      // A new document: what the tab showed before is gone.
      if (req.newDocument) await tabBindingsItem.setValue(forgetTab(await tabBindingsItem.getValue(), tabId));
      const panel = !!(await ready.forProfile(slug));
      if (panel) await p.injectPanel(tabId);
      // A profile with a panel opened: during an outage, is the service back? (writes.ts)
      if (panel) void writes.opened().catch(() => undefined);
      return { panel };
    },
    panelView: (_req, { slug, tabId }) => panelView(slug, tabId),
    saveNote: async (req, { slug, tabId }) => {
      await ownAction(slug, tabId, req.actionId);
      return writes.saveNote(req.actionId, req.message);
    },
    markAssisted: async (req, { slug, tabId }) => {
      await ownAction(slug, tabId, req.actionId);
      return writes.mark(req.actionId, {
        outcome: req.outcome,
        method: 'assisted',
        reason: req.reason,
        text: req.text,
        extra: {
          note_included: req.details.noteIncluded,
          note_length: req.details.noteLength,
          page_state_before: req.details.stateBefore,
          page_language: req.details.pageLanguage,
        },
      });
    },
    openNext: async (_req, { tabId, slug }) => {
      const next = nextProfile(await ready.all(), slug);
      if (!next) return { opened: false };
      await p.navigateTab(tabId, profileUrl(next));
      return { opened: true };
    },
    reportPage: async (_req, { tabId, slug }) => {
      if (!slug) throw new NotFoundError('This page is not a profile');
      // The name the reader compares the card with, as the panel does.
      await p.openReport(tabId, (await ready.forProfile(slug))?.prospect.name);
      return null;
    },
    weeklyLimitReached: async () => {
      await assistPausedItem.setValue(true);
      return null;
    },
  } satisfies Handlers<ContentRequest, ContentContext>;
}

export type ContentReplies = RepliesOf<ReturnType<typeof createContentHandlers>>;
