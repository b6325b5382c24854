// What the content scripts on a network page (the loader and the panel) may ask. The profile is
// the one the browser says the sender's tab shows, never one the page names; a content script may
// change only the action its tab was brought to or asked for (lib/background/tab-invitations.ts).
// No answer to the loader depends on the ready list: what it learns, the page could learn.
import { NotFoundError } from '../api/errors';
import type { ContentRequest } from '../messaging/protocol';
import { paceOf } from '../invitations/pace';
import { profileSlug } from '../network/profile-url';
import { assistPausedItem, noteDraftsItem, sentLogItem, settingsItem } from '../store/storage';
import type { SenderInfo } from './sender';
import type { Agents } from './agents';
import type { Handlers, RepliesOf } from './handlers';
import type { PanelTabs } from './panel-tabs';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import type { WeeklyFigures } from './weekly-figures';
import type { Writes } from './writes';

/**
 * What the in-page panel shows: only what concerns the profile its page shows (never another
 * person, the queue, an agent's name, the weekly figures or the account), never the key, never the
 * service's address.
 */
export interface PanelView {
  /** The profile the tab shows, as the background read it from the sender (null: not a profile). */
  slug: string | null;
  /** The invitation the tab was brought to or asked for, while it shows that profile (else null). */
  action: { id: string; message: string | null; prospect: { name?: string | undefined; headline?: string | undefined } } | null;
  autoSend: boolean;
  /** The person presses the page's buttons; the panel only says which, and types the note. */
  letMeClick: boolean;
  /** Sending one more goes past the weekly cap the person set: the panel asks first (no figure shown). */
  overCap: boolean;
  /** The page said the weekly invitation limit is reached: no assisted sends this session. */
  paused: boolean;
  /** The action's agent is paused or cancelled (op 1): no send is offered. */
  agentBlocked: 'paused' | 'cancelled' | null;
  hasNext: boolean;
  /** The note as typed in the popup and not saved yet: the panel shows it, and saves it before sending. */
  draft?: string | undefined;
  /** The desk is open in the tab's window: it is the assistant's face, and nothing is drawn in the page. */
  desk: boolean;
  /** The panel may offer "Open the desk": the browser opens it from the panel's click (Chrome; docs/permissions.md). */
  deskFromPage: boolean;
}

/** Who asks: the tab, its address and the profile the browser says it shows, and its window. */
export interface ContentContext {
  tabId: number;
  url: string | undefined;
  slug: string | null;
  windowId?: number | undefined;
}

export function contentContext(sender: SenderInfo): ContentContext {
  // The tab's address, as the browser reports it: never what the page says.
  const url = sender.tab?.url ?? sender.url;
  return { tabId: sender.tab?.id ?? -1, url, slug: profileSlug(url), windowId: sender.tab?.windowId };
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

/** Weekly figures older than this are fetched again when a panel opens. */
const STATS_MAX_AGE_MS = 30 * 60_000;

interface Deps {
  agents: Agents;
  ready: ReadyList;
  writes: Writes;
  weekly: WeeklyFigures;
  tabs: PanelTabs;
}

export function createContentHandlers(p: Pick<Platform, 'now' | 'deskOpenIn' | 'deskFromPage'>, { agents, ready, writes, weekly, tabs }: Deps) {
  /** The action granted to the sender's tab while it shows that profile: nothing else. */
  async function ownAction(slug: string | null, tabId: number, actionId: string): Promise<void> {
    if ((await tabs.grantedAction(tabId, slug)) !== actionId) throw new NotFoundError('This profile has no such invitation');
  }

  async function panelView({ slug, tabId, windowId }: ContentContext): Promise<PanelView> {
    const granted = await tabs.grantedAction(tabId, slug);
    const [actions, settings, paused] = await Promise.all([ready.all(), settingsItem.getValue(), assistPausedItem.getValue()]);
    const action = actions.find((a) => a.id === granted);
    // Only a panel with something to do pays for a request.
    const stats = action ? await weekly.recent(STATS_MAX_AGE_MS) : null;
    const draft = action ? (await noteDraftsItem.getValue())[action.id] : undefined;
    const status = (await agents.find(action?.agentId))?.status;
    return {
      slug,
      action: action ? { id: action.id, message: action.message ?? null, prospect: { name: action.prospect.name, headline: action.prospect.headline } } : null,
      autoSend: settings.autoSend,
      letMeClick: !!settings.letMeClick,
      overCap: paceOf(stats, await sentLogItem.getValue(), p.now(), settings.weeklyCap).level === 'over',
      paused,
      agentBlocked: status === 'paused' || status === 'cancelled' ? status : null,
      hasNext: !!(await tabs.nextOf(slug)),
      ...(draft !== undefined ? { draft } : {}),
      desk: windowId !== undefined && (await p.deskOpenIn(windowId)),
      deskFromPage: p.deskFromPage,
    };
  }

  return {
    profileSeen: async (req, { tabId, url }) => {
      // A profile with a ready invitation opened: during an outage, is the service back? (writes.ts)
      if (await tabs.seen(tabId, url, !!req.newDocument)) void writes.opened().catch(() => undefined);
      // The same answer whatever the ready list holds: the loader tells the page nothing.
      return null;
    },
    panelView: (_req, context) => panelView(context),
    // The desk opens in the listener itself, within the click's user gesture (lib/background/
    // desk-open.ts: a promise would lose it); the request is only answered here.
    openDesk: async () => null,
    saveNote: async (req, { slug, tabId }) => {
      await ownAction(slug, tabId, req.actionId);
      return writes.saveNote(req.actionId, req.message, req.base);
    },
    markAssisted: async (req, { slug, tabId }) => {
      await ownAction(slug, tabId, req.actionId);
      const { details } = req;
      return writes.mark(req.actionId, {
        outcome: req.outcome,
        method: 'assisted',
        reason: req.reason,
        text: req.text,
        extra: {
          note_included: details.noteIncluded,
          note_length: details.noteLength,
          page_state_before: details.stateBefore,
          page_language: details.pageLanguage,
          // What the page's note box held at Send, when it was not the saved note: kept beside it, never in its place.
          ...(details.noteInDialog !== undefined ? { note_in_dialog: details.noteInDialog } : {}),
        },
      });
    },
    openNext: async (_req, { tabId, slug }) => ({ opened: await tabs.next(tabId, slug) }),
    reportPage: async (_req, { tabId, url, slug }) => {
      if (!slug) throw new NotFoundError('This page is not a profile');
      await tabs.report(tabId, url);
      return null;
    },
    weeklyLimitReached: async () => {
      await assistPausedItem.setValue(true);
      return null;
    },
  } satisfies Handlers<ContentRequest, ContentContext>;
}

type ContentReplies = RepliesOf<ReturnType<typeof createContentHandlers>>;

declare module '../messaging/replies' {
  interface ContentReplyMap extends ContentReplies {}
}
