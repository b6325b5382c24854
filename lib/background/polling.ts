// The ready list: polled on an alarm, kept in storage for the popup and the panel, counted on
// the badge. A poll is skipped while the budget is spent or the service asked to wait.
import { NotFoundError } from '../api/errors';
import { readActionList } from '../api/reader';
import type { NetworkAction } from '../api/schemas';
import { elapsedSince } from '../util/clock';
import { singleFlight } from '../util/single-flight';
import { profileSlug } from '../network/profile-url';
import { listedActions } from '../invitations/queue';
import {
  actionsItem,
  apiKeyItem,
  keyRejectedItem,
  MIN_POLL_MINUTES,
  MORE_PAGE_SIZE,
  moreActionsItem,
  READY_PAGE_SIZE,
  settingsItem,
  type ActionsSnapshot,
} from '../store/storage';
import type { Platform } from './platform';
import type { Service } from './service';
import type { SyncStatus } from './sync-status';

export interface ReadyList {
  /**
   * One poll at a time. `fresh` is for callers that just changed what to poll (key, filter):
   * a poll already running used the old values, so another one follows it.
   */
  poll(fresh?: boolean): Promise<void>;
  /** Schedules the poll alarm at the saved period and polls once. */
  start(): Promise<void>;
  /** The ready action with this id, or a NotFoundError. */
  known(actionId: string): Promise<NetworkAction>;
  /**
   * The ready action of this profile. When the polled page was full and does not hold it, the
   * actions beyond it are read (at most once a minute, within the budget) before saying none.
   */
  forProfile(slug: string | null): Promise<NetworkAction | undefined>;
  /** Every ready action known: the polled page, then those read beyond it. */
  all(): Promise<NetworkAction[]>;
  /** Changes one action of the stored list (a delivered note). */
  update(actionId: string, change: (action: NetworkAction) => NetworkAction): Promise<void>;
  /** Takes an action out of the stored list (a delivered mark); a full list is fetched again. */
  remove(actionId: string): Promise<void>;
}

/** Reading beyond the polled page is done at most this often. */
const MORE_MIN_INTERVAL_MS = 60_000;

const ofProfile = (actions: NetworkAction[], slug: string) => actions.find((a) => profileSlug(a.prospect.profileUrl) === slug);

export function createReadyList(p: Pick<Platform, 'now' | 'schedulePoll'>, service: Service, status: SyncStatus): ReadyList {
  async function pollOnce(): Promise<void> {
    const [apiKey, rejected, settings] = await Promise.all([apiKeyItem.getValue(), keyRejectedItem.getValue(), settingsItem.getValue()]);
    if (!apiKey || !settings.baseUrl) return status.set('not-set-up');
    if (rejected) return status.set('key-rejected');
    if (!(await service.readAllowed())) return;
    try {
      const query = { status: 'ready' as const, limit: READY_PAGE_SIZE, ...(settings.agentFilter ? { agent_filter: settings.agentFilter } : {}) };
      // At most the page asked for is kept, however many the service sends.
      const result = await service.read('listActions', { query }, (body) => readActionList(body, READY_PAGE_SIZE));
      // The service filters by status; a record of another status is not shown as ready.
      const actions = result.actions.filter((a) => a.status === undefined || a.status === 'ready');
      await actionsItem.setValue({
        actions,
        fetchedAt: p.now(),
        full: result.actions.length + result.skipped >= READY_PAGE_SIZE,
        agentFilter: settings.agentFilter,
        ...(result.unread?.length ? { unidentified: result.unread } : {}),
      });
      await status.set('ok');
    } catch (error) {
      await status.noteFailure(error);
    }
  }

  /** Those beyond the polled page, read again when older than a minute and the budget allows. */
  async function more(page: ActionsSnapshot): Promise<NetworkAction[]> {
    const kept = await moreActionsItem.getValue();
    const usable = kept && kept.agentFilter === page.agentFilter ? kept : null;
    if (usable && elapsedSince(usable.fetchedAt, p.now()) < MORE_MIN_INTERVAL_MS) return usable.actions;
    if (!(await service.readAllowed())) return usable?.actions ?? [];
    try {
      const query = { status: 'ready' as const, limit: MORE_PAGE_SIZE, ...(page.agentFilter ? { agent_filter: page.agentFilter } : {}) };
      const result = await service.read('listActions', { query }, (body) => readActionList(body, MORE_PAGE_SIZE));
      const polled = new Set(page.actions.map((a) => a.id));
      const actions = result.actions.filter((a) => (a.status === undefined || a.status === 'ready') && !polled.has(a.id));
      await moreActionsItem.setValue({
        actions,
        fetchedAt: p.now(),
        full: result.actions.length + result.skipped >= MORE_PAGE_SIZE,
        agentFilter: page.agentFilter,
      });
      return actions;
    } catch {
      // The panel then says there is nothing to do here; the next profile seen tries again.
      return usable?.actions ?? [];
    }
  }

  async function forProfile(slug: string | null): Promise<NetworkAction | undefined> {
    const page = await actionsItem.getValue();
    if (!slug || !page) return undefined;
    const polled = ofProfile(page.actions, slug);
    if (polled || !page.full) return polled;
    return ofProfile(await more(page), slug);
  }

  async function all(): Promise<NetworkAction[]> {
    const [page, beyond] = await Promise.all([actionsItem.getValue(), moreActionsItem.getValue()]);
    return listedActions(page, beyond);
  }

  const polls = singleFlight(pollOnce);
  const poll = (fresh = false) => polls.run(fresh);

  async function start(): Promise<void> {
    const settings = await settingsItem.getValue();
    await p.schedulePoll(Math.max(MIN_POLL_MINUTES, settings.pollMinutes));
    await poll();
  }

  async function known(actionId: string): Promise<NetworkAction> {
    const action = (await all()).find((a) => a.id === actionId);
    if (!action) throw new NotFoundError('This invitation is no longer in the ready list');
    return action;
  }

  /** Changes the stored lists (the polled page and the one beyond it) where they hold the action. */
  async function edit(change: (actions: NetworkAction[]) => NetworkAction[]): Promise<ActionsSnapshot | null> {
    const [snapshot, beyond] = await Promise.all([actionsItem.getValue(), moreActionsItem.getValue()]);
    const changed = (before: NetworkAction[], after: NetworkAction[]) => after.length !== before.length || after.some((a, i) => a !== before[i]);
    for (const [item, kept] of [
      [moreActionsItem, beyond],
      [actionsItem, snapshot],
    ] as const) {
      const after = kept && change(kept.actions);
      if (kept && after && changed(kept.actions, after)) await item.setValue({ ...kept, actions: after });
    }
    return snapshot;
  }

  async function update(actionId: string, change: (action: NetworkAction) => NetworkAction): Promise<void> {
    await edit((actions) => actions.map((a) => (a.id === actionId ? change(a) : a)));
  }

  async function remove(actionId: string): Promise<void> {
    const snapshot = await edit((actions) => actions.filter((a) => a.id !== actionId));
    if (!snapshot) return;
    await status.refreshBadge();
    // A full page hid other ready actions: fetch them now rather than at the next alarm.
    if (snapshot.full) void poll();
  }

  return { poll, start, known, forProfile, all, update, remove };
}
