// The ready list: polled on an alarm, kept in storage for the popup and the panel, counted on
// the badge. A poll is skipped while the budget is spent or the service asked to wait.
import { NotFoundError } from '../api/errors';
import { readActionList } from '../api/reader';
import type { NetworkAction } from '../api/schemas';
import { singleFlight } from '../single-flight';
import { actionsItem, apiKeyItem, keyRejectedItem, MIN_POLL_MINUTES, READY_PAGE_SIZE, settingsItem } from '../storage';
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
  /** Changes one action of the stored list (a delivered note). */
  update(actionId: string, change: (action: NetworkAction) => NetworkAction): Promise<void>;
  /** Takes an action out of the stored list (a delivered mark); a full list is fetched again. */
  remove(actionId: string): Promise<void>;
}

export function createReadyList(p: Pick<Platform, 'now' | 'schedulePoll'>, service: Service, status: SyncStatus): ReadyList {
  async function pollOnce(): Promise<void> {
    const [apiKey, rejected, settings] = await Promise.all([apiKeyItem.getValue(), keyRejectedItem.getValue(), settingsItem.getValue()]);
    if (!apiKey || !settings.baseUrl) return status.set('not-set-up');
    if (rejected) return status.set('key-rejected');
    if (!(await service.readAllowed())) return;
    try {
      const query = { status: 'ready' as const, limit: READY_PAGE_SIZE, ...(settings.agentFilter ? { agent_filter: settings.agentFilter } : {}) };
      const result = await service.read('listActions', { query }, readActionList);
      // The service filters by status; a record of another status is not shown as ready.
      const actions = result.actions.filter((a) => a.status === undefined || a.status === 'ready');
      await actionsItem.setValue({
        actions,
        fetchedAt: p.now(),
        full: result.actions.length + result.skipped >= READY_PAGE_SIZE,
        agentFilter: settings.agentFilter,
      });
      await status.set('ok');
    } catch (error) {
      await status.noteFailure(error);
    }
  }

  const polls = singleFlight(pollOnce);
  const poll = (fresh = false) => polls.run(fresh);

  async function start(): Promise<void> {
    const settings = await settingsItem.getValue();
    await p.schedulePoll(Math.max(MIN_POLL_MINUTES, settings.pollMinutes));
    await poll();
  }

  async function known(actionId: string): Promise<NetworkAction> {
    const action = (await actionsItem.getValue())?.actions.find((a) => a.id === actionId);
    if (!action) throw new NotFoundError('This invitation is no longer in the ready list');
    return action;
  }

  async function update(actionId: string, change: (action: NetworkAction) => NetworkAction): Promise<void> {
    const snapshot = await actionsItem.getValue();
    if (!snapshot) return;
    await actionsItem.setValue({ ...snapshot, actions: snapshot.actions.map((a) => (a.id === actionId ? change(a) : a)) });
  }

  async function remove(actionId: string): Promise<void> {
    const snapshot = await actionsItem.getValue();
    if (!snapshot) return;
    await actionsItem.setValue({ ...snapshot, actions: snapshot.actions.filter((a) => a.id !== actionId) });
    await status.refreshBadge();
    // A full page hid other ready actions: fetch them now rather than at the next alarm.
    if (snapshot.full) void poll();
  }

  return { poll, start, known, update, remove };
}
