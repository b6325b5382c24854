// What of an answer may be shown as technical detail (its shape, where reading stopped, what a
// payload held): its keys when they are names, never a value used as a key (issue 49 item 6). A map
// keyed by addresses, ids, dates or names would otherwise print them, so such keys, and every key
// of an object whose keys all share one shape other than a word's, become one placeholder.
import { time } from './values';

/** What stands for a key that looks like a value. */
const KEY = '(key)';

/** Keys of one shape that make an object a map: fewer may be a record's fields. */
const MAP_MIN = 5;

/**
 * A run of a token: 8 characters or more mixing letters and digits (hex, a uuid's part), or 16
 * letters or more, a third to two thirds of them capitals (camelCase has fewer).
 */
function isToken(run: string): boolean {
  const capitals = run.replace(/[^A-Z]/g, '').length * 3;
  return /^(?=.*\d)(?=.*[a-z])[a-z\d]{8,}$/i.test(run) || (run.length >= 16 && capitals >= run.length && capitals <= run.length * 2);
}

// A name: a letter (or `_`, `$`, JSON-LD's leading `@`) then letters, digits, `_`, `$`, `:`, `-`
// and spaces; an address has `@`, `.` or `/`. At most 40 characters, no three digits in a row.
const isName = (k: string): boolean => k.length <= 40 && /^@?[A-Za-z_$][\w$ :-]*$/.test(k) && !/\d{3}/.test(k) && !k.split(/[_$ :-]/).some(isToken);

/** A key's shape: each run of letters or digits as one character. */
const shapeOf = (k: string): string =>
  k
    .slice(0, 41)
    .replace(/\p{L}+/gu, 'a')
    .replace(/\d+/g, '9');

/** Each key as it may be shown: as written when a name, else KEY; every key of a map, KEY. */
export function shownAs(keys: readonly string[]): string[] {
  const shape = keys.length >= MAP_MIN ? shapeOf(keys[0]!) : 'a';
  const map = !/^[a_-]+$/.test(shape) && keys.every((k) => shapeOf(k) === shape);
  return keys.map((k) => (map || !isName(k) ? KEY : k));
}

/** The keys to show, each with the key whose value stands for it: KEY once, with its count when more than one ("(key) ×3"). */
export function shownKeys(keys: readonly string[]): Array<[string, string]> {
  const as = shownAs(keys);
  const hidden = as.filter((s) => s === KEY).length;
  const out = new Map<string, string>();
  // No name holds "(", so a placeholder is never a name.
  for (const [i, s] of as.entries()) if (!out.has(s)) out.set(s, keys[i]!);
  return [...out].map(([s, k]) => [s === KEY && hidden > 1 ? `${KEY} ×${hidden}` : s, k]);
}

/** Whether a text is a time: one of 64 characters or fewer, not only digits and dots (a version, an id). */
export const isTimeText = (s: string): boolean => s.length <= 64 && !/^[\d.]*$/.test(s.trim()) && time(s) !== undefined;
