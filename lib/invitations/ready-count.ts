// How many invitations are ready, counted once for every surface (badge, popup, desk, options
// page) so that they never disagree: from the stored ready lists, the agents' statuses and the
// marks the outbox still holds.
import type { Agent } from '../api/schemas';
import { camel, tn } from '../extension/i18n';
import type { OutboxEntry } from '../outbox/outbox';
import type { ActionsSnapshot } from '../store/storage';
import { agentWaits, listedActions, pendingByAction } from './queue';

/** The invitations of one agent that waits (paused, cancelled, unpaid): said apart, not counted ready. */
interface WaitingAgent {
  agentId: string | undefined;
  /** What the person calls the agent (its name, else its note, else what the action said, else its id). */
  name: string;
  status: string;
  count: number;
}

export interface ReadyCount {
  /** Ready to work now: listed and not yet marked, whose agent does not wait, and the records without an id. */
  ready: number;
  /** The polled page was full and nothing read beyond it says how many more: "25 or more". */
  more: boolean;
  /** Per agent that waits, in the order the list has them. */
  waiting: WaitingAgent[];
}

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

/**
 * The count in words, one part each: "11 invitations ready", then "2 wait for Salons Lyon to
 * resume" per agent that waits. The same words on every surface and in the badge's tooltip.
 */
export function readyWords(count: ReadyCount, t: (key: string, substitutions?: (string | number)[]) => string): string[] {
  const first = count.more ? t('popup.countFull', [count.ready]) : tn('popup.count', count.ready, [], t);
  return [first, ...count.waiting.map((w) => tn(`deskFlow.waiting.${camel(w.status.replaceAll('_', '-'))}`, w.count, [w.name], t))];
}
