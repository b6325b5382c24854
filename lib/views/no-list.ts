// A list whose records cannot be found at all (issue 37, item 3): the view says so, with what the
// answer had instead, never an empty table. "List found and empty" stays the view's empty sentence.
import { payloadOf } from '../api/body/envelope';
import { isNode } from '../api/body/fold';
import { isTimeText, shownKeys } from '../api/body/shown';
import { UnreadableError } from '../api/body/unreadable';

/** A member of an answer and the type of its value ("items_v2", object); a list's length. */
export interface Member {
  key: string;
  type: 'text' | 'number' | 'boolean' | 'time' | 'object' | 'list' | 'empty';
  length?: number;
}

const MAX_MEMBERS = 12;

function typeOf(v: unknown): Member['type'] {
  if (typeof v === 'string') return isTimeText(v) ? 'time' : 'text';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  return isNode(v) ? 'object' : 'empty';
}

/** What an answer had where a list was looked for: its payload's members (keys that are names as written, types, never a value). */
function answerMembers(body: unknown): Member[] {
  const { value } = payloadOf(body);
  if (!isNode(value)) return Array.isArray(value) ? [{ key: '[]', type: 'list', length: value.length }] : [];
  return shownKeys(Object.keys(value).slice(0, MAX_MEMBERS)).map(([key, k]) => {
    const v = value[k];
    return Array.isArray(v) ? { key, type: 'list', length: v.length } : { key, type: typeOf(v) };
  });
}

/** The members of an answer in which no list of records was found; undefined for any other failure. */
export const noListIn = (error: unknown, body: unknown): Member[] | undefined =>
  error instanceof UnreadableError && error.list !== undefined ? answerMembers(body) : undefined;
