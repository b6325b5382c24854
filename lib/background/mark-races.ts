// Marks that race (issue 51, item 3): the spec lets a mark sent follow any status, so a mark this
// browser delivered may be replaced a moment later by another browser's. For WATCH_MS after a mark
// is delivered, each poll reads the list of the other outcome once (one read per outcome, within the
// request budget, as handled-elsewhere.ts reads a refused write's invitation again); an invitation
// listed there is said to the person, by the name kept with the write, among the refused writes.
// Watched marks are stored (the MV3 worker may stop between polls) and timed by the platform's clock.
import { HandledElsewhereError } from '../api/errors';
import { readMarkOf } from '../api/reader';
import type { DeadEntry, OutboxEntry } from '../outbox/outbox';
import { serial } from '../storage/serial';
import type { MarkWatch } from '../store/shapes';
import { markWatchItem } from '../store/storage';
import { elapsedSince } from '../util/clock';
import type { Platform } from './platform';
import type { Service } from './service';

/** How long a delivered mark is watched for a later one. */
export const WATCH_MS = 10 * 60_000;

const LIMIT = 100;

type Outcome = 'sent' | 'failed';
const otherOf = (entry: OutboxEntry): Outcome => (entry.op === 'markSent' ? 'failed' : 'sent');

export interface MarkRaces {
  /** A mark was delivered: watched from now. */
  watch(entry: OutboxEntry): Promise<void>;
  /** At each poll: the watched marks' other outcome read once each; those found there are told. */
  check(): Promise<void>;
}

export function createMarkRaces(p: Pick<Platform, 'now'>, service: Service, told: (dead: DeadEntry) => Promise<void>): MarkRaces {
  const locked = serial();
  /** Changes the stored watch list one change at a time. */
  const change = (edit: (watched: MarkWatch[]) => MarkWatch[]) => locked(async () => markWatchItem.setValue(edit(await markWatchItem.getValue())));

  async function watch(entry: OutboxEntry): Promise<void> {
    if (entry.op !== 'markSent' && entry.op !== 'markFailed') return;
    await change((watched) => [...watched.filter((w) => w.entry.actionId !== entry.actionId), { entry, since: p.now() }]);
  }

  /** The actions listed with this status (of their one agent when they share it), or undefined when it cannot be read now. */
  async function listed(status: Outcome, group: MarkWatch[]): Promise<unknown> {
    const agents = new Set(group.map((w) => w.entry.agentId));
    const [agent] = agents;
    const query = { status, limit: LIMIT, ...(agents.size === 1 && agent ? { agent_filter: agent } : {}) } as const;
    try {
      return await service.read('listActions', { query }, (body) => body);
    } catch {
      // Not read now (a limit, an outage): the next poll reads again while the watch lasts.
      return undefined;
    }
  }

  async function check(): Promise<void> {
    const now = p.now();
    const watched = (await markWatchItem.getValue()).filter((w) => elapsedSince(w.since, now) < WATCH_MS);
    const done = new Set<string>();
    for (const status of ['sent', 'failed'] as const) {
      const group = watched.filter((w) => otherOf(w.entry) === status);
      if (!group.length || !(await service.readAllowed())) continue;
      const body = await listed(status, group);
      if (body === undefined) continue;
      for (const { entry } of group) {
        const mark = readMarkOf(body, entry.actionId, LIMIT);
        if (!mark) continue;
        const found = { state: status, ...mark, ...(entry.person?.name ? { person: entry.person.name } : {}), after: true };
        const error = new HandledElsewhereError(found, `Marked ${status} on the service after this mark was taken`).toJSON();
        await told({ ...entry, deadAt: now, reason: error.message, error });
        done.add(entry.id);
      }
    }
    // Expired or told: no longer watched (a mark watched meanwhile stays).
    await change((all) => all.filter((w) => elapsedSince(w.since, p.now()) < WATCH_MS && !done.has(w.entry.id)));
  }

  return { watch, check };
}
