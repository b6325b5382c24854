// What the background decides: polling, the badge, and every request pages ask for.
// Browser APIs come in through Platform so that this runs in unit tests as it is.
import { createApiClient, type ApiClient } from '../api/client';
import { ApiError, InvalidRequestError, NotConfiguredError, NotFoundError, PermissionMissingError, serializeError } from '../api/errors';
import type { NetworkAction } from '../api/schemas';
import { badgeFor, type Badge, type Translate } from '../badge';
import { markMetadata } from '../metadata';
import type { CredentialsInfo, PanelView, Reply, ResponseData } from '../messaging/ask';
import { contentRequestSchema, requestSchema, type ContentRequest, type Request } from '../messaging/protocol';
import { paceOf, pruneLog } from '../pace';
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
  routesItem,
  settingsItem,
  syncStatusItem,
  weeklyStatsItem,
  type SyncState,
} from '../storage';
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
  /** Loads the in-page panel into the top frame of a tab (only for a profile with an action). */
  injectPanel(tabId: number): Promise<void>;
  /** Shows another address in the same tab. */
  navigateTab(tabId: number, url: string): Promise<void>;
}

export interface Controller {
  poll(fresh?: boolean): Promise<void>;
  start(): Promise<void>;
  handle(message: unknown, sender: SenderInfo): Promise<Reply<unknown>>;
  refreshBadge(): Promise<void>;
}

export function createController(p: Platform): Controller {
  let polling: Promise<void> | null = null;
  let pollAgain = false;
  let verifying: Promise<ResponseData['verifyKey']> | null = null;

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
    try {
      const api = await client();
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

  /** Runs a write; on failure the sync status records it only when it says something of the key or network. */
  async function write<T>(run: (api: ApiClient) => Promise<T>): Promise<T> {
    const api = await client();
    try {
      return await run(api);
    } catch (error) {
      if (error instanceof ApiError && ['unauthorized', 'network', 'timeout'].includes(error.kind)) await noteFailure(error);
      throw error;
    }
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
      void poll(true);
    }
    return credentialsInfo();
  }

  async function verifyKey(): Promise<ResponseData['verifyKey']> {
    try {
      const account = await (await client()).call('account');
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
      case 'saveNote': {
        await knownAction(req.actionId);
        await write((api) => api.call('updateMessage', { params: { actionId: req.actionId }, body: { message: req.message } }));
        const snapshot = await actionsItem.getValue();
        if (snapshot) {
          const actions = snapshot.actions.map((a) => (a.id === req.actionId ? { ...a, message: req.message || null } : a));
          await actionsItem.setValue({ ...snapshot, actions });
        }
        return null;
      }
      case 'markSent':
      case 'markFailed': {
        await knownAction(req.actionId);
        const ctx = { version: p.version, browser: p.browserName, now: p.now() };
        const metadata =
          req.type === 'markSent'
            ? markMetadata(ctx, { method: 'manual' })
            : markMetadata(ctx, { method: 'manual', reason: req.reason, reasonText: req.text });
        await write((api) =>
          api.call(req.type, { params: { actionId: req.actionId }, body: { metadata } }),
        );
        await removeFromSnapshot(req.actionId);
        return null;
      }
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
        const stats = await (await client()).call('weeklyStats');
        await weeklyStatsItem.setValue({ stats, fetchedAt: p.now() });
        return stats;
      }
    }
  }

  /** The ready action of the profile a tab shows, if the background knows one. */
  async function actionOfProfile(url: string | undefined): Promise<NetworkAction | undefined> {
    const slug = profileSlug(url);
    if (!slug) return undefined;
    const snapshot = await actionsItem.getValue();
    return snapshot?.actions.find((a) => profileSlug(a.prospect.profileUrl) === slug);
  }

  /** Weekly figures older than this are fetched again when a panel opens. */
  const STATS_MAX_AGE_MS = 30 * 60_000;

  async function panelView(url: string | undefined): Promise<PanelView> {
    const [action, settings, paused, snapshot] = await Promise.all([
      actionOfProfile(url),
      settingsItem.getValue(),
      assistPausedItem.getValue(),
      actionsItem.getValue(),
    ]);
    let stats = await weeklyStatsItem.getValue();
    if (action && (!stats || p.now() - stats.fetchedAt > STATS_MAX_AGE_MS)) {
      try {
        stats = { stats: await (await client()).call('weeklyStats'), fetchedAt: p.now() };
        await weeklyStatsItem.setValue(stats);
      } catch {
        // The pace then counts the extension's own log only; the panel still works.
      }
    }
    const slug = profileSlug(url);
    return {
      action: action ?? null,
      autoSend: settings.autoSend,
      pace: paceOf(stats, await sentLogItem.getValue(), p.now(), settings.weeklyCap),
      paused,
      hasNext: !!snapshot?.actions.some((a) => profileSlug(a.prospect.profileUrl) !== slug),
    };
  }

  async function dispatchContent(req: ContentRequest, sender: SenderInfo): Promise<unknown> {
    const tabId = sender.tab!.id!;
    const url = sender.tab?.url ?? sender.url;
    switch (req.type) {
      case 'profileSeen': {
        const action = await actionOfProfile(url);
        if (action) await p.injectPanel(tabId);
        return { panel: !!action };
      }
      case 'panelView':
        return panelView(url);
      case 'saveNote': {
        const action = await actionOfProfile(url);
        if (action?.id !== req.actionId) throw new NotFoundError('This profile has no such invitation');
        return dispatch(req);
      }
      case 'markAssisted': {
        const action = await actionOfProfile(url);
        if (action?.id !== req.actionId) throw new NotFoundError('This profile has no such invitation');
        const metadata = {
          ...markMetadata(
            { version: p.version, browser: p.browserName, now: p.now() },
            { method: 'assisted', reason: req.reason, reasonText: req.text },
          ),
          note_included: req.details.noteIncluded,
          note_length: req.details.noteLength,
          page_state_before: req.details.stateBefore,
          page_language: req.details.pageLanguage,
        };
        const op = req.outcome === 'sent' ? 'markSent' : 'markFailed';
        await write((api) => api.call(op, { params: { actionId: req.actionId }, body: { metadata } }));
        if (req.outcome === 'sent') await sentLogItem.setValue([...pruneLog(await sentLogItem.getValue(), p.now()), p.now()]);
        await removeFromSnapshot(req.actionId);
        return null;
      }
      case 'openNext': {
        const current = profileSlug(url);
        const snapshot = await actionsItem.getValue();
        const next = snapshot?.actions.map((a) => profileSlug(a.prospect.profileUrl)).find((s) => s && s !== current);
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

  return { poll, start, handle, refreshBadge };
}
