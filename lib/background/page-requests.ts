// What the extension's own pages (popup, options) may ask of the background.
import { type CallInput, prepareCall } from '../api/client';
import { InvalidRequestError } from '../api/errors';
import type { Request } from '../messaging/protocol';
import { profileSlug } from '../network/profile-url';
import { outboxView } from '../outbox/store';
import { forgetStored, MIN_POLL_MINUTES, rateLimitItem, settingsItem, verificationItem } from '../store/storage';
import type { AddToAgent } from './add-to-agent';
import type { PanelTabs } from './panel-tabs';
import type { Credentials } from './credentials';
import type { Handlers, RepliesOf } from './handlers';
import { tabOf, type Platform } from './platform';
import type { ReadyList } from './polling';
import type { SentInvitations } from './sent-invitations';
import type { WaitingReads } from './waiting-reads';
import { requestLimits, type Service } from './service';
import type { WeeklyFigures } from './weekly-figures';
import type { Writes } from './writes';

interface Deps {
  service: Service;
  ready: ReadyList;
  writes: Writes;
  credentials: Credentials;
  weekly: WeeklyFigures;
  adds: AddToAgent;
  tabs: PanelTabs;
  sent: SentInvitations;
  waiting: WaitingReads;
  /** Connect verified the key: what the pages show is read at once (controller.ts, `firstReads`). */
  connected?: () => Promise<void>;
  /** The whole poll (controller.ts): the ready list and the agents' statuses, read together. */
  refresh: () => Promise<void>;
}

export function createPageHandlers(
  p: Pick<Platform, 'now' | 'schedulePoll' | 'activeTab' | 'tabInfo' | 'shortcuts'>,
  { service, ready, writes, credentials, weekly, adds, tabs, sent, waiting, connected, refresh }: Deps,
) {
  return {
    viewRead: (req) => {
      const { name, ...input } = req.call;
      return service.view(name, input as CallInput<typeof name>);
    },
    // The connection check: the same path and share of the budget as the views' reads.
    checkRead: (req) => service.view(req.name, req.agentId ? { params: { agentId: req.agentId } } : {}),
    viewWrite: (req) => {
      const { name, ...input } = req.call;
      // Refused here, before it is stored, when the table's schemas do not accept it.
      prepareCall(name, input as CallInput<typeof name>);
      return writes.call(req.call, req.item, req.seen);
    },
    // The popup asks this when it opens, and on Refresh: the whole poll, so that an agent paused or
    // resumed shows with the list; its read also tells the outbox, during an outage, that the
    // service is back (service.ts, `answered`).
    refresh: async () => {
      await refresh();
      return null;
    },
    saveNote: async (req) => {
      await ready.known(req.actionId);
      return writes.saveNote(req.actionId, req.message, req.base);
    },
    markSent: async (req) => {
      await ready.known(req.actionId);
      return writes.mark(req.actionId, { outcome: 'sent', method: 'manual' }, req.undoable);
    },
    markFailed: async (req) => {
      await ready.known(req.actionId);
      return writes.mark(req.actionId, { outcome: 'failed', method: 'manual', reason: req.reason, text: req.text }, req.undoable);
    },
    undoWrite: async (req) => ({ undone: await writes.undo(req.entryId) }),
    refusedSeen: async () => {
      await writes.refusedSeen();
      return null;
    },
    // What the page needs to show the budget (lib/outbox/rate-status.ts, computed there: the background
    // has no room to spare for it).
    getRateStatus: async () => {
      const [state, log, service] = await Promise.all([outboxView.getValue(), verificationItem.getValue(), rateLimitItem.getValue()]);
      return { limiter: state.limiter, verifications: log.at, service, now: p.now(), cfg: await requestLimits() };
    },
    // The keys the browser really set, read each time: the person may have changed them since.
    shortcuts: () => p.shortcuts(),
    reportPage: async (req) => {
      const tab = await tabOf(p, req.tabId);
      if (tab?.id === undefined) throw new InvalidRequestError('no-tab', 'tab');
      await tabs.report(tab.id, tab.url);
      return null;
    },
    retryWrite: async (req) => {
      await writes.retry(req.entryId);
      return null;
    },
    heldWrites: async (req) => {
      await writes.releaseHeld(req.send);
      return null;
    },
    discardWrite: async (req) => {
      await writes.discard(req.entryId);
      return null;
    },
    openProfile: async (req) => {
      const action = await ready.known(req.actionId);
      const slug = profileSlug(action.prospect.profileUrl);
      if (!slug) throw new InvalidRequestError('no-profile-url', 'profileUrl');
      await (req.tabId === undefined ? tabs.open(action, slug) : tabs.openIn(req.tabId, action, slug));
      return null;
    },
    prepareHere: async (req) => {
      const tab = await tabOf(p, req.tabId);
      if (tab?.id === undefined) throw new InvalidRequestError('no-tab', 'tab');
      // The profile the popup showed, or none: a page that moved its address since gets no panel for another.
      if (profileSlug(tab.url) !== req.slug) throw new InvalidRequestError('The tab now shows another profile than the popup did', 'shownTab');
      await tabs.ask(tab.id, tab.url, { type: 'prepare', note: req.note, pastCap: req.pastCap });
      return null;
    },
    connect: async (req) => {
      const account = await credentials.connect(req.baseUrl, req.apiKey);
      void connected?.().catch(() => undefined);
      return account;
    },
    // The options page asks this when it opens: during an outage, is the service back?
    getCredentials: () => {
      void writes.opened().catch(() => undefined);
      return credentials.info();
    },
    verifyKey: () => credentials.verify(),
    saveSettings: async (req) => {
      const settings = await settingsItem.getValue();
      const { type: _type, ...changes } = req;
      const next = { ...settings, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      await settingsItem.setValue(next);
      if (next.pollMinutes !== settings.pollMinutes) await p.schedulePoll(Math.max(MIN_POLL_MINUTES, next.pollMinutes));
      if (next.agentFilter !== settings.agentFilter) void ready.poll(true);
      return null;
    },
    getWeeklyStats: () => weekly.fetch(),
    readWaitingWork: () => waiting.readStale(),
    // The desk's Sent invitations view, while it is shown (issue 33).
    sentInvitations: (req) => sent.list(req.tabId),
    withdraw: (req) => sent.withdraw(req.tabId, req.slug),
    profileTarget: (req) => adds.profileTarget(req.source, req.tabId),
    knownContact: (req) => adds.known(req.slug, req.name),
    agentFields: (req) => adds.fields(req.agentId),
    addToAgent: (req) => adds.add(req.source, req.slug, req.agentId, req.aiContext, req.custom, req.tabId),
    forgetEverything: async () => {
      // The outbox first, through its own lock: a write stored meanwhile is dropped with the rest.
      const lost = await writes.forget();
      await forgetStored();
      // With no key the poll says "not set up" (badge included) and asks nothing of the service.
      await ready.poll();
      return { lost };
    },
  } satisfies Handlers<Request>;
}

type PageReplies = RepliesOf<ReturnType<typeof createPageHandlers>>;

declare module '../messaging/replies' {
  interface PageReplyMap extends PageReplies {}
}
