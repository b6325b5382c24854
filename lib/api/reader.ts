// The readers of the background's answers (operations 1, 23 and 27) and of error bodies, on the
// body as lib/api/body folds it: each field named once, in the spec's spelling, with its true
// synonyms; envelopes and lists found by structure (docs/api-assumptions.md).
import { ownId } from './body/identity';
import type { Account, ActionList, Agent, NetworkAction, Prospect, WeeklyStats } from './schemas';
import { truncateNote } from './note-length';
import { entries, first, has, isNode, nested, normalized, some, type Node } from './body/fold';
import { nodesIn, payloadOf, recordList, recordOf, type Expect } from './body/envelope';
import { UnreadableError } from './body/unreadable';
import { withUnplaced, type Line } from './body/unplaced';
import { BOUND, code, cut, id, label, num, resource, text, time } from './body/values';
import { isEmailAddress, isLine, isTime, theOne } from './body/value-shapes';
import { activeOf, agentRef, companyName, dropUndefined, figures, nameOf, personName, personOf, profileKey, readEach } from './readers/fields';
import { ID_KEYS } from './readers/record-names';
import { JOB, PICTURE, PROFILE, STATUS } from './body/families';

export { readSuccess } from './body/envelope';
export { UnreadableError };

/** How much of a 422 is kept (in the refused-writes list too): fields, and the words of each. */
const VALIDATION_BOUNDS = { fields: 50, name: 100, message: 500 };

const MESSAGE = ['message', 'msg', 'detail', 'reason', 'title', 'description', 'error_description', 'error'];
/** Where an error item names its field: a name, a path (its last part), a JSON pointer, a `loc`. */
const FIELD = ['field', 'name', 'path', 'pointer', 'param', 'parameter', 'loc', 'target', 'property', 'attribute', 'key'];

/** A field's name from a name, a list (`loc: ["body", "email"]`) or a pointer (`/data/attributes/email`): its last part. */
function fieldName(v: unknown): string | undefined {
  const last = Array.isArray(v) ? v.findLast((x) => typeof x === 'string') : v;
  const s = text(last, 2000)
    ?.split(/[/]/)
    .findLast((x) => x.trim() !== '');
  return s === undefined ? undefined : text(s, VALIDATION_BOUNDS.name);
}

/**
 * The error items of a body, any common form: `errors[]`, `error.details[]` (OData), `detail[]`
 * (FastAPI), `invalid_params[]` (RFC 7807)…: every array of objects within two objects of the body,
 * each item's message and the field it names (at the item, under `source` or `extensions`).
 */
function errorItems(o: Node): Array<{ field?: string; message?: string }> {
  const out: Array<{ field?: string; message?: string }> = [];
  for (const at of nodesIn(o, 2)) {
    some(at, (_, list) => {
      if (!Array.isArray(list)) return;
      for (const item of list.slice(0, VALIDATION_BOUNDS.fields)) {
        if (typeof item === 'string') out.push({ message: text(item, 8000) });
        if (!isNode(item)) continue;
        const where = [item, nested(item, ['source']), nested(item, ['extensions'])].filter((w): w is Node => w !== undefined);
        const field = where.map((w) => first(w, FIELD, fieldName)).find(Boolean);
        out.push(dropUndefined({ field, message: first(item, MESSAGE, (v) => text(v, 8000)) }));
      }
    });
  }
  return out;
}

/** The human message of an error body, in any common form (docs/api-assumptions.md, "Error bodies"). */
export function readErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return text(body, 8000);
  const o = normalized(body);
  if (!isNode(o)) return undefined;
  const words = (v: unknown) => text(v, 8000);
  const error = nested(o, ['error']);
  return (
    first(o, ['message', 'error', 'detail', 'error_description', 'msg', 'title'], words) ??
    (error ? first(error, MESSAGE, words) : undefined) ??
    errorItems(o).find((e) => e.message)?.message
  );
}

function nameList(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((x) => text(x, VALIDATION_BOUNDS.name) ?? []).slice(0, VALIDATION_BOUNDS.fields);
}

/**
 * The 422 fields: validation_errors (field to message or messages), or any list of error items
 * naming a field; missing_fields, invalid_fields; bounded.
 */
export function readValidation(body: unknown): {
  validationErrors: Record<string, string>;
  missingFields: string[];
  invalidFields: string[];
} {
  const n = normalized(body);
  const o = isNode(n) ? n : {};
  const source = nested(o, ['validation_errors', 'errors']) ?? {};
  const validationErrors: Record<string, string> = {};
  const add = (field: string, words: string | undefined) => {
    const name = cut(field, VALIDATION_BOUNDS.name);
    if (words && Object.keys(validationErrors).length < VALIDATION_BOUNDS.fields)
      validationErrors[name] = validationErrors[name]
        ? cut(`${validationErrors[name]} ${words}`, VALIDATION_BOUNDS.message)
        : cut(words, VALIDATION_BOUNDS.message);
  };
  // Field names are the service's own (data, not spelling): kept as written.
  some(source, (field, value) => {
    add(field, Array.isArray(value) ? value.flatMap((x) => text(x, VALIDATION_BOUNDS.message) ?? []).join(' ') : text(value, VALIDATION_BOUNDS.message));
  });
  for (const e of errorItems(o)) if (e.field) add(e.field, e.message ?? 'Invalid');
  return {
    validationErrors,
    missingFields: nameList(first(o, ['missing_fields'], (v) => v)),
    invalidFields: nameList(first(o, ['invalid_fields'], (v) => v)),
  };
}

// ---- network actions (op 23) ----

const ACTION_IDS = [...ID_KEYS, 'action_id'];

/** What the records of a list of network actions carry. */
const ACTIONS: Expect = {
  op: 'listActions',
  what: 'actions',
  ids: ACTION_IDS,
  // A record with no name is still an action (issue 37): its profile address or its agent makes it one.
  fields: ['message', 'note', ...PROFILE, 'agent_id', 'agent_name', 'agent', 'contact', 'person', 'profile', 'firstname', 'lastname', 'full_name'],
};

function readProspect(action: Node): Prospect {
  const person = personOf(action);
  const sources = person ? [person, action] : [action];
  const pick = <T>(f: (o: Node) => T | undefined): T | undefined => sources.map(f).find((v) => v !== undefined);
  return dropUndefined({
    // The action's own `name` is rarely the person's (an agent's, a campaign's): at the top level
    // only explicit keys and first/last names count, as the spec's webhook payloads give them.
    name: (person ? personName(person) : undefined) ?? personName(action, ['contact_name', 'full_name']),
    headline: pick((o) => first(o, JOB, text)),
    company: pick(companyName),
    profileUrl: pick((o) => first(o, o === person ? [...PROFILE, 'url'] : PROFILE, (v) => text(v, BOUND.url)) ?? text(o[profileKey(o) ?? ''], BOUND.url)),
    picture: pick((o) => first(o, PICTURE, (v) => text(v, BOUND.url))),
  });
}

/** The action's fields; undefined when it has no identifier to act on. */
function readActionFields(raw: unknown): NetworkAction | undefined {
  if (!isNode(raw)) return undefined;
  const actionId = ownId(raw, ACTION_IDS);
  if (!actionId) return undefined;
  // The spec's limit for a note is 200 characters: a longer one is cut there.
  const message = first(raw, ['message', 'note', 'invitation_message'], (v) => (typeof v === 'string' ? truncateNote(v) : undefined));
  return dropUndefined({
    id: actionId,
    status: first(raw, STATUS, code),
    message: message === undefined || message.trim() === '' ? null : message,
    ...agentRef(raw),
    prospect: readProspect(raw),
    createdAt: first(raw, ['created_at', 'created', 'date'], time),
  });
}

/**
 * What the rules could not place in an action, kept in the actions' snapshot (up to 100 actions):
 * at most 5 lines, each label cut at 100 characters and each value at 300 (a 200-character note
 * whole), a cut value ending in "…" (docs/api-assumptions.md, "What the rules do not place").
 */
export const ACTION_LINES = { lines: 5, label: 100, value: 300 };
const bounded = (s: string, max: number) => (s.length > max ? `${cut(s, max - 1)}…` : s);

const boundedLines = (lines: Line[]): Line[] =>
  lines.slice(0, ACTION_LINES.lines).map((l) => ({ label: bounded(l.label, ACTION_LINES.label), value: bounded(l.value, ACTION_LINES.value) }));

/** One action record with its unplaced lines (`extra`); undefined when it has no identifier to act on. */
export function readAction(record: unknown): NetworkAction | undefined {
  const action = withUnplaced(readActionFields)(normalized(record));
  if (action?.extra) action.extra = boundedLines(action.extra);
  return action;
}

function actionList(body: unknown, limit: number, read: (raw: unknown) => NetworkAction | undefined): ActionList {
  const { items, skipped, unread } = readEach(recordList(body, ACTIONS), read, limit);
  // Those without an id to mark are still counted and shown (issue 49), bounded as an action's lines.
  return skipped ? { actions: items, skipped, unread: unread.map(boundedLines) } : { actions: items, skipped };
}

/** A list of actions, each with its unplaced lines, at most the `limit` asked; records without an identifier are counted in `skipped`. */
export const readActionList = (body: unknown, limit = 100): ActionList => actionList(body, limit, readAction);

/** Browsers a mark's metadata may name (lib/invitations/metadata.ts writes the build's), as a person writes them. */
const BROWSERS: Record<string, string> = { chrome: 'Chrome', chromium: 'Chromium', firefox: 'Firefox', edge: 'Edge', safari: 'Safari', opera: 'Opera' };

/**
 * What a list of actions (op 23, of one status) says of one action: undefined when it is not listed;
 * else when it was marked (its mark's metadata `marked_at`, else the record's sent_at, failed_at or
 * updated_at, none of which the spec names) and from which browser (the metadata's, a known name only).
 */
export function readMarkOf(body: unknown, actionId: string, limit = 100): { at?: string; browser?: string } | undefined {
  const record = recordList(body, ACTIONS)
    .slice(0, limit)
    .map((raw) => normalized(raw))
    .find((raw) => isNode(raw) && first(raw, ACTION_IDS, id) === actionId);
  if (!isNode(record)) return undefined;
  const metadata = nested(record, ['metadata', 'meta']);
  const at = (metadata && first(metadata, ['marked_at'], time)) ?? first(record, ['sent_at', 'failed_at', 'marked_at', 'updated_at'], time);
  const browser = metadata && first(metadata, ['browser'], (v) => BROWSERS[code(v) ?? '']);
  return dropUndefined({ at, browser });
}

/** The same actions without their unplaced lines: the connection check's, which names the fields found (and so no bytes of the lines in its chunk). */
export const readActionRecords = (body: unknown): ActionList => actionList(body, 100, readActionFields);

// ---- account (operation 1) ----

const AGENTS: Expect = { op: 'account', what: 'agents', ids: [...ID_KEYS, 'agent_id'], fields: [...STATUS, 'is_active', 'internal_note'] };
const USER_FIELDS = ['email', 'firstname', 'lastname', 'full_name', 'name'];

/** An agent's name where no word names it: its one short text that is not its id, status or note (issue 49). */
function nameByValue(record: Node, taken: ReadonlyArray<string | undefined>): string | undefined {
  const v = theOne(record, (x) => isLine(x, 120) && !isTime(x) && !isEmailAddress(x) && !/^(?:https?:|[a-z0-9_.-]+$)/.test(String(x)), new Set(taken));
  return typeof v === 'string' ? label(v) : undefined;
}

function readAgent(record: unknown): Agent | undefined {
  if (!isNode(record)) return undefined;
  const agentId = ownId(record, AGENTS.ids);
  const status = first(record, STATUS, code);
  if (!agentId || !status) return undefined;
  return dropUndefined({
    id: agentId,
    name: nameOf(record) ?? nameByValue(record, [agentId, status, first(record, ['internal_note'], text)]),
    status,
    isActive: activeOf(record) ?? status === 'active',
    internalNote: first(record, ['internal_note'], text) ?? null,
    plan: first(record, ['billing', 'billing_model', 'plan', 'pricing_model'], (v) => text(v, BOUND.code)),
  });
}

/** The account's agents, and how many of its records could not be read as one (no id or no status). */
function agentsOf(records: unknown[]): Pick<Account, 'agents' | 'unreadAgents'> {
  const { items, skipped } = readEach(records, readAgent, 200);
  return skipped ? { agents: items, unreadAgents: skipped } : { agents: items };
}

export function readAccount(body: unknown): Account {
  const root = normalized(body);
  if (!isNode(root)) throw new UnreadableError('account', '$', 'the answer is not a JSON object');
  const payload = payloadOf(root);
  const data = isNode(payload.value) ? payload.value : root;
  // The user: the object beside the agents that names a person, or the payload itself.
  const user = nodesIn(data, 1).find((o) => o !== data && has(o, USER_FIELDS)) ?? (has(data, USER_FIELDS) ? data : undefined);
  let agents: unknown[] = [];
  try {
    agents = recordList(body, AGENTS);
  } catch (error) {
    if (!user) throw new UnreadableError('account', payload.path, 'No user and no agents found');
    if (!(error instanceof UnreadableError)) throw error;
  }
  const who = user ?? data;
  return {
    user: dropUndefined({
      id: first(who, [...ID_KEYS, 'user_id'], id) ?? resource(who.name)?.id,
      name: personName(who),
      email: first(who, ['email', 'mail'], text),
      company: companyName(who),
    }),
    ...agentsOf(agents),
  };
}

// ---- weekly statistics (operation 27) ----

const COUNT = ['sent', 'invitations_sent', 'sent_count', 'count', 'total', 'value'];
const TOTAL = ['total_sent', 'invitations_sent', 'sent', 'sent_count', 'total', 'count'];
const DAY = ['date', 'day', 'label'];
const AGENT_NAME = ['name', 'agent_name', 'internal_note', 'title'];

/** The arrays of the statistics (by day, by agent), found by what their items carry. */
function arraysOf(data: Node): unknown[][] {
  return nodesIn(data, 1).flatMap((o) => entries(o).flatMap(([, v]) => (Array.isArray(v) ? [v] : [])));
}

export function readWeeklyStats(body: unknown): WeeklyStats {
  const root = normalized(body);
  if (!isNode(root)) throw new UnreadableError('weeklyStats', '$', 'the answer is not a JSON object');
  const payload = payloadOf(root);
  const top = isNode(payload.value) ? payload.value : root;
  const data = nested(top, ['stats']) ?? top;
  const arrays = arraysOf(data);
  const daysList = arrays.find((a) => a.some((d) => isNode(d) && has(d, DAY) && first(d, COUNT, num) !== undefined)) ?? [];
  const agentsList =
    arrays.find(
      (a) =>
        a !== daysList && a.some((x) => isNode(x) && has(x, [...AGENT_NAME, ...ID_KEYS, 'agent_id']) && !has(x, DAY) && first(x, COUNT, num) !== undefined),
    ) ?? [];
  const days = daysList.slice(0, 366).flatMap((d) => {
    if (!isNode(d)) return [];
    const date = first(d, DAY, (v) => time(v) ?? text(v, 40));
    const sent = first(d, COUNT, num);
    return date && sent !== undefined ? [{ date, sent }] : [];
  });
  const agents = agentsList.slice(0, 200).flatMap((a) => {
    if (!isNode(a)) return [];
    const agentId = first(a, [...ID_KEYS, 'agent_id'], id);
    const name = first(a, AGENT_NAME, text) ?? agentId;
    const sent = first(a, COUNT, num);
    return name && sent !== undefined ? [dropUndefined({ id: agentId, name, sent })] : [];
  });
  const all = figures(data, '', 1);
  // A total in the statistics' own wrapper (JSON:API's `attributes`) is found as a record's fields are.
  const wrapped = first(data, TOTAL, num) === undefined ? recordOf(body, TOTAL) : undefined;
  const total = first(data, TOTAL, num) ?? (wrapped && first(wrapped, TOTAL, num)) ?? (days.length ? days.reduce((s, d) => s + d.sent, 0) : undefined);
  if (total === undefined && !days.length && !agents.length && !Object.keys(all).length) {
    throw new UnreadableError('weeklyStats', payload.path, 'No figures found in the statistics');
  }
  return dropUndefined({ total, days, agents, figures: all });
}
