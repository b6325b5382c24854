// The token draw of the random shape (issue 49): an answer in which words tell nothing. Faults
// `{"shape": "random", "seed": 7, "tokens": true}`, or `SANDBOX_SHAPE=tokens`. On top of the random
// shape's draws (envelope, list key, wrappers, edges, paging, record wrapper, indicator, times,
// booleans: random-shape.ts; its key case and family words mean nothing once keys are tokens, and
// its name and parts layouts are not drawn), every key the spec does not name (spec-fields.ts) is a token drawn
// from the seed and the word (`k7fq2x`), at every depth: envelope, paging and list keys, wrappers,
// the records' own fields. What stays: the spec's words, the keys of data maps, a record's `id`,
// and references, which keep a word for what they point to: `agent`, or the route's person word
// (`lead`, `contact`, `prospect`, `person`), written per route as a bare id (`lead`, `lead_id`,
// `leadId`), an object with its id, or `{type, id}` resolved through a top-level array of included
// records. Included people (or embedded ones) point back at the records that reference them, so
// the answer has cycles. Ids are the sandbox's prefixed strings or numbers (numeric-ids.ts), per
// route; a record whose id is its person's (op 9's drafts) has no id of its own, and on routes that
// are only read a record with a person sometimes has none.
import { isRow, toResources, type Resource, type Row } from './conventions/resources';
import { numericId } from './numeric-ids';
import type { Faults } from './faults';
import { type DrawnShape, drawShape, generator, hash, paging, randomErrorShape, randomShape, spell } from './random-shape';
import { ALL_SPEC_WORDS, DATA_KEYED, PERSON_WORDS, SPEC_ERROR_FIELDS, SPEC_FIELDS, SPEC_TOP_FIELDS } from './spec-fields';

export const REFERENCE_FORMS = ['bare', 'object', 'typed'] as const;
export const ID_SUFFIXES = ['', '_id', 'Id'] as const;

/** What the token draw adds, per route, to the random shape's draws. */
export interface TokenDraws {
  ids: 'prefixed' | 'numeric';
  reference: (typeof REFERENCE_FORMS)[number];
  personWord: (typeof PERSON_WORDS)[number];
  /** A bare reference's key: the word alone or with an id suffix. */
  suffix: (typeof ID_SUFFIXES)[number];
  /** On routes only read, records with a person carry no id of their own. */
  omitIds: boolean;
  backReferences: boolean;
}

/** Routes whose records the client only reads, so a record known by its person needs no id. */
const ONLY_READ = new Set(['listEmails', 'listLetters', 'calendarEvents', 'agentReflexes']);

export function drawTokens(seed: number, route: string): TokenDraws {
  const random = generator((seed ^ hash(`tokens:${route}`)) >>> 0);
  const pick = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)]!;
  return {
    ids: random() < 0.5 ? 'prefixed' : 'numeric',
    reference: pick(REFERENCE_FORMS),
    personWord: pick(PERSON_WORDS),
    suffix: pick(ID_SUFFIXES),
    omitIds: random() < 0.5,
    backReferences: random() < 0.6,
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const tokens = new Map<string, string>();

/** A word's token: a letter and five letters or digits, the same for the same seed and word, never a spec word. */
export function token(seed: number, word: string): string {
  const known = tokens.get(`${seed}:${word}`);
  if (known) return known;
  for (let salt = 0; ; salt++) {
    const h = hash(`${seed}:${word}:${salt}`) >>> 0;
    const rest = (hash(`${h}:${salt}`) >>> 0).toString(36).padStart(5, '0').slice(-5);
    const out = `${LETTERS[h % 26]}${rest}`;
    if (!ALL_SPEC_WORDS.has(out)) {
      tokens.set(`${seed}:${word}`, out);
      return out;
    }
  }
}

interface Context {
  draws: TokenDraws;
  shape: DrawnShape;
  k: (word: string) => string;
  /** Records given once beside the answer, by `word/id`. */
  included: Map<string, Row>;
}

const idIn = (ctx: Context, id: string): string | number => (ctx.draws.ids === 'numeric' ? numericId(id) : id);
const resource = (type: string, id: string): Resource => ({ type, id, attrs: {}, rels: {} });

/** Keys as tokens, deep, but the named ones, data maps' keys, and the ids of agents and people (as references). */
function fields(ctx: Context, value: unknown, named: readonly string[], key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => fields(ctx, v, named));
  if (!isRow(value) || DATA_KEYED.has(key)) return value;
  const out: Row = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'agent_id' && typeof v === 'string') Object.assign(out, reference(ctx, 'agent', resource('agents', v)));
    else if (k === 'lead_id' && typeof v === 'string') Object.assign(out, reference(ctx, ctx.draws.personWord, resource('contacts', v)));
    else out[named.includes(k) ? k : ctx.k(k)] = fields(ctx, v, named, k);
  }
  return out;
}

/** A back-reference from a person to a record that points at it. */
interface Back {
  key: string;
  ref: Row;
}

/** A record's agent or person, in the route's form; its data in the object or given once in `included`. */
function reference(ctx: Context, word: string, target: Resource, back?: Back): Row {
  const id = idIn(ctx, target.id);
  const data = fields(ctx, target.attrs, SPEC_FIELDS[target.type] ?? []) as Row;
  if (ctx.draws.reference === 'object') return { [word]: { id, ...data, ...(back ? { [back.key]: back.ref } : {}) } };
  const at = `${word}/${target.id}`;
  const known = ctx.included.get(at);
  if (ctx.draws.reference === 'typed' || known || Object.keys(data).length || back) {
    const merged: Row = { type: word, id, ...known, ...data };
    if (back) merged[back.key] = [...((known?.[back.key] as Row[] | undefined) ?? []), back.ref];
    ctx.included.set(at, merged);
  }
  if (ctx.draws.reference === 'typed') return { [word]: { type: word, id } };
  const suffix = ctx.draws.suffix;
  return { [suffix === '' ? word : `${word}${suffix}`]: id };
}

/** One record: its own fields as tokens (the spec's named), its id, its references and its parts. */
function record(ctx: Context, r: Resource, onlyRead: boolean): Row {
  const person = r.rels.contact;
  const known = person && !Array.isArray(person) ? person : undefined;
  const attrs: Row = { ...r.attrs };
  const rels = { ...r.rels };
  if (r.type === 'letters' && known && 'identifier' in known.attrs) {
    const { identifier, ...rest } = known.attrs;
    attrs.lead_identifier = identifier;
    rels.contact = { ...known, attrs: rest };
  }
  // A singleton (the week's figures) has no id; a record whose id is its person's carries only the person's.
  const ownId = r.type !== 'weeklyStats' && !(known && known.id === r.id) && !(onlyRead && known && ctx.draws.omitIds);
  const out: Row = ownId ? { id: idIn(ctx, r.id) } : {};
  Object.assign(out, fields(ctx, attrs, SPEC_FIELDS[r.type] ?? []));
  const back = ownId && ctx.draws.backReferences ? { key: ctx.k(`back:${r.type}`), ref: { type: ctx.k(`type:${r.type}`), id: out.id } } : undefined;
  for (const [k, v] of Object.entries(rels)) {
    if (Array.isArray(v)) out[ctx.k(k)] = v.map((x) => record(ctx, x, onlyRead));
    else if (k === 'targeting') out.agent_targeting = v ? record(ctx, v, false) : null;
    else if (v && v.type === 'agents') Object.assign(out, reference(ctx, 'agent', v));
    else if (v && v.type === 'contacts') Object.assign(out, reference(ctx, ctx.draws.personWord, v, back));
    else if (v) out[ctx.k(k)] = record(ctx, v, onlyRead);
  }
  return out;
}

/** The record's fields one token object down, beside its id, when the shape says so. */
function wrapped(ctx: Context, r: Row): Row {
  const key = ctx.shape.extra?.recordWrapper;
  if (!key || !('id' in r)) return r;
  const { id, ...rest } = r;
  return { id, [ctx.k(key)]: rest };
}

function contextFor(seed: number, route: string): Context {
  return { draws: drawTokens(seed, route), shape: drawShape(seed, route), k: (word) => token(seed, word), included: new Map() };
}

/** Times and booleans as the route's shape spells them; a time written `{date, time}` gets tokens for its two words too. */
function spelt(ctx: Context, top: Row): unknown {
  const written = spell(top, { ...ctx.shape, keyCase: 'snake', numbersAsText: false });
  if (ctx.shape.time !== 'date-time') return written;
  const retoken = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => retoken(x));
    if (!isRow(v) || key === 'metadata') return v;
    const pair = Object.keys(v).length === 2 && 'date' in v && 'time' in v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [pair ? ctx.k(k) : k, pair ? x : retoken(x, k)]));
  };
  return retoken(written);
}

/** A successful answer `{success, data, meta?, …}` in the route's token draw. */
function tokenAnswer(route: string, body: unknown, seed: number): unknown {
  const ctx = contextFor(seed, route);
  const neutral = toResources(route, body);
  if (!neutral || !isRow(body)) return fields(ctx, body, SPEC_TOP_FIELDS);
  const { shape, k } = ctx;
  const extras = fields(ctx, neutral.extra, SPEC_TOP_FIELDS) as Row;
  const indicator: Row = shape.extra?.noIndicator ? {} : shape.indicator === 'status' ? { [k('status')]: 'success' } : { [k(shape.indicator)]: true };
  let top: Row;
  if (neutral.kind === 'list') {
    const records = neutral.items.map((r) => wrapped(ctx, record(ctx, r, ONLY_READ.has(route))));
    const items = shape.edges ? records.map((node, i) => ({ [k('node')]: node, [k('cursor')]: `e${i}` })) : records;
    const meta = isRow(body.meta) ? body.meta : undefined;
    const pages: Row = meta ? { [k(shape.pagingKey)]: fields(ctx, 'last_page' in meta ? paging(meta, shape) : meta, []) } : {};
    const alone = shape.listKey === null && shape.envelope !== 'none' && !shape.wrapper && !shape.pagingInPayload;
    const inner: unknown = alone ? items : { [k(shape.listKey ?? 'items')]: items, ...(shape.pagingInPayload ? pages : {}) };
    const payload = shape.wrapper && !alone ? { [k(shape.wrapper)]: inner } : inner;
    const outside = shape.pagingInPayload && !alone ? {} : pages;
    top = shape.envelope === 'none' ? { ...(payload as Row), ...outside } : { [k(shape.envelope)]: payload, ...outside };
  } else {
    const one = wrapped(ctx, record(ctx, neutral.item, false));
    top = shape.envelope === 'none' ? one : { [k(shape.envelope)]: one };
  }
  if (ctx.included.size) top = { ...top, [k('included')]: [...ctx.included.values()] };
  return spelt(ctx, { ...indicator, ...top, ...extras });
}

/** An error answer: the spec's words for errors kept, every other key a token. */
function tokenError(route: string, body: unknown, seed: number): unknown {
  const ctx = contextFor(seed, route);
  return spelt(ctx, (isRow(body) ? fields(ctx, body, SPEC_ERROR_FIELDS) : body) as Row);
}

/** An answer of the `random` shape: the token draw when the faults ask for it, else the random shape (wide unless `classic`). */
export function randomAnswer(route: string, status: number, body: unknown, faults: Faults): unknown {
  const seed = faults.seed ?? 0;
  if (faults.tokens) return status < 300 ? tokenAnswer(route, body, seed) : tokenError(route, body, seed);
  return status < 300 ? randomShape(route, body, seed, !faults.classic) : randomErrorShape(route, body, seed, !faults.classic, status);
}
