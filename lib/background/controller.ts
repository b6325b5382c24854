// The background's wiring: each concern in its own module (polling, credentials, writes,
// weekly figures, the requests of pages and of content scripts), and one entry point for
// messages that checks the sender and the message before dispatching it.
// Browser APIs come in through Platform so that this runs in unit tests as it is.
import { serializeError } from '../api/errors';
import type { Reply } from '../messaging/ask';
import { contentRequestSchema, requestSchema } from '../messaging/protocol';
import { createAgents } from './agents';
import { contentContext, createContentHandlers, withoutAddress } from './content-requests';
import { createCredentials } from './credentials';
import { dispatch } from './handlers';
import { createPageHandlers } from './page-requests';
import { createAddToAgent } from './add-to-agent';
import { createCommands } from './commands';
import { createPanelTabs } from './panel-tabs';
import { settingsItem } from '../store/storage';
import type { Platform } from './platform';
import { createReadyList } from './polling';
import { createSentInvitations } from './sent-invitations';
import { classifySender, type SenderInfo } from './sender';
import { createService } from './service';
import { createSyncStatus } from './sync-status';
import { createWeeklyFigures } from './weekly-figures';
import { createWaitingReads } from './waiting-reads';
import { createWrites } from './writes';
import { createMarkRaces } from './mark-races';

export interface Controller {
  poll(fresh?: boolean): Promise<void>;
  /** Delivers what the outbox holds that is due (alarm, start-up). */
  deliver(): Promise<void>;
  start(): Promise<void>;
  handle(message: unknown, sender: SenderInfo): Promise<Reply<unknown>>;
  refreshBadge(): Promise<void>;
  /** An agent is active again: marks held for a paused agent go out now. */
  agentActive(): Promise<void>;
  /** A tab closed: the invitation it was brought to is forgotten. */
  tabClosed(tabId: number): Promise<void>;
  /** A keyboard shortcut of the extension (commands API) was pressed. */
  command(name: string): Promise<void>;
  /** "Add to an agent…" chosen on a link: the form opens for that profile (nothing runs in the page). */
  linkChosen(url: string | undefined): Promise<void>;
}

const MALFORMED: Reply<never> = { ok: false, error: { kind: 'invalid-request', message: 'Malformed request' } };

export function createController(p: Platform): Controller {
  const status = createSyncStatus(p);
  // The outbox holds the request budget, so writes come first; they learn of the ready list and
  // the service (for reading a write back) late.
  const writes = createWrites(
    p,
    () => ready,
    status,
    () => service,
    // The popup, the panel and the options page then show the service's new figure together.
    () => void weekly.refreshIfStale(),
    () => sent,
    (entry) => races.watch(entry),
  );
  const service = createService(p, writes.budget);
  const races = createMarkRaces(p, service, writes.told);
  const sent = createSentInvitations(p, service);
  const ready = createReadyList(p, service, status);
  const weekly = createWeeklyFigures(p, service);
  const waiting = createWaitingReads(p, service);
  // A status changed: the badge counts the invitations of an agent that waits apart.
  const agents = createAgents(p, service, status.refreshBadge);
  const credentials = createCredentials(p, { service, status, ready, writes });
  const adds = createAddToAgent(p, service, ready, writes, agents);
  const tabs = createPanelTabs(p, ready, status);
  const pageHandlers = createPageHandlers(p, {
    service,
    ready,
    writes,
    credentials,
    weekly,
    adds,
    tabs,
    sent,
    waiting,
    connected: () => firstReads(),
    refresh: () => poll(),
  });
  const contentHandlers = createContentHandlers(p, { agents, ready, writes, weekly, tabs });

  async function handle(message: unknown, sender: SenderInfo): Promise<Reply<unknown>> {
    const kind = classifySender(sender, { extensionId: p.extensionId, extensionOrigin: p.extensionOrigin });
    if (!kind) return { ok: false, error: { kind: 'invalid-request', message: 'Sender not allowed' } };
    try {
      if (kind === 'content') {
        const parsed = contentRequestSchema.safeParse(message);
        if (!parsed.success) return MALFORMED;
        const data = await dispatch(contentHandlers, parsed.data, contentContext(sender));
        return { ok: true, data: withoutAddress(data, (await settingsItem.getValue()).baseUrl) };
      }
      const parsed = requestSchema.safeParse(message);
      if (!parsed.success) return MALFORMED;
      return { ok: true, data: await dispatch(pageHandlers, parsed.data, undefined) };
    } catch (error) {
      const reply: Reply<never> = { ok: false, error: serializeError(error) };
      // What a content script is told never names the service's address, not even in details.
      return kind === 'content' ? withoutAddress(reply, (await settingsItem.getValue()).baseUrl) : reply;
    }
  }

  /**
   * The poll of the alarm (and of Refresh) also reads the agents' statuses (each poll, agents.ts),
   * keeps the weekly figures fresh (a quarter hour, and again after a mark), and the work that
   * waits (three requests every 10 minutes).
   */
  async function poll(fresh?: boolean): Promise<void> {
    await credentials.recheckIfDue();
    await ready.poll(fresh);
    // A mark delivered lately may have been replaced by another browser's: read once, said if so.
    await races.check().catch(() => undefined);
    // A paused agent active again: the marks held for it go now rather than at their next try.
    if (await agents.refreshIfStale()) await writes.agentActive();
    await weekly.refreshIfStale();
    await waiting.refreshIfStale();
  }

  /**
   * The account (its agents' statuses) and the weekly figure, read now when never read or stale:
   * after Connect, and at start with a key already set, so that the popup, the options page and the
   * panel show them in the first seconds rather than after the next poll (issue 24).
   */
  async function firstReads(): Promise<void> {
    if (await agents.refreshIfStale()) await writes.agentActive();
    await weekly.refreshIfStale();
    await waiting.refreshIfStale();
  }

  return {
    poll,
    // The ready list (with the poll alarm) and the rest, together.
    start: async () => void (await Promise.all([ready.start(), firstReads()])),
    handle,
    refreshBadge: status.refreshBadge,
    deliver: writes.deliver,
    agentActive: writes.agentActive,
    linkChosen: adds.fromLink,
    command: createCommands(p, tabs),
    tabClosed: tabs.closed,
  };
}
