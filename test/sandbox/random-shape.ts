// The sandbox answering in random shapes (issue 29): `SANDBOX_SHAPE=random` (and `SANDBOX_SEED`),
// or faults `{"shape": "random", "seed": 7}`. Each operation answers in a shape drawn, per route,
// from the seed, among the ones the reading rules of docs/api-assumptions.md say a service may use:
// key case, success indicator, envelope word, list key (edges[].node included) and an object more
// around it, pagination's holder and style, people's names (whole, in parts, under a sub-object),
// a record's parts one object down, time format, boolean and number spelling. The same seed draws
// the same shapes; the data is the sandbox's own, so what the extension shows must not change.
// Issue 37 adds `extra` (random-wide.ts): wrappers, related records embedded or referenced, family
// words, 0-based pages, no success indicator, error bodies of common forms; faults `classic: true`
// draws without it.
import { PERSON_KEYS, recordsIn, reshapeRecord } from './random-records';
import { drawWide, wideError, wideRecord, type WideDraws } from './random-wide';

type Row = Record<string, unknown>;

const pick = <T>(random: () => number, options: readonly T[]): T => options[Math.floor(random() * options.length)]!;

/** mulberry32: a small generator, the same numbers for the same seed. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const hash = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193), 0x811c9dc5);

/** `mixed`: each key in a case of its own (one service's endpoints written by several hands). */
export const KEY_CASES = ['snake', 'camel', 'pascal', 'kebab', 'screaming', 'mixed'] as const;
export const ENVELOPES = ['data', 'result', 'results', 'payload', 'response', 'none'] as const;
export const TIMES = ['iso', 'iso-offset', 'iso-local', 'sql', 'epoch-s', 'epoch-ms', 'date-time'] as const;
export const BOOLEANS = ['bool', 'int', 'yes-no', 'text'] as const;
export const PAGINGS = ['laravel', 'sized', 'more', 'link', 'cursor'] as const;
export const LIST_KEYS = [null, 'items', 'records', 'rows', 'nodes', 'entries', 'list', 'hits', 'collection_items'] as const;
export const WRAPPERS = ['page', 'collection', 'body'] as const;
export const PARTS_UNDER = ['draft', 'document', 'details'] as const;

/** One route's shape, drawn from the seed. */
export interface DrawnShape {
  keyCase: (typeof KEY_CASES)[number];
  indicator: 'success' | 'ok' | 'status';
  envelope: (typeof ENVELOPES)[number];
  /** The list's key in the payload; none: the payload is the list. */
  listKey: string | null;
  /** An object more between the payload and the list. */
  wrapper: string | null;
  edges: boolean;
  paging: (typeof PAGINGS)[number];
  pagingKey: 'meta' | 'paging' | 'page_info' | 'pagination';
  pagingInPayload: boolean;
  names: 'parts' | 'whole' | 'nested';
  personKey: 'lead' | 'contact' | 'prospect' | 'person' | 'profile';
  /** A record's parts (steps, blocks, executions) one object down, under this key. */
  partsUnder: string | null;
  time: (typeof TIMES)[number];
  booleans: (typeof BOOLEANS)[number];
  numbersAsText: boolean;
  /** Issue 37's draws; absent: the shapes of issue 29 only. */
  extra?: WideDraws;
}

export function drawShape(seed: number, route: string, wide = true): DrawnShape {
  const random = generator(seed ^ hash(route));
  const classic: DrawnShape = {
    keyCase: pick(random, KEY_CASES),
    indicator: pick(random, ['success', 'ok', 'status'] as const),
    envelope: pick(random, ENVELOPES),
    listKey: pick(random, LIST_KEYS),
    wrapper: random() < 0.3 ? pick(random, WRAPPERS) : null,
    edges: random() < 0.2,
    paging: pick(random, PAGINGS),
    pagingKey: pick(random, ['meta', 'paging', 'page_info', 'pagination'] as const),
    pagingInPayload: random() < 0.5,
    names: pick(random, ['parts', 'whole', 'nested'] as const),
    personKey: pick(random, PERSON_KEYS),
    partsUnder: random() < 0.5 ? pick(random, PARTS_UNDER) : null,
    time: pick(random, TIMES),
    booleans: pick(random, BOOLEANS),
    numbersAsText: random() < 0.4,
  };
  // Drawn after the others, so a seed draws the same classic shape as before.
  return wide ? { ...classic, extra: drawWide(random) } : classic;
}

const words = (key: string) => key.split('_').filter(Boolean);
const cap = (w: string) => (w ? w[0]!.toUpperCase() + w.slice(1) : w);

function recase(key: string, keyCase: DrawnShape['keyCase']): string {
  if (!/^[a-z0-9_]+$/.test(key)) return key;
  if (keyCase === 'mixed') return recase(key, KEY_CASES[(hash(key) >>> 0) % (KEY_CASES.length - 1)]!);
  const w = words(key);
  if (keyCase === 'camel') return w.map((x, i) => (i ? cap(x) : x)).join('');
  if (keyCase === 'pascal') return w.map(cap).join('');
  if (keyCase === 'kebab') return w.join('-');
  if (keyCase === 'screaming') return w.join('_').toUpperCase();
  return key;
}

/** Maps whose keys are data (names the client sends back), never respelled. */
const DATA_MAPS = new Set(['messages', 'custom_variables', 'custom_messages', 'metadata', 'validation_errors']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const pad = (n: number) => String(n).padStart(2, '0');

function timeIn(iso: string, format: DrawnShape['time']): unknown {
  const ms = Date.parse(iso);
  const d = new Date(ms);
  const day = iso.slice(0, 10);
  const clock = iso.slice(11, 19);
  switch (format) {
    case 'iso-offset': {
      const shifted = new Date(ms + 3_600_000).toISOString().slice(0, 19);
      return `${shifted}+01:00`;
    }
    case 'iso-local':
      return `${day}T${clock}`;
    case 'sql':
      return `${day} ${clock}`;
    case 'epoch-s':
      return Math.floor(ms / 1000);
    case 'epoch-ms':
      return ms;
    case 'date-time':
      return { date: day, time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` };
    default:
      return iso;
  }
}

function booleanIn(b: boolean, spelling: DrawnShape['booleans']): unknown {
  if (spelling === 'int') return b ? 1 : 0;
  if (spelling === 'yes-no') return b ? 'yes' : 'no';
  if (spelling === 'text') return String(b);
  return b;
}

/** Values and keys spelled as the shape says; data maps keep their keys, metadata is left as sent. */
export function spell(value: unknown, shape: DrawnShape, keyName = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => spell(v, shape));
  if (typeof value === 'boolean') return booleanIn(value, shape.booleans);
  if (typeof value === 'number') return shape.numbersAsText && Number.isFinite(value) ? String(value) : value;
  if (typeof value === 'string') {
    if (!ISO_TIME.test(value)) return value;
    const written = timeIn(value, shape.time);
    return typeof written === 'string' ? written : spell(written, shape);
  }
  if (typeof value !== 'object' || value === null) return value;
  if (keyName === 'metadata') return value;
  const keepKeys = DATA_MAPS.has(keyName);
  return Object.fromEntries(Object.entries(value as Row).map(([k, v]) => [keepKeys ? k : recase(k, shape.keyCase), spell(v, shape, keepKeys ? '' : k)]));
}

/**
 * The page's metadata in the drawn style, from the sandbox's own current_page, per_page, total and
 * last_page: each style says the same things (the page, its size, the total, whether one follows)
 * in its own words.
 */
export function paging(meta: Row, shape: DrawnShape): Row {
  const page = Number(meta.current_page) - (shape.extra?.zeroBased ? 1 : 0);
  const last = Number(meta.last_page);
  const next = Number(meta.current_page) < last;
  switch (shape.paging) {
    case 'sized':
      return { page, page_size: meta.per_page, total_count: meta.total, total_pages: last };
    case 'more':
      return { page, per_page: meta.per_page, total: meta.total, has_more: next };
    case 'link':
      return {
        links: { next: next ? `/api/api/list?page=${Number(meta.current_page) + 1}` : null },
        current_page: page,
        per_page: meta.per_page,
        total: meta.total,
      };
    case 'cursor':
      return { has_next_page: next, end_cursor: next ? `c${page}` : null, total_count: meta.total, page_size: meta.per_page };
    default:
      return { ...meta, current_page: page };
  }
}

/** A successful answer `{success, data, meta?, …}` in the route's drawn shape. */
export const randomShape = (route: string, body: unknown, seed: number, wide = true): unknown => shapeAnswer(route, body, drawShape(seed, route, wide));

/** A successful answer `{success, data, meta?, …}` in the given shape. */
export function shapeAnswer(route: string, body: unknown, shape: DrawnShape): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { success: _s, data, meta, ...rest } = body as Row;
  const beside = new Map<string, Row>();
  const one = (r: unknown) => {
    const classic = reshapeRecord(route, r, shape);
    return shape.extra ? wideRecord(route, classic, shape.extra, beside) : classic;
  };
  const reshaped = Array.isArray(data) ? data.map(one) : one(data);
  if (beside.size) rest.included = [...beside.values()];
  const list = recordsIn(route, reshaped);
  const indicator = (payload: unknown): Row => {
    const collides = shape.envelope === 'none' && typeof payload === 'object' && payload !== null && 'status' in payload;
    if (shape.extra?.noIndicator) return {};
    return shape.indicator === 'status' && !collides ? { status: 'success' } : { [shape.indicator === 'ok' ? 'ok' : 'success']: true };
  };
  let top: Row;
  if (list) {
    const items = shape.edges ? list.map((node, i) => ({ node, cursor: `e${i}` })) : list;
    const pages = meta && typeof meta === 'object' && 'last_page' in meta ? { [shape.pagingKey]: paging(meta as Row, shape) } : meta ? { meta } : {};
    const listKey = shape.listKey ?? (shape.envelope === 'none' || shape.wrapper || shape.pagingInPayload ? 'items' : null);
    const inner: unknown = listKey === null ? items : { [listKey]: items, ...(shape.pagingInPayload ? pages : {}) };
    const payload = shape.wrapper && listKey !== null ? { [shape.wrapper]: inner } : inner;
    const outside = shape.pagingInPayload && listKey !== null ? {} : pages;
    top = shape.envelope === 'none' ? { ...(payload as Row), ...outside } : { [shape.envelope]: payload, ...outside };
    top = { ...indicator(payload), ...top, ...rest };
  } else {
    const record = reshaped as Row | null | undefined;
    const merge = shape.envelope === 'none' && record && typeof record === 'object' && !Object.keys(record).some((k) => k in rest || k === 'meta');
    top = merge
      ? { ...indicator(record), ...record, ...rest }
      : { ...indicator(record), [shape.envelope === 'none' ? 'data' : shape.envelope]: record, ...rest };
    if (meta) top.meta = meta;
  }
  return spell(top, shape);
}

/** An error answer: its keys in the route's case (its field names, data, as they were). */
export function randomErrorShape(route: string, body: unknown, seed: number, wide = true, status = 400): unknown {
  const shape = drawShape(seed, route, wide);
  return spell(shape.extra ? wideError(status, body, shape.extra.errorForm) : body, { ...shape, booleans: 'bool', numbersAsText: false });
}
