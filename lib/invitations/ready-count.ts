// How many invitations are ready, counted once, by the background, for every surface: the badge
// shows it and stores it (readyCountItem), the popup, the desk and the options page read it, so
// that they never disagree. From the stored ready lists, the agents' statuses and the marks the
// outbox still holds.
import type { Agent } from '../api/schemas';
import type { OutboxEntry } from '../outbox/outbox';
import type { ReadyCount, WaitingAgent } from '../store/shapes';
import type { ActionsSnapshot } from '../store/storage';
import { agentWaits, listedActions, pendingByAction } from './queue';

export function readyCount(
  page: ActionsSnapshot | null,
  beyond: ActionsSnapshot | null,
  agents: readonly Agent[] | undefined,
  outbox: readonly OutboxEntry[],
  now: number,
): ReadyCount {
  const pending = pendingByAction([...outbox], now);
  const byId = new Map(agents?.map((a) => [a.id, a]));
  const waiting = new Map<string | undefined, WaitingAgent>();
  let ready = page?.unidentified?.length ?? 0;
  for (const action of listedActions(page, beyond)) {
    // A mark made (held for undo, queued, or waiting for its agent) has left the list for the person.
    if (pending.get(action.id)?.mark) continue;
    const agent = action.agentId === undefined ? undefined : byId.get(action.agentId);
    if (!agent || !agentWaits(agent.status)) {
      ready++;
      continue;
    }
    const group = waiting.get(agent.id) ?? {
      agentId: agent.id,
      name: agent.name ?? agent.internalNote ?? action.agentName ?? agent.id,
      status: agent.status,
      count: 0,
    };
    group.count++;
    waiting.set(agent.id, group);
  }
  // What was read beyond a full page holds them all unless it was full too.
  const exact = !!beyond && beyond.agentFilter === page?.agentFilter && !beyond.full;
  return { ready, more: !!page?.full && !exact, waiting: [...waiting.values()] };
}

/** The count as the badge shows it: nothing at zero, "25+" when more may wait. */
export const readyBadgeText = (count: ReadyCount): string => (count.ready ? `${count.ready}${count.more ? '+' : ''}` : '');
