// The shape of an answer (issue 37): its keys and the type of each value, never a value, so that a
// person can send it to whoever maintains their extension. Bounded in depth, keys and lines.
import { isNode, type Node } from './body/fold';
import { UnreadableError } from './body/unreadable';
import { time } from './body/values';
import { SHAPE_MARK } from './error-body';

const MAX_DEPTH = 6;
const MAX_KEYS = 40;
/** Items of a list whose members are merged: the others are counted, not looked at. */
const MAX_ITEMS = 20;
const MAX_LINES = 300;
/** A key shown as written: a word, not an identifier or a value used as a key. */
const WORD_KEY = /^[A-Za-z_$@][\w$@ .:-]{0,59}$/;

/** Objects as one: every member of each, the first one's where two have it (objects merged too). */
function merged(items: Node[]): Node {
  const all: Node = {};
  for (const o of items) for (const [k, v] of Object.entries(o)) all[k] = isNode(all[k]) && isNode(v) ? merged([all[k], v]) : k in all ? all[k] : v;
  return all;
}

/** The type of `v` on its line; an object's members go on the lines after, indented. */
function walk(v: unknown, depth: number, indent: string, out: string[]): string {
  if (Array.isArray(v)) {
    const items = v.slice(0, MAX_ITEMS);
    if (!items.length || depth >= MAX_DEPTH) return `list (${v.length})`;
    const of = items.every(isNode) ? walk(merged(items), depth + 1, indent, out) : [...new Set(items.map((x) => walk(x, MAX_DEPTH, '', [])))].join(' | ');
    return `list (${v.length}) of ${of}`;
  }
  if (isNode(v)) {
    const all = Object.keys(v);
    if (depth >= MAX_DEPTH || !all.length) return all.length ? `object (${all.length} keys)` : 'object (empty)';
    const shown = new Set<string>();
    for (const k of all.slice(0, MAX_KEYS)) {
      // A key that looks like a value (an id, an address, a number) is shown once, as "(key)".
      const key = WORD_KEY.test(k) && !/\d{3}/.test(k) ? k : '(key)';
      if (shown.has(key) || out.length >= MAX_LINES) continue;
      shown.add(key);
      const line = out.push('') - 1;
      out[line] = `${indent}${key}: ${walk(v[k], depth + 1, `${indent}  `, out)}`;
    }
    if (all.length > MAX_KEYS) out.push(`${indent}… ${all.length - MAX_KEYS} more keys`);
    return 'object';
  }
  if (typeof v === 'string') return !/^\s*[\d.]*\s*$/.test(v) && time(v) ? 'time' : 'string';
  return v === null ? 'null' : typeof v;
}

/**
 * The answer's keys and the type of each value (string, time, number, boolean, null, object,
 * list and its length), one member a line, indented by depth; never a value. A key that looks like
 * a value (an id used as a key) is shown as "(key)". At most 6 levels, 40 keys an object, the
 * first 20 items of a list (their members merged), 300 lines.
 */
export function describeShape(body: unknown): string {
  const out: string[] = [];
  const top = walk(body, 0, '  ', out);
  return [top, ...out.slice(0, MAX_LINES), ...(out.length > MAX_LINES ? ['  …'] : [])].join('\n');
}

/** The shape with the operation's name, as the technical detail of an answer that could not be read. */
export const shapeNote = (op: string, body: unknown): string => `${SHAPE_MARK}${op}):\n${describeShape(body)}`;

/** An answer read by `read`; one the rules cannot place carries its shape in its detail. */
export function readWithShape<T>(op: string, body: unknown, read: (body: unknown) => T): T {
  try {
    return read(body);
  } catch (error) {
    if (error instanceof UnreadableError) error.message += shapeNote(op, body);
    throw error;
  }
}
