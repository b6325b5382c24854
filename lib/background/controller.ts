// What the background decides: polling, the badge, and every request pages ask for.
// Browser APIs come in through Platform so that this runs in unit tests as it is.
import { createApiClient, type ApiClient } from '../api/client';
import { ApiError, InvalidRequestError, NotConfiguredError, NotFoundError, PermissionMissingError, RateLimitedError, serializeError, UnauthorizedError } from '../api/errors';
import { fingerprint, verificationWait, VERIFY_WINDOW_MS } from '../verification-budget';
import type { NetworkAction } from '../api/schemas';
import { badgeFor, type Badge, type Translate } from '../badge';
import { markMetadata } from '../metadata';
import type { CredentialsInfo, PanelView, Reply, ResponseData, WriteReceipt } from '../messaging/ask';
import { contentRequestSchema, requestSchema, type ContentRequest, type Request } from '../messaging/protocol';
import { paceOf, pruneLog } from '../pace';
import { rateStatus } from '../rate-status';
import { profileSlug, profileUrl } from '../profile-url';
import { normalizeServiceUrl, originPattern } from '../service-url';
import {
  accountItem,
  actionsItem,
  apiKeyItem,
  assistPausedItem,
  sentLogItem,
  keyRejectedItem,
  MIN_POLL_MINUTES,
  rateLimitItem,
  READY_PAGE_SIZE,
  type ActionsSnapshot,
  routesItem,
  settingsItem,
  syncStatusItem,
  weeklyStatsItem,
  outboxItem,
  verificationItem,
  type SyncState,
} from '../storage';
import { createOutbox, type OutboxEntry, type WriteOp } from '../outbox/outbox';
import { nextAllowedAt, recordRequest, limitSignal, limitWaitUntil, DEFAULT_LIMITER } from '../outbox/limiter';
import { classifySender, type SenderInfo } from './sender';

export interface Platform {
  fetch: typeof fetch;
  now(): number;
  t: Translate;
  version: string;
  browserName: string;
  extensionId: string;
  extensionOrigin: string;
  setBadge(badge: Badge): Promise<void>;
  hasOriginPermission(pattern: string): Promise<boolean>;
  /** Focuses a tab showing this profile, or opens one. */
  openProfile(slug: string, url: string): Promise<void>;
  schedulePoll(periodMinutes: number): Promise<void>;
  /** Wakes the outbox at this time: a short timer while the worker lives, and an alarm in case it stops. */
  wakeAt(at: number): void;
  random(): number;
  newId(): string;
  /** Loads the in-page panel into the top frame of a tab (only for a profile with an action). */
  injectPanel(tabId: number): Promise<void>;
  /** Shows another address in the same tab. */
  navigateTab(tabId: number, url: string): Promise<void>;
}

/** A write held back no longer than this is waited for before answering. */
const SHORT_WAIT_MS = 2_000;

export interface Controller {
  poll(fresh?: boolean): Promise<void>;
  /** Delivers what the outbox holds that is due (alarm, start-up). */
  deliver(): Promise<void>;
  start(): Promise<void>;
  handle(message: unknown, sender: SenderInfo): Promise<Reply<unknown>>;
  refreshBadge(): Promise<void>;
}

export function createController(p: Platform): Controller {
  let polling: Promise<void> | null = null;
  let pollAgain = false;
  let verifying: Promise<ResponseData['verifyKey']> | null = null;

  /** The request budget as set (default 30 a minute), writes a second apart. */
  const limits = async () => ({ ...DEFAULT_LIMITER, capPerMinute: (await settingsItem.getValue()).requestCap });

  const outbox = createOutbox({
    limits,
    load: () => outboxItem.getValue(),
    save: (state) => outboxItem.setValue(state),
    send: async (entry) => {
      await (await client()).call(entry.op, { params: { actionId: entry.actionId }, body: entry.body as never });
    },
    now: () => p.now(),
    random: () => p.random(),
    newId: () => p.newId(),
    wakeAt: (at) => p.wakeAt(at),
    onSettled: async (entry, outcome) => {
      if (outcome === 'delivered') await applyDelivered(entry);
    },
  });

  /** What every mark's metadata says of the extension. */
  const markContext = () => ({ version: p.version, browser: p.browserName, now: p.now() });

  /** Every read counts in the budget the writes share; the outbox owns that state. */
  const spendRead = () => outbox.updateLimiter((l) => recordRequest(l, p.now(), 'read'));

  /** A limit answer to a read holds every request until the time it allows (spec 002). */
  async function honourLimit(error: unknown): Promise<void> {
    if (!(error instanceof RateLimitedError)) return;
    const until = limitWaitUntil(limitSignal(error), p.now(), 1, p.random);
    await outbox.updateLimiter((l) => ({ ...l, blockedUntil: Math.max(l.blockedUntil, until) }));
  }

  /** A read other than the poll (account, weekly statistics): counted, and a limit answer honoured. */
  async function read<T>(run: (api: ApiClient) => Promise<T>): Promise<T> {
    const api = await client();
    await spendRead();
    try {
      return await run(api);
    } catch (error) {
      await honourLimit(error);
      throw error;
    }
  }

  /** What a delivered write changes in what the extension shows. */
  async function applyDelivered(entry: OutboxEntry): Promise<void> {
    if (entry.op === 'updateMessage') {
      const snapshot = await actionsItem.getValue();
      if (!snapshot) return;
      const message = (entry.body.message as string | null) || null;
      await actionsItem.setValue({ ...snapshot, actions: snapshot.actions.map((a) => (a.id === entry.actionId ? { ...a, message } : a)) });
      return;
    }
    if (entry.op === 'markSent') await sentLogItem.setValue([...pruneLog(await sentLogItem.getValue(), p.now()), p.now()]);
    await removeFromSnapshot(entry.actionId);
  }

  /**
   * Stores the write, then tries to deliver it: "saved" when the service took it, "queued" when it
   * waits (offline, limited, spaced); a refusal (paused agent, 422…) is thrown, and kept in the
   * dead-letter list until the person retries or discards it.
   */
  async function submit(op: WriteOp, actionId: string, body: Record<string, unknown>): Promise<WriteReceipt> {
    const entry = await outbox.enqueue(op, actionId, body);
    await outbox.drain();
    let state = await outboxItem.getValue();
    // When only the spacing between writes holds it back, wait for it: the person then sees
    // the service's own answer rather than "queued".
    for (let i = 0; i < 3; i++) {
      const pending = state.entries.find((e) => e.id === entry.id);
      if (!pending || state.pausedForKey) break;
      const due = Math.max(pending.notBefore, nextAllowedAt(state.limiter, p.now(), 'write', await limits()));
      if (due - p.now() > SHORT_WAIT_MS) break;
      await new Promise((r) => setTimeout(r, Math.max(0, due - p.now())));
      await outbox.drain();
      state = await outboxItem.getValue();
    }
    const dead = state.dead.find((d) => d.id === entry.id);
    if (dead) throw new ApiError(dead.error.kind, dead.error.message, dead.error.status);
    const pending = state.entries.find((e) => e.id === entry.id);
    if (!pending) return { state: 'saved' };
    if (state.pausedForKey) await noteFailure(new ApiError('unauthorized', pending.lastError ?? 'Unauthenticated', 401));
    return { state: 'queued', reason: pending.lastError };
  }

  async function setSync(state: SyncState, error?: ApiError | unknown): Promise<void> {
    await syncStatusItem.setValue({ state, at: p.now(), ...(error ? { error: serializeError(error) } : {}) });
    await refreshBadge();
  }

  async function refreshBadge(): Promise<void> {
    const [status, snapshot] = await Promise.all([syncStatusItem.getValue(), actionsItem.getValue()]);
    await p.setBadge(badgeFor(status, snapshot, p.t));
  }

  /** A client for the saved service and key; throws when either is missing or unreachable. */
  async function client(): Promise<ApiClient> {
    const [settings, apiKey] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue()]);
    const base = normalizeServiceUrl(settings.baseUrl);
    if (!apiKey || !base.ok) throw new NotConfiguredError();
    if (!(await p.hasOriginPermission(originPattern(base.origin)))) throw new PermissionMissingError(base.origin);
    return createApiClient({
      baseUrl: base.url,
      apiKey,
      fetch: p.fetch,
      now: p.now,
      routes: { load: () => routesItem.getValue(), save: (r) => routesItem.setValue(r) },
      onResponse: ({ rateLimit }) => {
        if (rateLimit) void rateLimitItem.setValue(rateLimit);
      },
    });
  }

  /** Records a failure in the sync status; a 401 stops polling until the key changes. */
  async function noteFailure(error: unknown): Promise<void> {
    if (!(error instanceof ApiError)) return setSync('error', error);
    if (error.kind === 'not-configured') return setSync('not-set-up');
    if (error.kind === 'unauthorized') {
      await keyRejectedItem.setValue(true);
      return setSync('key-rejected', error);
    }
    if (error.kind === 'network' || error.kind === 'timeout') return setSync('offline', error);
    return setSync('error', error);
  }

  async function pollOnce(): Promise<void> {
    const [apiKey, rejected, settings] = await Promise.all([
      apiKeyItem.getValue(),
      keyRejectedItem.getValue(),
      settingsItem.getValue(),
    ]);
    if (!apiKey || !settings.baseUrl) return setSync('not-set-up');
    if (rejected) return setSync('key-rejected');
    // Reads are skipped while the budget is spent or the service asked to wait.
    const budget = await outboxItem.getValue();
    if (nextAllowedAt(budget.limiter, p.now(), 'read', await limits()) > p.now()) return;
    try {
      const api = await client();
      await spendRead();
      const result = await api.call('listActions', {
        query: {
          status: 'ready',
          limit: READY_PAGE_SIZE,
          ...(settings.agentFilter ? { agent_filter: settings.agentFilter } : {}),
        },
      });
      // The service filters by status; a record of another status is not shown as ready.
      const actions = result.actions.filter((a) => a.status === undefined || a.status === 'ready');
      await actionsItem.setValue({
        actions,
        fetchedAt: p.now(),
        full: result.actions.length + result.skipped >= READY_PAGE_SIZE,
        agentFilter: settings.agentFilter,
      });
      await setSync('ok');
    } catch (error) {
      await honourLimit(error);
      await noteFailure(error);
    }
  }

  /**
   * One poll at a time. `fresh` is for callers that just changed what to poll (key, filter):
   * a poll already running used the old values, so another one follows it.
   */
  function poll(fresh = false): Promise<void> {
    if (polling) {
      if (fresh) pollAgain = true;
      return polling;
    }
    polling = (async () => {
      do {
        pollAgain = false;
        await pollOnce();
      } while (pollAgain);
    })().finally(() => {
      polling = null;
    });
    return polling;
  }

  async function start(): Promise<void> {
    const settings = await settingsItem.getValue();
    await p.schedulePoll(Math.max(MIN_POLL_MINUTES, settings.pollMinutes));
    await poll();
  }

  async function knownAction(actionId: string): Promise<NetworkAction> {
    const snapshot = await actionsItem.getValue();
    const action = snapshot?.actions.find((a) => a.id === actionId);
    if (!action) throw new NotFoundError('This invitation is no longer in the ready list');
    return action;
  }

  async function removeFromSnapshot(actionId: string): Promise<void> {
    const snapshot = await actionsItem.getValue();
    if (!snapshot) return;
    await actionsItem.setValue({ ...snapshot, actions: snapshot.actions.filter((a) => a.id !== actionId) });
    await refreshBadge();
    // A full page hid other ready actions: fetch them now rather than at the next alarm.
    if (snapshot.full) void poll();
  }

  async function credentialsInfo(): Promise<CredentialsInfo> {
    const [settings, apiKey] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue()]);
    return { baseUrl: settings.baseUrl, hasKey: !!apiKey, keyHint: apiKey ? apiKey.slice(-4) : null };
  }

  async function saveCredentials(req: Extract<Request, { type: 'saveCredentials' }>): Promise<CredentialsInfo> {
    const base = normalizeServiceUrl(req.baseUrl);
    if (!base.ok) throw new InvalidRequestError(base.problem, 'baseUrl');
    const [settings, oldKey] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue()]);
    const apiKey = req.apiKey?.trim() || oldKey;
    if (!apiKey) throw new InvalidRequestError('empty', 'apiKey');
    const serviceChanged = base.url !== settings.baseUrl;
    const keyChanged = apiKey !== oldKey;
    await settingsItem.setValue({ ...settings, baseUrl: base.url });
    if (keyChanged) await apiKeyItem.setValue(apiKey);
    if (serviceChanged || keyChanged) {
      // Another key or service is another account: nothing learnt about the old one holds.
      await Promise.all([
        keyRejectedItem.setValue(false),
        actionsItem.setValue(null),
        accountItem.setValue(null),
        weeklyStatsItem.setValue(null),
        ...(serviceChanged ? [routesItem.setValue({ methods: {} })] : []),
      ]);
      // Writes held after a 401 go out with the new key.
      await outbox.resume();
      void outbox.drain();
      void poll(true);
      // A new key is verified once (spec 001), so the options page can show the account.
      if (keyChanged) {
        verifying ??= verifyKey().finally(() => {
          verifying = null;
        });
        void verifying.catch(() => undefined);
      }
    }
    return credentialsInfo();
  }

  async function verifyKey(): Promise<ResponseData['verifyKey']> {
    const [settings, apiKey, log, known] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue(), verificationItem.getValue(), accountItem.getValue()]);
    const tag = apiKey ? fingerprint(apiKey) : '';
    const same = log.last?.fingerprint === tag && log.last.baseUrl === settings.baseUrl;
    // Nothing changed since the last answer: give it again rather than spend the budget.
    if (same && log.last?.outcome === 'ok' && known) return known.account;
    if (same && log.last?.outcome === 'rejected') throw new UnauthorizedError('The service rejected this key');
    const wait = verificationWait(log.at, p.now());
    if (wait > 0) throw new RateLimitedError('Too many verifications', 429, wait, undefined);
    const spent = [...log.at.filter((t) => t > p.now() - VERIFY_WINDOW_MS), p.now()];
    const remember = (outcome: 'ok' | 'rejected' | null) =>
      verificationItem.setValue({ at: spent, last: outcome ? { fingerprint: tag, baseUrl: settings.baseUrl, outcome } : null });
    try {
      let account: ResponseData['verifyKey'];
      try {
        account = await read((api) => api.call('account'));
      } catch (error) {
        // Nothing was sent without a key or a permission: the budget is untouched.
        if (error instanceof ApiError && (error.kind === 'not-configured' || error.kind === 'permission')) throw error;
        // A request was spent either way; only a 401 says something lasting about this key.
        await remember(error instanceof ApiError && error.kind === 'unauthorized' ? 'rejected' : null);
        throw error;
      }
      await remember('ok');
      await accountItem.setValue({ account, verifiedAt: p.now() });
      if (await keyRejectedItem.getValue()) {
        await keyRejectedItem.setValue(false);
        void poll(true);
      }
      return account;
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'not-configured')) {
        await noteFailure(error);
      }
      throw error;
    }
  }

  async function dispatch(req: Request): Promise<unknown> {
    switch (req.type) {
      case 'refresh':
        await poll();
        return null;
      case 'saveNote':
        await knownAction(req.actionId);
        return submit('updateMessage', req.actionId, { message: req.message });
      case 'markSent':
      case 'markFailed': {
        await knownAction(req.actionId);
        const metadata =
          req.type === 'markSent'
            ? markMetadata(markContext(), { method: 'manual' })
            : markMetadata(markContext(), { method: 'manual', reason: req.reason, reasonText: req.text });
        return submit(req.type, req.actionId, { metadata });
      }
      case 'getRateStatus': {
        const [state, log, service] = await Promise.all([outboxItem.getValue(), verificationItem.getValue(), rateLimitItem.getValue()]);
        return rateStatus(state.limiter, log.at, service, p.now(), await limits());
      }
      case 'retryWrite':
        await outbox.retry(req.entryId);
        await outbox.drain();
        return null;
      case 'discardWrite':
        await outbox.discard(req.entryId);
        return null;
      case 'openProfile': {
        const action = await knownAction(req.actionId);
        const slug = profileSlug(action.prospect.profileUrl);
        if (!slug) throw new InvalidRequestError('no-profile-url', 'profileUrl');
        await p.openProfile(slug, profileUrl(slug));
        return null;
      }
      case 'saveCredentials':
        return saveCredentials(req);
      case 'getCredentials':
        return credentialsInfo();
      case 'verifyKey':
        verifying ??= verifyKey().finally(() => {
          verifying = null;
        });
        return verifying;
      case 'saveSettings': {
        const settings = await settingsItem.getValue();
        const { type: _type, ...changes } = req;
        const next = { ...settings, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
        await settingsItem.setValue(next);
        if (next.pollMinutes !== settings.pollMinutes) await p.schedulePoll(Math.max(MIN_POLL_MINUTES, next.pollMinutes));
        if (next.agentFilter !== settings.agentFilter) void poll(true);
        return null;
      }
      case 'getWeeklyStats': {
        const stats = await read((api) => api.call('weeklyStats'));
        await weeklyStatsItem.setValue({ stats, fetchedAt: p.now() });
        return stats;
      }
    }
  }

  /** The ready action of the profile a tab shows, if the background knows one. */
  function actionOfProfile(snapshot: ActionsSnapshot | null, slug: string | null): NetworkAction | undefined {
    return slug ? snapshot?.actions.find((a) => profileSlug(a.prospect.profileUrl) === slug) : undefined;
  }

  /** The profile of the next ready action after this one, for "Next invitation". */
  function nextProfile(snapshot: ActionsSnapshot | null, slug: string | null): string | undefined {
    return snapshot?.actions.map((a) => profileSlug(a.prospect.profileUrl)).find((s): s is string => !!s && s !== slug);
  }

  /** A content script may only change the action of the profile its tab shows. */
  async function ownAction(slug: string | null, actionId: string): Promise<void> {
    if (actionOfProfile(await actionsItem.getValue(), slug)?.id !== actionId) throw new NotFoundError('This profile has no such invitation');
  }

  /** Weekly figures older than this are fetched again when a panel opens. */
  const STATS_MAX_AGE_MS = 30 * 60_000;

  async function panelView(slug: string | null): Promise<PanelView> {
    const [snapshot, settings, paused] = await Promise.all([actionsItem.getValue(), settingsItem.getValue(), assistPausedItem.getValue()]);
    const action = actionOfProfile(snapshot, slug);
    let stats = await weeklyStatsItem.getValue();
    if (action && (!stats || p.now() - stats.fetchedAt > STATS_MAX_AGE_MS)) {
      try {
        stats = { stats: await read((api) => api.call('weeklyStats')), fetchedAt: p.now() };
        await weeklyStatsItem.setValue(stats);
      } catch {
        // The pace then counts the extension's own log only; the panel still works.
      }
    }
    return {
      slug,
      action: action ?? null,
      autoSend: settings.autoSend,
      pace: paceOf(stats, await sentLogItem.getValue(), p.now(), settings.weeklyCap),
      paused,
      hasNext: !!nextProfile(snapshot, slug),
    };
  }

  async function dispatchContent(req: ContentRequest, sender: SenderInfo): Promise<unknown> {
    const tabId = sender.tab!.id!;
    // The tab's address, as the browser reports it: never what the page says.
    const slug = profileSlug(sender.tab?.url ?? sender.url);
    switch (req.type) {
      case 'profileSeen': {
        const panel = !!actionOfProfile(await actionsItem.getValue(), slug);
        if (panel) await p.injectPanel(tabId);
        return { panel };
      }
      case 'panelView':
        return panelView(slug);
      case 'saveNote':
        await ownAction(slug, req.actionId);
        return dispatch(req);
      case 'markAssisted': {
        await ownAction(slug, req.actionId);
        const metadata = {
          ...markMetadata(markContext(), { method: 'assisted', reason: req.reason, reasonText: req.text }),
          note_included: req.details.noteIncluded,
          note_length: req.details.noteLength,
          page_state_before: req.details.stateBefore,
          page_language: req.details.pageLanguage,
        };
        return submit(req.outcome === 'sent' ? 'markSent' : 'markFailed', req.actionId, { metadata });
      }
      case 'openNext': {
        const next = nextProfile(await actionsItem.getValue(), slug);
        if (!next) return { opened: false };
        await p.navigateTab(tabId, profileUrl(next));
        return { opened: true };
      }
      case 'weeklyLimitReached':
        await assistPausedItem.setValue(true);
        return null;
    }
  }

  async function handle(message: unknown, sender: SenderInfo): Promise<Reply<unknown>> {
    const kind = classifySender(sender, { extensionId: p.extensionId, extensionOrigin: p.extensionOrigin });
    if (!kind) return { ok: false, error: { kind: 'invalid-request', message: 'Sender not allowed' } };
    try {
      if (kind === 'content') {
        const parsed = contentRequestSchema.safeParse(message);
        if (!parsed.success) return { ok: false, error: { kind: 'invalid-request', message: 'Malformed request' } };
        return { ok: true, data: await dispatchContent(parsed.data, sender) };
      }
      const parsed = requestSchema.safeParse(message);
      if (!parsed.success) return { ok: false, error: { kind: 'invalid-request', message: 'Malformed request' } };
      return { ok: true, data: await dispatch(parsed.data) };
    } catch (error) {
      return { ok: false, error: serializeError(error) };
    }
  }

  return { poll, start, handle, refreshBadge, deliver: () => outbox.drain() };
}
