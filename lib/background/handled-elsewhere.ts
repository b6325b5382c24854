// A mark or a note the service refused because the invitation is no longer ready (another browser,
// or someone on the service, handled it first): the invitation is read again, within the request
// budget, and the refusal then says what was found, with nothing to retry; the ready list lets the
// invitation go, so the queue, the badge, the desk and the panel change at once. Spec 000 has no
// read of one action: "read again" is a list of actions (op 23) of each status a mark leaves.
import { HandledElsewhereError, type HandledFinding } from '../api/errors';
import { readMarkOf } from '../api/reader';
import { saysNotReady } from '../outbox/judge';
import type { DeadEntry, OutboxEntry } from '../outbox/outbox';
import type { ReadyList } from './polling';
import type { Service } from './service';

/** Listed sent, else listed failed (when and from which browser, as its record says), else gone: no longer ready, nothing more known. Throws when a read cannot be made. */
async function findHandled(service: Service, entry: Pick<DeadEntry, 'actionId' | 'agentId' | 'person'>): Promise<HandledFinding> {
  const person = entry.person?.name ? { person: entry.person.name } : {};
  for (const status of ['sent', 'failed'] as const) {
    const query = { status, limit: 100, ...(entry.agentId ? { agent_filter: entry.agentId } : {}) } as const;
    const mark = await service.read('listActions', { query }, (body) => readMarkOf(body, entry.actionId, query.limit));
    if (mark) return { state: status, ...mark, ...person };
  }
  return { state: 'gone', ...person };
}

interface Refused {
  state(): Promise<{ dead: DeadEntry[] }>;
  foundHandled(deadId: string, error: ReturnType<HandledElsewhereError['toJSON']>): Promise<void>;
}

/** What a refused write changes: when the refusal says the invitation is no longer ready, what reading it again found. */
export function refusedEffects(outbox: () => Refused, service: () => Service, ready: () => ReadyList) {
  return async (entry: OutboxEntry): Promise<void> => {
    const dead = (await outbox().state()).dead.find((d) => d.id === entry.id);
    if (!dead || !saysNotReady(dead, dead.error)) return;
    let found: HandledFinding;
    try {
      found = await findHandled(service(), dead);
    } catch {
      // Not read now (a limit, an outage): the refusal stays as the service gave it, with Retry.
      return;
    }
    await outbox().foundHandled(dead.id, new HandledElsewhereError(found, dead.error.message, dead.error.status).toJSON());
    await ready().remove(entry.actionId);
  };
}
