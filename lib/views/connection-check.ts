// The connection check (issue 37): each read operation read once through the background, within
// the views' share of the request budget, and each view and the invitation loop told readable,
// partly readable (the fields its reader did not find in any record, named) or not readable.
import { describeShape } from '../api/answer-shape';
import type { SerializedApiError } from '../api/errors';
import { readAccount, readActionRecords, readWeeklyStats } from '../api/reader';
import { readAgentSettings } from '../api/readers/agent-settings';
import { readAgentStats, readReflexes } from '../api/readers/agents';
import { readBlocklist } from '../api/readers/blocklist';
import { readContactList } from '../api/readers/contacts';
import { readEmailList, readEmailsToHandle, readEmailsToValidate } from '../api/readers/emails';
import { readLetterList } from '../api/readers/letters';
import { readCalendarEvents } from '../api/readers/meetings';
import { CHECK_READS, type CheckRead } from '../api/view-ops';

/** What an operation's answer gives to the check: its records, those without an id, and the fields each should carry. */
interface OpCheck {
  records(body: unknown): { items: object[]; unread?: number | undefined };
  /** Domain fields (a dot goes one object down) a view shows. */
  fields: string[];
}

const LETTER_FIELDS = ['contactName', 'status', 'blocks'];
/** A list read once: its records and the count of those the rules found no identifier in (issue 49: each is judged). */
const listOf =
  <L extends { skipped?: number }>(read: (body: unknown) => L, items: (list: L) => object[]) =>
  (body: unknown) => {
    const list = read(body);
    return { items: items(list), unread: list.skipped };
  };
const one = (o: object) => ({ items: [o] });

const CHECKS: Record<CheckRead, OpCheck> = {
  account: {
    records: (b) => {
      const a = readAccount(b);
      return { items: a.agents, unread: a.unreadAgents };
    },
    fields: ['name', 'status'],
  },
  listActions: {
    records: listOf(readActionRecords, (l) => l.actions),
    fields: ['message', 'prospect.name', 'prospect.profileUrl', 'agentId', 'createdAt'],
  },
  weeklyStats: { records: (b) => one(readWeeklyStats(b)), fields: ['total'] },
  listContacts: { records: listOf(readContactList, (l) => l.contacts), fields: ['name', 'profileUrl', 'status', 'company'] },
  agentSettings: { records: (b) => one(readAgentSettings(b)), fields: ['fields'] },
  agentStats: { records: (b) => one(readAgentStats(b)), fields: ['figures'] },
  agentReflexes: { records: listOf(readReflexes, (l) => l.reflexes), fields: ['name'] },
  listEmails: { records: listOf(readEmailList, (l) => l.emails), fields: ['subject', 'contactName', 'at'] },
  emailsToValidate: { records: listOf(readEmailsToValidate, (l) => l.emails), fields: ['subject', 'steps', 'contactName'] },
  emailsToHandle: {
    records: listOf(readEmailsToHandle, (l) => l.emails),
    fields: ['subject', 'from', 'received', 'reply', 'contactName'],
  },
  listLetters: { records: listOf(readLetterList, (l) => l.letters), fields: LETTER_FIELDS },
  lettersToValidate: { records: listOf(readLetterList, (l) => l.letters), fields: LETTER_FIELDS },
  listBlocklist: { records: listOf(readBlocklist, (l) => l.entries), fields: ['type', 'value'] },
  calendarEvents: { records: listOf(readCalendarEvents, (l) => l.meetings), fields: ['startsAt', 'status', 'contactName'] },
};

/** The operations read for an agent: the account's first agent's. */
const FOR_AGENT: readonly CheckRead[] = ['agentSettings', 'agentStats', 'agentReflexes', 'calendarEvents'];

/** The parts of the extension the table names, and the operations each reads. */
export const CHECK_ROWS = [
  { id: 'loop', ops: ['listActions'] },
  { id: 'invitations', ops: ['weeklyStats'] },
  { id: 'contacts', ops: ['listContacts'] },
  { id: 'agents', ops: ['account', 'agentStats', 'agentReflexes'] },
  { id: 'emails', ops: ['emailsToValidate', 'emailsToHandle', 'listEmails'] },
  { id: 'letters', ops: ['lettersToValidate', 'listLetters'] },
  { id: 'blocklist', ops: ['listBlocklist'] },
  { id: 'meetings', ops: ['calendarEvents'] },
  { id: 'addForm', ops: ['account', 'agentSettings'] },
] as const satisfies ReadonlyArray<{ id: string; ops: readonly CheckRead[] }>;

export type CheckRowId = (typeof CHECK_ROWS)[number]['id'];

export type OpResult =
  | { state: 'readable' | 'partial'; records: number; missing: string[]; shape: string }
  | { state: 'unreadable'; detail: string; shape: string }
  /** The service refused, or could not be reached: nothing to read. */
  | { state: 'failed'; error: SerializedApiError }
  /** Read for an agent, and the account has none. */
  | { state: 'skipped' };

export type RowState = 'pending' | 'readable' | 'partial' | 'unreadable' | 'failed' | 'skipped';

const missingIn = (record: object, path: string): boolean => {
  const v = path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), record);
  return v === undefined || v === null || v === '' || (typeof v === 'object' && Object.keys(v).length === 0);
};

/** An answer as the check tells it: read by the operation's own reader, fields not found in any record named. */
export function checkAnswer(name: CheckRead, body: unknown): OpResult {
  const shape = describeShape(body);
  let records: object[];
  let unread = 0;
  try {
    const read = CHECKS[name].records(body);
    records = read.items;
    unread = read.unread ?? 0;
  } catch (error) {
    return { state: 'unreadable', detail: error instanceof Error ? error.message : String(error), shape };
  }
  const missing = records.length ? CHECKS[name].fields.filter((f) => records.every((r) => missingIn(r, f))) : [];
  // Records shown but without an id to act on: the view lists them, nothing can be done with them.
  if (unread) missing.unshift(`id (${unread} of ${records.length + unread})`);
  if (unread && !records.length) return { state: 'unreadable', detail: `No identifier found in the ${unread} records of ${name}`, shape };
  return { state: missing.length ? 'partial' : 'readable', records: records.length, missing, shape };
}

/** A row: the worst of its operations'; pending while one is not read yet. */
export function rowState(ops: readonly CheckRead[], results: Partial<Record<CheckRead, OpResult>>): RowState {
  const states = ops.map((op) => results[op]?.state ?? 'pending');
  for (const s of ['pending', 'unreadable', 'failed', 'partial', 'readable'] as const) if (states.includes(s)) return s;
  return 'skipped';
}

/** The fields a row's reader did not find, "operation: field". */
export const rowMissing = (ops: readonly CheckRead[], results: Partial<Record<CheckRead, OpResult>>): string[] =>
  ops.flatMap((op) => {
    const r = results[op];
    return r && 'missing' in r ? r.missing.map((f) => `${op}: ${f}`) : [];
  });

export interface CheckState {
  results: Partial<Record<CheckRead, OpResult>>;
  /** The account's first agent, for the operations read for an agent. */
  agentId?: string | undefined;
}

/** Asks the background for one operation's answer; throws what the background answered. */
export type CheckAsk = (name: CheckRead, agentId: string | undefined) => Promise<unknown>;

/**
 * Reads the operations not read yet, one after the other, telling each result as it comes. Stops
 * when the request budget (or the service) asks to wait, and says how many seconds.
 */
export async function continueCheck(
  state: CheckState,
  ask: CheckAsk,
  asError: (e: unknown) => SerializedApiError,
  told: (state: CheckState) => void,
  /** Awaited before each read: a check nobody asked for leaves the minute to the person's work. */
  between: () => Promise<void> = async () => {},
): Promise<{ waitSeconds?: number }> {
  let now = state;
  for (const name of CHECK_READS) {
    if (now.results[name]) continue;
    await between();
    let result: OpResult;
    let agentId = now.agentId;
    // Read for an agent: skipped only when the account truly has none; an account whose agents
    // could not be read leaves these parts unjudged, which is said, never shown as fine.
    const account = now.results.account;
    if (FOR_AGENT.includes(name) && !agentId)
      result =
        account && account.state === 'readable' && account.records === 0
          ? { state: 'skipped' }
          : { state: 'unreadable', detail: `No agent of the account could be read, so ${name} was not asked`, shape: '' };
    else {
      try {
        const body = await ask(name, FOR_AGENT.includes(name) ? agentId : undefined);
        result = checkAnswer(name, body);
        if (name === 'account' && result.state !== 'unreadable') agentId = readAccount(body).agents[0]?.id;
      } catch (error) {
        const e = asError(error);
        if (e.kind === 'rate-limited') return { waitSeconds: e.retryAfterSeconds ?? 60 };
        result = { state: 'failed', error: e };
      }
    }
    now = { results: { ...now.results, [name]: result }, agentId };
    told(now);
  }
  return {};
}

/** Every answer's shape, with its operation's name: what the Copy button copies. */
export const shapesText = (results: Partial<Record<CheckRead, OpResult>>): string =>
  CHECK_READS.flatMap((op) => {
    const r = results[op];
    return r && 'shape' in r ? [`${op}\n${r.shape}`] : [];
  }).join('\n\n');
