// The envelope and the record list, found by structure (issue 29): the success indicator where the
// usual words put it; the payload under `data`, `result`, `results`, `payload` or `response`, or
// the body itself; a list operation's records in the array of objects, reached from the payload
// through at most two objects, whose records carry the fields the operation expects, whatever its
// key (`edges[].node` included); a single answer's record in the payload or one or two objects
// down. What cannot be placed is an UnreadableError naming the operation and where reading stopped.
// Near 300 lines: a list's records and a single record are prepared by the same steps
// (the wrapper merged, related records resolved from beside the list); split, they would drift apart.
// A reference is followed at most REF_DEPTH records down, each record it names prepared once per
// depth and reading: JSON:API lets `included` point back at the list, and records that name each
// other twice a level doubled the work at each level (issue 49: a 3 KB answer took 6 s).
import { bool, code, id, resource, time } from './values';
import { entries, first, fold, has, isNode, merged, normalized, some, type Node } from './fold';
import { shownAs } from './shown';
import { UnreadableError } from './unreadable';
import { isRefKey, linkedRefs, namesRelated, selfLinkId } from './identity';

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
  /** Where no word of `fields` is found: what the values of one of its records look like (an address and a sentence). */
  fits?: (record: Node) => boolean;
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

/** The payload and its path: under an envelope word (a name, shown as written), else the body itself. */
export function payloadOf(root: unknown): { value: unknown; path: string } {
  if (isNode(root)) {
    for (const [key, v] of entries(root)) {
      if (ENVELOPE.includes(fold(key)) && (isNode(v) || Array.isArray(v))) return { value: v, path: `$.${key}` };
    }
  }
  return { value: root, path: '$' };
}

// ---- a record's fields and related records, found by structure (issue 37) ----

/** Keys of a record that hold related records (a person, an agent), never its own fields' wrapper. */
const RELATED = ['contact', 'person', 'profile', 'attendee', 'recipient', 'agent', 'user', 'owner'];
/** Keys beside a record's id that say nothing of its fields (JSON:API's `type`, `links`, `meta`). */
const BESIDE = new Set(['type', 'links', 'meta', 'lid', 'relationships', 'cursor']);

const REF_DEPTH = 3;

/** What one reading knows of the related records given once beside the list. */
interface Beside {
  /** The records, by `type|id` and by id alone. */
  by: Map<string, Node>;
  /** What each reference read names (SEVERAL for none): a record's references are read at each depth. */
  named: Map<Node, Node>;
  /** Each one a reference named, as prepared at each depth. */
  made: Array<Map<Node, Node>>;
  /** Those being prepared: one that names itself, or a record naming it, is not followed again. */
  open: Set<Node>;
}

/** Whether every key of `o` is `word` or says nothing of a record's fields (read without a list of keys: every reference is asked). */
function only(o: Node, word: string): boolean {
  for (const k in o) if (k !== word && !BESIDE.has(k)) return false;
  return true;
}

/** A reference to a record given elsewhere: `{type, id}` and nothing of its own. */
const isRef = (v: unknown): boolean => isNode(v) && typeof v.type === 'string' && id(v.id) !== undefined && only(v, 'id');

/** What a reference names when no record given carries its id, or several do (an id alone): none. */
const SEVERAL: Node = {};

/** Every record carrying a type and an id in `lists`: those a reference may name. */
function besideOf(lists: unknown[][]): Beside {
  const out = new Map<string, Node>();
  for (const list of lists) {
    for (const o of list) {
      if (!isNode(o) || typeof o.type !== 'string' || isRef(o)) continue;
      const key = id(o.id);
      if (key === undefined) continue;
      out.set(`${o.type}|${key}`, o);
      out.set(key, out.has(key) ? SEVERAL : o);
    }
  }
  return { by: out, named: new Map(), made: [], open: new Set() };
}

/**
 * A record without an id whose `name` is a resource name (`users/5/emails/9`, Google AIP): its id
 * is the name's last segment, and that name is no name.
 */
function named(o: Node): Node {
  if (first(o, ['id'], id) !== undefined) return o;
  const r = resource(o.name);
  if (r) return merged({ id: r.id, name: undefined }, o);
  // HAL (Spring Data REST): the record's id only in its self link, its related records as links.
  const self = selfLinkId(o);
  return self === undefined ? o : merged({ id: self, ...linkedRefs(o) }, o);
}

/** A record whose only content beside its id is one object (`{id, type, attributes}`): that object's fields merged in. */
function lone(record: Node): Node {
  const o = named(record);
  let inner: Node | undefined;
  for (const [key, v] of entries(o)) {
    const k = fold(key);
    if (BESIDE.has(k) || k === 'id' || v === null) continue;
    if (!isNode(v) || inner || time(v) !== undefined) return o;
    inner = v;
  }
  return inner && first(o, ['id'], id) !== undefined ? merged(o, inner) : o;
}

/**
 * A reference (or `{data: reference}`, or a list of them) in a record `depth` references down,
 * replaced by the record it names, when given, above REF_DEPTH and not being prepared.
 */
function resolved(v: unknown, beside: Beside, depth: number): unknown {
  if (Array.isArray(v)) {
    const out = v.map((x) => resolved(x, beside, depth));
    return out.some((x, i) => x !== v[i]) ? out : v;
  }
  if (!isNode(v)) return v;
  let found = beside.named.get(v);
  if (!found && isRef(v)) beside.named.set(v, (found = beside.by.get(`${String(v.type)}|${id(v.id)}`) ?? beside.by.get(id(v.id) ?? '') ?? SEVERAL));
  if (found) {
    if (found === SEVERAL || depth >= REF_DEPTH || beside.open.has(found)) return v;
    const made = (beside.made[depth] ??= new Map());
    let record = made.get(found);
    if (!record) {
      beside.open.add(found);
      made.set(found, (record = prepared(found, [], beside, depth + 1)));
      beside.open.delete(found);
    }
    return record;
  }
  return holds(v) ? resolved(v.data, beside, depth) : lone(v);
}

/** Whether `v` is only `{data}` holding references (a JSON:API relationship): it stands for what it holds. */
const holds = (v: Node): boolean => (isRef(v.data) || Array.isArray(v.data)) && only(v, 'data');

/**
 * A record as the readers read it: its fields' wrapper merged in (an object member, not a related
 * record, carrying at least two of `fields` while the record itself carries fewer; or its only
 * object), outer id kept; its references replaced by the records they name, a holder of references
 * (`relationships`) lifted to the record; related records with a wrapper of their own unwrapped.
 */
function prepared(o: Node, fields: readonly string[], beside: Beside, depth = 0): Node {
  const own = named(o);
  let record = lone(own);
  if (!depth && record === own && count(own, fields) < 2) {
    let best: { v: Node; n: number } | undefined;
    for (const [key, v] of entries(own)) {
      if (!isNode(v) || has({ [fold(key)]: true }, RELATED)) continue;
      const n = count(v, fields);
      if (n >= 2 && (!best || n > best.n)) best = { v, n };
    }
    if (best) record = merged(own, best.v);
  }
  const lifted: Node = {};
  some(record, (key, v) => {
    const r = resolved(v, beside, depth);
    // A resource name of a collection named for its key (`agent: "agents/7"`) is a reference.
    const ref = resource(v);
    if (ref && fold(ref.of).startsWith(fold(key))) lifted[key] = { id: ref.id };
    else if (r !== v) lifted[key] = r;
    else if (isNode(v) && !isRef(v)) {
      const inner = entries(v);
      const refs = inner.map(([, x]) => resolved(x, beside, depth));
      if (inner.length && refs.every((x, i) => x !== inner[i]![1]))
        inner.forEach(([k], i) => {
          lifted[k] ??= refs[i];
        });
    }
  });
  return Object.keys(lifted).length ? merged(lifted, record) : record;
}

/** How many of `fields` `o` carries, counted up to two (all the rules ask). */
function count(o: Node, fields: readonly string[]): number {
  let n = 0;
  for (const f of fields) if (has(o, [f]) && ++n === 2) break;
  return n;
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
      else if (isNode(at.v) && passed < objects) {
        // A path is shown in an error's details: a key that looks like a value is not (shown.ts).
        const children = entries(at.v);
        const keys = shownAs(children.map(([key]) => key));
        next.push(...children.map(([, child], i) => ({ v: child, path: `${at.path}.${keys[i]}` })));
      }
    }
    level = next;
  }
  return out;
}

/** `edges: [{node, cursor}]` (a connection) is the list of its nodes. */
function edgesOrList(list: unknown[], path: string): Candidate {
  // An item with an id of its own beside `node` is a record whose fields are wrapped (issue 37).
  const edges = list.length > 0 && list.every((e) => isNode(e) && isNode(e.node) && only(e, 'node'));
  if (edges) return { list: list.map((e) => (e as Node).node), path: `${path}[].node` };
  // The same in words of its own (issue 49): each item one object and at most one value (its cursor), no id.
  const nodes = list.length > 0 ? list.map(edgeNode) : [];
  return nodes.length && nodes.every((n) => n !== undefined) ? { list: nodes, path: `${path}[].*` } : { list, path };
}

/** The one object of an item without an id beside at most one plain value: an edge's node. */
function edgeNode(e: unknown): Node | undefined {
  if (!isNode(e) || first(e, ['id'], id) !== undefined) return undefined;
  const members = entries(e);
  const objects = members.filter(([, v]) => isNode(v));
  // Its plain value is a cursor: never an id or a reference (`lead_id` beside a record's fields).
  const plain = members.every(([k, v]) => isNode(v) || (typeof v === 'string' && !/id$/.test(fold(k)) && !namesRelated(fold(k))));
  return objects.length === 1 && members.length <= 2 && plain ? (objects[0]![1] as Node) : undefined;
}

/** The `type|id` of every reference the items of `lists` hold (at a member, or under its `data`). */
function referencedIn(lists: unknown[][]): Set<string> {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (isRef(v)) out.add(`${String((v as Node).type)}|${id((v as Node).id)}`);
    else if (Array.isArray(v)) v.slice(0, 100).forEach(add);
    else if (isNode(v) && (isRef(v.data) || Array.isArray(v.data))) add(v.data);
  };
  for (const list of lists)
    for (const item of list) {
      if (!isNode(item)) continue;
      // The item's members and its objects' (`relationships`, `attributes`).
      const scan = (node: Node) =>
        some(node, (key, v) => {
          add(v);
          // A bare id under a key naming what it points to (`agent_id`, `lead`): a reference too.
          if ((typeof v === 'string' || typeof v === 'number') && isRefKey(fold(key))) out.add(`*|${id(v)}`);
        });
      scan(item);
      some(item, (_, v) => isNode(v) && scan(v));
    }
  return out;
}

/** Whether every item of `list` is a typed record others reference: the related records beside a list (`included`), not it. */
const isBeside = (list: unknown[], referenced: Set<string>): boolean =>
  list.length > 0 && list.every((o) => isNode(o) && typeof o.type === 'string' && (referenced.has(`${o.type}|${id(o.id)}`) || referenced.has(`*|${id(o.id)}`)));

const hasId = (o: Node, x: Expect): boolean => first(o, x.ids, id) !== undefined;

/**
 * The records of a list operation's answer. The body itself when it is the list; else the array,
 * reached from the payload through at most two objects (from the body when the payload has none),
 * with the most records carrying an id and one of the expected fields. Only empty arrays, one of
 * them in the payload: an empty list. Arrays whose records carry none of those fields, or none at
 * all: an UnreadableError.
 */
export function recordList(body: unknown, x: Expect): unknown[] {
  const root = normalized(body);
  if (!isNode(root) && !Array.isArray(root)) throw new UnreadableError(x.op, '$', 'the answer is not JSON of a known shape');
  const payload = payloadOf(root);
  const seen = new Set<unknown[]>();
  // No envelope word found (a service whose words are its own): one object more may stand around the list.
  const own = arraysIn(payload.value, payload.path, payload.value === root ? 3 : 2);
  const candidates = [...own, ...(payload.value === root ? [] : arraysIn(root, '$', 2))].filter((c) => {
    const fresh = !seen.has(c.list);
    seen.add(c.list);
    return fresh;
  });
  const beside = besideOf(candidates.map((c) => c.list));
  const referenced = referencedIn(candidates.map((c) => c.list));
  const related = new Set(candidates.filter((c) => isBeside(c.list, referenced)));
  // Related records are the list only when nothing else can be: only then are they prepared (a
  // thousand records of an `included`, each naming twenty, were prepared to be thrown away).
  const lists = candidates.length === related.size ? candidates : candidates.filter((c) => !related.has(c));
  for (const c of lists) c.list = c.list.map((item) => (isNode(item) ? prepared(item, x.fields, beside) : item));
  let best: { c: Candidate; full: number; marked: number } | undefined;
  for (const c of lists) {
    let full = 0;
    let marked = 0;
    for (const item of c.list) {
      if (!isNode(item) || !(has(item, x.fields) || x.fits?.(item))) continue;
      marked++;
      if (hasId(item, x)) full++;
    }
    if (marked && (!best || full > best.full || (full === best.full && marked > best.marked))) best = { c, full, marked };
  }
  if (best) return best.c.list;
  // An empty array beside an envelope whose payload holds none (`warnings: []`) is not the list.
  const empty = own.find((c) => c.list.length === 0);
  if (empty && candidates.every((c) => c.list.length === 0 || !c.list.some(isNode))) return empty.list;
  const seenPaths = candidates.filter((c) => c.list.some(isNode)).map((c) => c.path);
  const where = seenPaths.length ? `; the arrays at ${seenPaths.slice(0, 3).join(', ')} hold records without them` : '';
  throw new UnreadableError(x.op, payload.path, `No list of ${x.what} found: no array of records carrying ${x.fields.slice(0, 4).join(', ')}…${where}`, x.what);
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
  const beside = besideOf(arraysIn(root, '$', 1).map((c) => c.list));
  const top = prepared(isNode(value) ? value : root, fields, beside);
  for (const o of nodesIn(top, 2)) {
    const record = o === top ? o : prepared(o, fields, beside);
    if (has(record, fields)) return record;
  }
  return top;
}

/** `o` and the objects below it, `depth` levels down (not inside arrays), breadth first. */
export function nodesIn(o: Node, depth: number): Node[] {
  const out = [o];
  for (let i = 0, level = 0, end = 1; i < out.length && level < depth; level++, end = out.length) {
    for (; i < end; i++)
      some(out[i]!, (_, child) => {
        if (isNode(child)) out.push(child);
      });
  }
  return out;
}
