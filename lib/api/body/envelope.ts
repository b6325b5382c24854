// The envelope and the record list, found by structure (issue 29): the success indicator where the
// usual words put it; the payload under `data`, `result`, `results`, `payload` or `response`, or
// the body itself; a list operation's records in the array of objects, reached from the payload
// through at most two objects, whose records carry the fields the operation expects, whatever its
// key (`edges[].node` included); a single answer's record in the payload or one or two objects
// down. What cannot be placed is an UnreadableError naming the operation and where reading stopped.
import { bool, code, id } from './values';
import { entries, first, fold, has, isNode, normalized, type Node } from './fold';
import { UnreadableError } from './unreadable';

/** What an operation's records are. */
export interface Expect {
  /** The operation's name in the table (lib/api/operations.ts), for the error's details. */
  op: string;
  /** Its records, in the error's words ("contacts"). */
  what: string;
  /** The record's identifier, in the spec's spelling with its true synonyms. */
  ids: readonly string[];
  /** Fields its records carry beyond the id: the list is the array whose records carry them. */
  fields: readonly string[];
}

const SUCCESS_WORDS = new Set(['success', 'ok', 'succeeded']);
const FAILURE_WORDS = new Set(['error', 'fail']);
const ENVELOPE = ['data', 'result', 'results', 'payload', 'response'].map(fold);

/** The success indicator: true, false, or undefined when the body has none. */
export function readSuccess(body: unknown): boolean | undefined {
  const root = normalized(body);
  if (!isNode(root)) return undefined;
  for (const key of ['success', 'ok']) {
    const b = bool(root[key]);
    if (b !== undefined) return b;
  }
  // A top-level `status` is an indicator only with these words: an action's own status ("failed",
  // "sent") may also stand at the top of a mark's answer.
  const status = code(root.status);
  if (status && SUCCESS_WORDS.has(status)) return true;
  if (status && FAILURE_WORDS.has(status)) return false;
  if (bool(root.error) === true) return false;
  return undefined;
}

/** The payload and its path: under an envelope word, else the body itself. */
export function payloadOf(root: unknown): { value: unknown; path: string } {
  if (isNode(root)) {
    for (const [key, v] of entries(root)) {
      if (ENVELOPE.includes(fold(key)) && (isNode(v) || Array.isArray(v))) return { value: v, path: `$.${key}` };
    }
  }
  return { value: root, path: '$' };
}

interface Candidate {
  list: unknown[];
  path: string;
}

/** Every array reached from `v` through at most `objects` objects, in breadth-first order. */
function arraysIn(v: unknown, path: string, objects: number): Candidate[] {
  const out: Candidate[] = [];
  let level: Array<{ v: unknown; path: string }> = [{ v, path }];
  for (let passed = 0; level.length && passed <= objects; passed++) {
    const next: typeof level = [];
    for (const at of level) {
      if (Array.isArray(at.v)) out.push(edgesOrList(at.v, at.path));
      else if (isNode(at.v) && passed < objects) for (const [key, child] of entries(at.v)) next.push({ v: child, path: `${at.path}.${key}` });
    }
    level = next;
  }
  return out;
}

/** `edges: [{node, cursor}]` (a connection) is the list of its nodes. */
function edgesOrList(list: unknown[], path: string): Candidate {
  const edges = list.length > 0 && list.every((e) => isNode(e) && isNode(e.node));
  return edges ? { list: list.map((e) => (e as Node).node), path: `${path}[].node` } : { list, path };
}

const hasId = (o: Node, x: Expect): boolean => first(o, x.ids, id) !== undefined;

/**
 * The records of a list operation's answer. The body itself when it is the list; else the array,
 * reached from the payload through at most two objects (from the body when the payload has none),
 * with the most records carrying an id and one of the expected fields. Only empty arrays: an empty
 * list. Arrays whose records carry none of those fields, or none at all: an UnreadableError.
 */
export function recordList(body: unknown, x: Expect): unknown[] {
  const root = normalized(body);
  if (!isNode(root) && !Array.isArray(root)) throw new UnreadableError(x.op, '$', 'the answer is not JSON of a known shape');
  const payload = payloadOf(root);
  const seen = new Set<unknown[]>();
  const candidates = [...arraysIn(payload.value, payload.path, 2), ...(payload.value === root ? [] : arraysIn(root, '$', 2))].filter((c) => {
    const fresh = !seen.has(c.list);
    seen.add(c.list);
    return fresh;
  });
  let best: { c: Candidate; full: number; marked: number } | undefined;
  for (const c of candidates) {
    let full = 0;
    let marked = 0;
    for (const item of c.list) {
      if (!isNode(item) || !has(item, x.fields)) continue;
      marked++;
      if (hasId(item, x)) full++;
    }
    if (marked && (!best || full > best.full || (full === best.full && marked > best.marked))) best = { c, full, marked };
  }
  if (best) return best.c.list;
  const empty = candidates.find((c) => c.list.length === 0);
  if (empty && candidates.every((c) => c.list.length === 0 || !c.list.some(isNode))) return empty.list;
  const seenPaths = candidates.filter((c) => c.list.some(isNode)).map((c) => c.path);
  const where = seenPaths.length ? `; the arrays at ${seenPaths.slice(0, 3).join(', ')} hold records without them` : '';
  throw new UnreadableError(x.op, payload.path, `No list of ${x.what} found: no array of records carrying ${x.fields.slice(0, 4).join(', ')}…${where}`);
}

/**
 * The object a single answer is about: the payload, or the first object one or two levels below it
 * that carries one of `fields` (a record under `data.contact`, `result.letter`…); the payload when
 * none does. Undefined when the body is not an object.
 */
export function recordOf(body: unknown, fields: readonly string[]): Node | undefined {
  const root = normalized(body);
  if (!isNode(root)) return undefined;
  const { value } = payloadOf(root);
  const top = isNode(value) ? value : root;
  return nodesIn(top, 2).find((o) => has(o, fields)) ?? top;
}

/** `o` and the objects below it, `depth` levels down (not inside arrays), breadth first. */
export function nodesIn(o: Node, depth: number): Node[] {
  const out = [o];
  for (let i = 0, level = 0, end = 1; i < out.length && level < depth; level++, end = out.length) {
    for (; i < end; i++) for (const [, child] of entries(out[i]!)) if (isNode(child)) out.push(child);
  }
  return out;
}
