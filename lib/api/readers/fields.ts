// Small tolerant helpers shared by every reader (lib/api/reader.ts and lib/api/readers/*). They run
// in the options page and the popup, so they stay plain functions without zod.

export type Obj = Record<string, unknown>;

/** Thrown when a response cannot be understood; the client turns it into InvalidResponseError. */
export class UnreadableError extends Error {}

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off']);

/** A boolean written as one, as 0/1, or as a word ("true", "yes"); undefined otherwise. */
export function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const w = v.trim().toLowerCase();
    if (TRUE_WORDS.has(w)) return true;
    if (FALSE_WORDS.has(w)) return false;
  }
  return undefined;
}

/** An identifier-like value (a status, a type): a string, or the `value`/`code`/`key` of an object. */
export function code(v: unknown): string | undefined {
  const s = str(v) ?? (isObj(v) ? first(v, ['value', 'code', 'key', 'slug', 'name'], str) : undefined);
  return s?.trim().toLowerCase();
}

// A date starts as one (2025-03-01…, 01/03/2025): Date.parse alone accepts "Paris 75001".
const DATE_START = /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})(?:$|[\sT])/;

/** A date as the service wrote it (kept as text), or the `date`/`dateTime` of an object. */
export function date(v: unknown): string | undefined {
  if (isObj(v)) return first(v, ['dateTime', 'date_time', 'date', 'datetime', 'value'], date);
  const s = typeof v === 'string' ? v.trim() : undefined;
  return s && DATE_START.test(s) ? s : undefined;
}

/** The first key of `keys` that `pick` accepts on `o`. */
export function first<T>(o: Obj, keys: readonly string[], pick: (v: unknown) => T | undefined): T | undefined {
  for (const k of keys) {
    const v = pick(o[k]);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The first object among `o[keys]`. */
export function nested(o: Obj, keys: readonly string[]): Obj | undefined {
  for (const k of keys) if (isObj(o[k])) return o[k] as Obj;
  return undefined;
}

export function dropUndefined<T extends Obj>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

/** A person's name from its parts or a full name; `name` itself only where the record is a person. */
export function personName(o: Obj, fullKeys = ['full_name', 'fullname', 'display_name', 'name']): string | undefined {
  const full = first(o, fullKeys, str);
  if (full) return full;
  const given = first(o, ['first_name', 'firstname', 'firstName'], str);
  const family = first(o, ['last_name', 'lastname', 'lastName'], str);
  return [given, family].filter(Boolean).join(' ') || undefined;
}

export function companyName(o: Obj): string | undefined {
  const c = o.company ?? o.company_name ?? o.organization;
  return str(c) ?? (isObj(c) ? str(c.name) : undefined);
}

/** Where records name a person they are about. */
export const PERSON_KEYS = ['lead', 'contact', 'prospect', 'person', 'attendee', 'profile'];

export const ID_KEYS = ['id', 'hashed_id', 'uuid', 'hash'];

/** The agent a record belongs to: its id and name, flat or in a nested agent/campaign. */
export function agentRef(o: Obj): { agentId?: string; agentName?: string } {
  const agent = nested(o, ['agent', 'campaign']);
  return dropUndefined({
    agentId: first(o, ['agent_id', 'campaign_id', 'agentId'], str) ?? (agent ? first(agent, ID_KEYS, str) : undefined),
    agentName: first(o, ['agent_name', 'campaign_name'], str) ?? (agent ? first(agent, ['name', 'title', 'internal_note'], str) : undefined),
  });
}

/** Every number of an object, keyed by its path, two levels deep (`emails.sent`). */
export function figures(o: Obj, prefix = '', depth = 2, into: Record<string, number> = {}): Record<string, number> {
  for (const [k, v] of Object.entries(o)) {
    if (k === 'success' || /(^|_)id$/.test(k)) continue;
    const n = typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    if (n !== undefined) into[prefix + k] = n;
    else if (isObj(v) && depth > 1) figures(v, `${prefix}${k}.`, depth - 1, into);
  }
  return into;
}

const LIST_KEYS = ['data', 'items', 'results', 'records', 'rows'];

/**
 * The array of records in a list response: the body itself, under one of `keys` or the usual
 * list keys, or one level below one of those (`data.contacts`, `data.data` of a paginator).
 */
export function recordsIn(body: unknown, keys: readonly string[], what: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isObj(body)) throw new UnreadableError(`The ${what} response is not JSON of a known shape`);
  const all = [...keys, ...LIST_KEYS];
  for (const k of all) if (Array.isArray(body[k])) return body[k] as unknown[];
  for (const k of all) {
    const inner = body[k];
    if (isObj(inner)) for (const j of all) if (Array.isArray(inner[j])) return inner[j] as unknown[];
  }
  throw new UnreadableError(`No list of ${what} found in the response (looked under ${all.join(', ')})`);
}

/** The object an answer is about: under `data` or one of `keys`, else the body. */
export function payload(body: unknown, keys: readonly string[], what: string): Obj {
  if (!isObj(body)) throw new UnreadableError(`The ${what} response is not a JSON object`);
  const data = isObj(body.data) ? body.data : body;
  return nested(data, keys) ?? nested(body, keys) ?? data;
}

/** Reads each raw record; those it cannot act on (no identifier) are counted, not kept. */
export function readEach<T>(list: unknown[], read: (raw: unknown) => T | undefined): { items: T[]; skipped: number } {
  const items = list.map(read).filter((x): x is T => x !== undefined);
  return { items, skipped: list.length - items.length };
}
