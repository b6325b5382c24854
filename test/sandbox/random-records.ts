// The records of each route in a drawn shape (random-shape.ts): people's names whole, in parts or
// under a sub-object, a record's parts one object down, the account's and the statistics' lists
// under other keys. The values stay the sandbox's own.
import type { DrawnShape } from './random-shape';

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

const LIST_ROUTES = new Set([
  'listContacts',
  'listEmails',
  'emailsToValidate',
  'emailsToHandle',
  'listLetters',
  'lettersToValidate',
  'listBlocklist',
  'calendarEvents',
  'agentReflexes',
  'listActions',
]);

/** The records of a list route's answer; undefined for a route that answers one record. */
export const recordsIn = (route: string, data: unknown): unknown[] | undefined => (LIST_ROUTES.has(route) && Array.isArray(data) ? data : undefined);

/** Where a record's person may be put. */
export const PERSON_KEYS = ['lead', 'contact', 'prospect', 'person', 'profile'] as const;

const omit = (r: Row, keys: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));
const whole = (first: unknown, last: unknown) => [first, last].filter((x) => typeof x === 'string' && x).join(' ') || null;

/** A person written at the record (firstname, lastname and `with`): in parts, whole, or under the person key. */
function namesAtRecord(r: Row, shape: DrawnShape, alongside: string[], prefix = ''): Row {
  const [first, last] = [`${prefix}firstname`, `${prefix}lastname`];
  if (!(first in r)) return r;
  if (shape.names === 'parts') return r;
  const base = omit(r, [first, last, ...alongside.map((k) => prefix + k)]);
  if (shape.names === 'whole') {
    return { ...omit(r, [first, last]), [`${prefix ? prefix : 'full_'}name`]: whole(r[first], r[last]) };
  }
  const person: Row = { firstname: r[first], lastname: r[last] };
  for (const k of alongside) if (prefix + k in r) person[k] = r[prefix + k];
  return { ...base, [shape.personKey]: person };
}

/** A person already under a sub-object: under the drawn key, its name whole or in parts. */
function subPerson(r: Row, key: string, shape: DrawnShape): Row {
  const p = r[key];
  if (!isRow(p)) return r;
  const person = shape.names === 'whole' ? { ...omit(p, ['firstname', 'lastname']), full_name: whole(p.firstname, p.lastname) } : p;
  return { ...omit(r, [key]), [shape.personKey]: person };
}

/** A record's parts (steps, blocks, executions) one object down, when the shape says so. */
function partsUnder(r: Row, keys: string[], shape: DrawnShape): Row {
  if (!shape.partsUnder || !keys.every((k) => k in r)) return r;
  return { ...omit(r, keys), [shape.partsUnder]: Object.fromEntries(keys.map((k) => [k, r[k]])) };
}

const ALTERNATE_LISTS = {
  by_day: ['days', 'daily', 'per_day', 'history', 'timeline'],
  by_agent: ['agents', 'per_agent', 'campaigns', 'by_campaign', 'breakdown'],
};

function account(r: Row, shape: DrawnShape): Row {
  const user = isRow(r.user) ? namesAtRecord(r.user, { ...shape, names: shape.names === 'nested' ? 'whole' : shape.names }, []) : r.user;
  return { ...omit(r, ['user', 'agents']), [shape.personKey === 'profile' ? 'me' : 'user']: user, [shape.listKey ?? 'campaigns']: r.agents };
}

function weekly(r: Row, shape: DrawnShape): Row {
  const i = PERSON_KEYS.indexOf(shape.personKey);
  return { ...omit(r, ['by_day', 'by_agent']), [ALTERNATE_LISTS.by_day[i]!]: r.by_day, [ALTERNATE_LISTS.by_agent[i]!]: r.by_agent };
}

function execution(x: unknown, shape: DrawnShape): unknown {
  if (!isRow(x) || shape.names !== 'nested') return x;
  return { ...omit(x, ['prospect_name', 'company']), [shape.personKey]: { full_name: x.prospect_name, company: x.company } };
}

/** One record of the route in the drawn shape. */
export function reshapeRecord(route: string, record: unknown, shape: DrawnShape): unknown {
  if (!isRow(record)) return record;
  switch (route) {
    case 'listContacts':
    case 'addContact':
      return namesAtRecord(record, shape, ['job', 'company']);
    case 'emailsToValidate':
      return partsUnder(namesAtRecord(record, shape, ['job', 'company']), ['subject', 'messages'], shape);
    case 'listEmails':
    case 'emailsToHandle':
      return subPerson(record, 'prospect', shape);
    case 'listLetters':
    case 'lettersToValidate':
    case 'validateLetter':
    case 'rejectLetter':
      return partsUnder(subPerson(record, 'prospect', shape), ['blocks'], shape);
    case 'listActions':
    case 'markSent':
    case 'markFailed':
    case 'updateMessage':
      return subPerson(record, 'contact', shape);
    case 'calendarEvents':
      return namesAtRecord(record, shape, ['email'], 'contact_');
    case 'agentReflexes':
      return partsUnder({ ...record, executions: (record.executions as unknown[]).map((x) => execution(x, shape)) }, ['executions'], shape);
    case 'account':
      return account(record, shape);
    case 'weeklyStats':
      return weekly(record, shape);
    default:
      return record;
  }
}
