// The shape of an answer (issue 37): its keys and the type of each value, never a value, so that a
// person can send it to whoever maintains their extension. Bounded in depth, keys and lines.
import { isNode } from './body/fold';
import { UnreadableError } from './body/unreadable';
import { time } from './body/values';

type Shape = string | { keys: Map<string, Shape>; more: number } | { n: number; of: Shape | undefined };

const MAX_DEPTH = 6;
const MAX_KEYS = 40;
/** Items of a list whose shapes are merged: the others are counted, not looked at. */
const MAX_ITEMS = 20;
const MAX_LINES = 300;
/** A key shown as written: a word, not an identifier or a value used as a key. */
const WORD_KEY = /^[A-Za-z_$@][\w$@ .:-]{0,59}$/;
/** What a key that looks like a value (an id, an address, a number) is shown as. */
const HIDDEN_KEY = '(key)';

function leaf(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return !/^\s*[\d.]*\s*$/.test(v) && time(v) ? 'time' : 'string';
  return typeof v;
}

function merge(a: Shape | undefined, b: Shape): Shape {
  if (a === undefined) return b;
  if (typeof a === 'string' || typeof b === 'string') {
    const words = new Set([...String(typeof a === 'string' ? a : 'object').split(' | '), typeof b === 'string' ? b : 'object']);
    return typeof a === typeof b ? [...words].join(' | ') : typeof a === 'string' ? b : a;
  }
  if ('keys' in a && 'keys' in b) {
    const keys = new Map(a.keys);
    for (const [k, s] of b.keys) if (keys.has(k) || keys.size < MAX_KEYS) keys.set(k, merge(keys.get(k), s));
    return { keys, more: Math.max(a.more, b.more) };
  }
  if ('n' in a && 'n' in b) return { n: Math.max(a.n, b.n), of: b.of === undefined ? a.of : merge(a.of, b.of) };
  return a;
}

function shapeOf(v: unknown, depth: number): Shape {
  if (Array.isArray(v)) {
    let of: Shape | undefined;
    if (depth < MAX_DEPTH) for (const item of v.slice(0, MAX_ITEMS)) of = merge(of, shapeOf(item, depth + 1));
    return { n: v.length, of };
  }
  if (!isNode(v)) return leaf(v);
  const keys = new Map<string, Shape>();
  const all = Object.entries(v);
  if (depth < MAX_DEPTH) {
    for (const [k, x] of all.slice(0, MAX_KEYS)) {
      const key = WORD_KEY.test(k) && !/\d{3}/.test(k) ? k : HIDDEN_KEY;
      keys.set(key, merge(keys.get(key), shapeOf(x, depth + 1)));
    }
  }
  return { keys, more: depth < MAX_DEPTH ? Math.max(0, all.length - MAX_KEYS) : all.length };
}

function lines(s: Shape, indent: string, out: string[]): string {
  if (typeof s === 'string') return s;
  if ('n' in s) {
    if (s.of === undefined) return `list (${s.n})`;
    return `list (${s.n}) of ${lines(s.of, indent, out)}`;
  }
  if (!s.keys.size) return s.more ? `object (${s.more} keys)` : 'object (empty)';
  for (const [k, x] of s.keys) {
    if (out.length >= MAX_LINES) break;
    const line = out.length;
    out.push('');
    out[line] = `${indent}${k}: ${lines(x, `${indent}  `, out)}`;
  }
  if (s.more) out.push(`${indent}… ${s.more} more keys`);
  // Its members are the lines below.
  return 'object';
}

/**
 * The answer's keys and the type of each value (string, time, number, boolean, null, object,
 * list and its length), one member a line, indented by depth; never a value. A key that looks like
 * a value (an id used as a key) is shown as "(key)". At most 6 levels, 40 keys an object, the
 * first 20 items of a list (their shapes merged), 300 lines.
 */
export function describeShape(body: unknown): string {
  const out: string[] = [];
  const top = lines(shapeOf(body, 0), '  ', out);
  return [top, ...out.slice(0, MAX_LINES), ...(out.length > MAX_LINES ? ['  …'] : [])].join('\n');
}

/** What opens the shape in an error's technical detail (components/shared/error-details.tsx splits there). */
export const SHAPE_MARK = "\n\nThe answer's shape (";

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
