// The work that waits, counted from the three queues' first pages (lib/views/waiting-work.ts):
// apart from its constants, so that the popup and the Overview load the reading rules only when
// they must read the queues themselves (the background's reads failed).
import { recordList, type Expect } from '../api/body/envelope';
import { readPage } from '../api/readers/pagination';
import { agentRef } from '../api/readers/fields';
import { isNode } from '../api/body/fold';
import { EMAILS_TO_HANDLE, EMAILS_TO_VALIDATE, LETTERS } from '../api/readers/record-names';
import { WAITING_PAGE, WAITING_READS, type WaitingCount, type WaitingKind, type WaitingWork } from './waiting-work';

/** Each queue's records, as its reader finds them; a count needs only their ids. */
const counted = (x: Expect): Expect => ({ ...x, op: x.op === LETTERS.op ? 'lettersToValidate' : x.op, fields: [...x.fields, ...x.ids] });
const RECORDS: Record<WaitingKind, Expect> = { emails: counted(EMAILS_TO_VALIDATE), letters: counted(LETTERS), replies: counted(EMAILS_TO_HANDLE) };

/** The count a queue's first page says: its total when given, else what it holds. */
export function waitingCount(body: unknown, what: WaitingKind): WaitingCount {
  const list = recordList(body, RECORDS[what]);
  const page = readPage(body, list.length, { page: 1, perPage: WAITING_PAGE });
  const counted = page.total !== undefined ? { count: page.total, more: false } : { count: list.length, more: page.hasNext };
  const agents = byAgent(list);
  return Object.keys(agents).length ? { ...counted, byAgent: agents } : counted;
}

/** How many of these records each agent has, for the Overview's agents; bounded to 50 agents. */
function byAgent(list: unknown[]): Record<string, number> {
  // A Map: an id is the service's text, and "__proto__" or "constructor" must count like any other.
  const counts = new Map<string, number>();
  for (const record of list) {
    const id = isNode(record) ? agentRef(record).agentId : undefined;
    if (id === undefined || (!counts.has(id) && counts.size >= 50)) continue;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

/**
 * The three queues' first pages read through `view` (the background's service, or a page asking
 * it), counted: what to keep, or null when none could be read. A queue not read this time is null:
 * nothing is said about it rather than something wrong.
 */
export async function readWaitingWork(
  view: (name: (typeof WAITING_READS)[WaitingKind], query: { per_page: number }) => Promise<unknown>,
  now: number,
): Promise<WaitingWork | null> {
  const read = (what: WaitingKind) =>
    view(WAITING_READS[what], { per_page: WAITING_PAGE }).then(
      (body) => waitingCount(body, what),
      () => null,
    );
  const [emails, letters, replies] = await Promise.all([read('emails'), read('letters'), read('replies')]);
  return emails || letters || replies ? { emails, letters, replies, fetchedAt: now } : null;
}
