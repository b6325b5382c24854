// A note is saved on the note its editor started from (issue 51): before the outbox sends it, the
// service's note is read (one read of the ready list, counted in the request budget like the
// poll's) and, when it changed since, nothing is sent: the write is refused with both notes for the
// person to choose, and the stored ready list shows the service's note at once. Spec 000 offers no
// precondition on a write (no ETag, version or updated-at), so this read is the only check there is.
import { NoteChangedError } from '../api/errors';
import { readActionList } from '../api/reader';
import type { OutboxEntry } from '../outbox/outbox';
import { READY_PAGE_SIZE, settingsItem } from '../store/storage';
import type { ReadyList } from './polling';
import type { Service } from './service';

const same = (a: string | null | undefined, b: string | null | undefined): boolean => (a || null) === (b || null);

/**
 * Throws a NoteChangedError when the service's note of the write's invitation is no longer the one
 * its editor started from (and not already the one it would write). A note stored without a base
 * (an earlier version's) or an invitation the ready list does not show is sent as it is: the service
 * judges. A read that cannot be made now throws its own error, and the write waits as it says.
 */
export async function checkNote(service: Service, ready: ReadyList, entry: OutboxEntry): Promise<void> {
  if (entry.op !== 'updateMessage' || entry.base === undefined) return;
  const agent = entry.agentId ?? (await settingsItem.getValue()).agentFilter;
  const query = { status: 'ready', limit: READY_PAGE_SIZE, ...(agent ? { agent_filter: agent } : {}) } as const;
  const list = await service.read('listActions', { query }, (body) => readActionList(body, READY_PAGE_SIZE));
  const now = list.actions.find((a) => a.id === entry.actionId);
  const mine = entry.body.message || null;
  if (!now || same(now.message, entry.base) || same(now.message, mine)) return;
  const theirs = now.message || null;
  await ready.update(entry.actionId, (a) => ({ ...a, message: theirs }));
  throw new NoteChangedError({ mine, theirs, entryId: entry.id });
}
