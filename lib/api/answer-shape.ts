// The shape of an answer (issue 37): its keys and the type of each value, never a value, so that a
// person can send it to whoever maintains their extension. Bounded in depth, keys, lines and the
// members merged, and linear in each text: it is built from an answer that could not be read,
// whatever it holds (issue 49 item 6: 80,000 spaces took 2.3 s).
import { isNode, type Node } from './body/fold';
import { isTimeText, shownKeys } from './body/shown';
import { UnreadableError } from './body/unreadable';
import { SHAPE_MARK } from './error-body';

const MAX_DEPTH = 6;
const MAX_KEYS = 40;
/** Items of a list whose members are merged: the others are counted, not looked at. */
const MAX_ITEMS = 20;
const MAX_LINES = 300;
/** Members looked at when merging a list's items, in a whole shape. */
const MAX_MERGED = 10_000;

/** Members still to be looked at when merging a list's items, in the shape being made. */
let work = 0;

/** Objects as one, `depth` levels down: every member of each, the first one's where two have it, within MAX_MERGED members in all. */
function merged(items: Node[], depth: number): Node {
  const all: Node = Object.create(null);
  for (const o of items) {
    for (const k of Object.keys(o).slice(0, MAX_KEYS)) {
      if (--work < 0) return all;
      const v = o[k];
      const had = all[k];
      if (!Object.hasOwn(all, k)) all[k] = v;
      else if (isNode(had) && isNode(v) && depth > 0) all[k] = merged([had, v], depth - 1);
    }
  }
  return all;
}

/** The type of `v` on its line; an object's members go on the lines after, indented. */
function walk(v: unknown, depth: number, indent: string, out: string[]): string {
  if (Array.isArray(v)) {
    const items = v.slice(0, MAX_ITEMS);
    if (!items.length || depth >= MAX_DEPTH) return `list (${v.length})`;
    const of = items.every(isNode)
      ? walk(merged(items, MAX_DEPTH - depth), depth + 1, indent, out)
      : [...new Set(items.map((x) => walk(x, MAX_DEPTH, '', [])))].join(' | ');
    return `list (${v.length}) of ${of}`;
  }
  if (isNode(v)) {
    const all = Object.keys(v);
    if (depth >= MAX_DEPTH || !all.length) return all.length ? `object (${all.length} keys)` : 'object (empty)';
    for (const [key, k] of shownKeys(all.slice(0, MAX_KEYS))) {
      if (out.length >= MAX_LINES) break;
      const line = out.push('') - 1;
      out[line] = `${indent}${key}: ${walk(v[k], depth + 1, `${indent}  `, out)}`;
    }
    if (all.length > MAX_KEYS) out.push(`${indent}… ${all.length - MAX_KEYS} more keys`);
    return 'object';
  }
  if (typeof v === 'string') return isTimeText(v) ? 'time' : 'string';
  return v === null ? 'null' : typeof v;
}

/**
 * The answer's keys and the type of each value (string, time, number, boolean, null, object,
 * list and its length), one member a line, indented by depth; never a value. Keys that look like
 * values (an id, an address, a date used as a key), and a map's keys, are one line "(key) ×3"
 * (lib/api/body/shown.ts). At most 6 levels, 40 keys an object, the first 20 items of a list
 * (their members merged, 10,000 in all), 300 lines.
 */
export function describeShape(body: unknown): string {
  const out: string[] = [];
  work = MAX_MERGED;
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
