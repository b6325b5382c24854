// Key spelling, folded once per body (issue 29): snake_case, camelCase, PascalCase, kebab-case and
// SCREAMING_CASE of the same words are one key. A body is copied once with its keys folded
// (bounded in depth and size); readers then ask for each field once, in the spec's spelling, and
// the few words the service may write with another word of the same meaning (WORD_SYNONYMS) are
// tried for them. The original keys stay known, for what is data rather than a name (a map of
// field names, the keys of custom_messages) and for the paths an error names.

/** An object of a body whose keys are folded. */
export type Node = Record<string, unknown>;

/** How much of a body is kept in its folded copy: deeper values, further items and longer keys are not read. */
const COPY_LIMITS = { depth: 12, items: 1000, keys: 500 };

/** The longest key read: a longer one is no field name, and is dropped from the copy (issue 37). */
const KEY_MAX = 100;

/** `spell` remembered for the last few thousand keys: a body's records repeat their keys, and each spelling runs several patterns. */
export function remembered(spell: (key: string) => string): (key: string) => string {
  const known = new Map<string, string>();
  return (key) => {
    let out = known.get(key);
    if (out === undefined) {
      if (known.size > 5000) known.clear();
      known.set(key, (out = spell(key)));
    }
    return out;
  };
}

/** The folded key: letters and digits only, in lower case (`hasTouchpointEmail` → `hastouchpointemail`). */
export const fold = remembered((key) =>
  key
    .slice(0, KEY_MAX)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase(),
);

/**
 * The key written with `_` between its words, lower case: `createdAt`, `CREATED_AT`, `created-at` →
 * `created_at`; numbers are words (`last30Days` → `last_30_days`).
 */
// Each pattern looks at most two characters ahead: linear in the key (cut at KEY_MAX anyway).
export const snake = remembered((key) =>
  key
    .slice(0, KEY_MAX)
    .replace(/(\p{Lu})(?=\p{Lu}\p{Ll})/gu, '$1_')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, (_, a, b, c, d) => (a ? `${a}_${b}` : `${c}_${d}`))
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase(),
);

/**
 * Words of the spec the service may write with another word of the same meaning: the spec itself
 * says `campaign` for `agent` (its aliases) and `lead` or `prospect` for `contact`, and writes
 * `network` where the service writes the network's name. The one table of word synonyms.
 */
const WORD_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  agent: ['campaign'],
  agents: ['campaigns'],
  contact: ['lead', 'prospect'],
  contacts: ['leads', 'prospects'],
  network: ['linkedin'],
};

const VARIANTS = new Map<string, readonly string[]>();

/** The folded keys a field named in the spec's spelling (`agent_id`) may be written as (`campaignId`…). */
export function variants(name: string): readonly string[] {
  let found = VARIANTS.get(name);
  if (!found) {
    let spellings = [''];
    for (const word of name.split('_')) {
      const words = [word, ...(WORD_SYNONYMS[word] ?? [])];
      spellings = spellings.flatMap((s) => words.map((w) => s + w));
    }
    found = [...new Set(spellings.map(fold))];
    VARIANTS.set(name, found);
  }
  return found;
}

/**
 * Each folded object's keys as the service wrote them, in order, each key once (the first of two
 * spellings of it, the one read), under a symbol: hidden from
 * Object.keys and JSON, shared by records of one shape (a WeakMap entry per object cost a third of
 * the reading time of a page, `npm run bench`).
 */
const WRITTEN: unique symbol = Symbol('keys as written');
type Folded = Node & { [WRITTEN]?: string[] };
const COPIES = new WeakMap<object, unknown>();

export const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const isFolded = (v: object): v is Folded => WRITTEN in v;

function copyOf(v: unknown, depth: number): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (isFolded(v)) return v;
  if (depth >= COPY_LIMITS.depth) return undefined;
  // Holes read as undefined, as a loop over the indexes reads them.
  if (Array.isArray(v)) return Array.from(v.slice(0, COPY_LIMITS.items), (x) => copyOf(x, depth + 1));
  // A plain object (not a null-prototype one, which V8 keeps as a slow dictionary): a key the
  // prototype has (`constructor`) is still an own key, and readers' picks refuse functions.
  const out: Folded = {};
  // The keys kept are written over the list of all of them: one list per object of a body of 1 MB.
  const written = Object.keys(v);
  out[WRITTEN] = written;
  if (written.length > COPY_LIMITS.keys) written.length = COPY_LIMITS.keys;
  let kept = 0;
  for (const key of written) {
    if (key.length > KEY_MAX) continue;
    const folded = fold(key);
    // Two spellings of one key: the first written is read, and is the one kept.
    if (Object.hasOwn(out, folded)) continue;
    out[folded] = copyOf((v as Record<string, unknown>)[key], depth + 1);
    written[kept++] = key;
  }
  written.length = kept;
  return out;
}

/** The body with its keys folded: made once per body, whoever asks (the client, then a reader). */
export function normalized(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || isFolded(body)) return body;
  let copy = COPIES.get(body);
  if (copy === undefined) {
    copy = copyOf(body, 0);
    COPIES.set(body, copy);
  }
  return copy;
}

/**
 * The record `outer` with the fields of `inner` it lacks (a wrapper's, a referenced record's): a new
 * folded object, the outer's keys first and winning (its id is kept).
 */
export function merged(outer: Node, inner: Node): Node {
  const out: Folded = {};
  const written: string[] = [];
  const add = (key: string, v: unknown) => {
    const folded = fold(key);
    if (!Object.hasOwn(out, folded)) {
      out[folded] = v;
      written.push(key);
    }
  };
  some(outer, add);
  some(inner, add);
  out[WRITTEN] = written;
  return out;
}

/** A folded object's entries under the keys the service wrote (a map of names is data, not spelling). */
export function entries(o: Node): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  some(o, (key, v) => {
    out.push([key, v]);
  });
  return out;
}

/** Whether `f` says true of an entry of `o`, asked of each in turn as `entries` gives them (no list made: a walk of 1 MB asks thousands). */
export function some(o: Node, f: (key: string, v: unknown) => unknown): boolean {
  const written = (o as Folded)[WRITTEN];
  for (const key of written ?? Object.keys(o)) if (f(key, written ? o[fold(key)] : o[key]) === true) return true;
  return false;
}

/** What `pick` gives for the one entry of `o` it gives a value for: undefined when none does, or several (a field told by its value). */
export function theOneOf<T>(o: Node, pick: (key: string, v: unknown) => T | undefined): T | undefined {
  let found: T | undefined;
  // A second one: none is the one.
  return some(o, (key, v) => {
    const x = pick(key, v);
    if (x === undefined) return;
    if (found !== undefined) return true;
    found = x;
  })
    ? undefined
    : found;
}

/** The value of the first of `names` (each with its spellings) that `pick` accepts. */
export function first<T>(o: Node, names: readonly string[], pick: (v: unknown) => T | undefined): T | undefined {
  for (const name of names) {
    for (const key of variants(name)) {
      const v = pick(o[key]);
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

/** Whether any of `names` is written in `o`, with a value (null counts as none). */
export const has = (o: Node, names: readonly string[]): boolean => first(o, names, (v) => (v === undefined || v === null ? undefined : true)) ?? false;

/** The first object among `o[names]`. */
export const nested = (o: Node, names: readonly string[]): Node | undefined => first(o, names, (v) => (isNode(v) ? v : undefined));
