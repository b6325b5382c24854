// Values as the service may write them (issue 29): times in any common format, read to one form
// (ISO 8601 in UTC); booleans as booleans, 1/0 or words; numbers as numbers or numeric strings;
// and every string kept cut at a documented length (docs/api-assumptions.md, "What is kept").
import { first, isNode } from './fold';

/** The most kept of a string from the service, by what it is (code units). */
export const BOUND = {
  /** An identifier is sent back in a path: a longer one is not an identifier (the record is skipped). */
  id: 200,
  /** A status, a category, a type. */
  code: 100,
  /** Names, companies, headlines, labels, agents' names and notes. */
  name: 300,
  subject: 500,
  url: 2048,
  /** Email texts, replies, analyses, descriptions: shown, never sent back as they were cut. */
  body: 20_000,
  /** Texts sent back whole when the person validates with changes (steps, blocks): never cut. */
  whole: 100_000,
} as const;

/** `s` cut to `max` code units, never through a surrogate pair. */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = s.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** A text (a number is its digits), empty as none, cut at `max`. */
export function text(v: unknown, max: number = BOUND.name): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : cut(v, max);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** An identifier: a text of at most BOUND.id, else none. */
export function id(v: unknown): string | undefined {
  const s = text(v, BOUND.id + 1);
  return s !== undefined && s.length <= BOUND.id ? s : undefined;
}

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** A whole number of at least 0. */
export function count(v: unknown): number | undefined {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off']);

/** A boolean written as one, as 0/1, or as a word ("true", "yes"); undefined otherwise. */
export function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === 'string') {
    const w = v.trim().toLowerCase();
    if (TRUE_WORDS.has(w)) return true;
    if (FALSE_WORDS.has(w)) return false;
  }
  return undefined;
}

/** An identifier-like value (a status, a type): a string, or the `value`/`code`/`key` of an object, in lower case. */
export function code(v: unknown): string | undefined {
  const s = text(v, BOUND.code) ?? (isNode(v) ? first(v, ['value', 'code', 'key', 'slug', 'name'], (x) => text(x, BOUND.code)) : undefined);
  return s?.trim().toLowerCase();
}

// 2025-03-01, 2025-03-01T10:00, 2025-03-01 10:00:00.123456, with Z, +01:00, +0100 or no zone.
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i;
// A date written day and month first (01/03/2025): which is which is not known, so it is kept as written.
const SLASHED = /^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}(?:$|[\sT])/;
const ZONE = /^(?:Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)$/i;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Epoch seconds (below 1e11) or milliseconds, told apart by magnitude; a time between 1973 and 2286 only. */
function epoch(n: number): string | undefined {
  const ms = Math.abs(n) < 1e11 ? n * 1000 : n;
  return ms >= 1e11 && ms <= 1e13 ? new Date(Math.round(ms)).toISOString() : undefined;
}

function fromIso(m: RegExpExecArray): string | undefined {
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return undefined;
  if (m[4] === undefined) return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const ms = m[7] ? Math.round(Number(`0.${m[7]}`) * 1000) : 0;
  // No zone: the service's clock is taken for UTC (docs/api-assumptions.md).
  const zone = m[8]?.toUpperCase();
  let offset = 0;
  if (zone && zone !== 'Z' && zone !== 'UTC' && zone !== 'GMT') {
    const digits = zone.replace(':', '');
    offset = (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0));
  }
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offset * 60_000).toISOString();
}

/**
 * A time in any common format, as ISO 8601 in UTC (`2025-03-01T10:00:00.000Z`): ISO with or
 * without zone, `YYYY-MM-DD HH:MM:SS`, epoch seconds or milliseconds (a number or its digits),
 * `{date, time}` (and a `timezone` offset), or an object holding one (`{dateTime}`). A date alone
 * stays a date (`2025-03-01`); a day-first date is kept as written. Anything else is no time.
 */
export function time(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? epoch(v) : undefined;
  if (isNode(v)) {
    const whole = first(v, ['date_time', 'value', 'timestamp'], time);
    if (whole) return whole;
    const day = text(v.date);
    const hour = text(v.time);
    const zone = first(v, ['time_zone', 'offset', 'zone'], (z) => (typeof z === 'string' && ZONE.test(z.trim()) ? z.trim() : undefined));
    return day && hour && /^\d{4}-\d{1,2}-\d{1,2}$/.test(day.trim()) ? time(`${day.trim()}T${hour.trim()}${zone ?? ''}`) : day ? time(day) : undefined;
  }
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^\d{9,14}(?:\.\d+)?$/.test(s)) return epoch(Number(s));
  const iso = ISO.exec(s);
  if (iso) return fromIso(iso);
  return SLASHED.test(s) ? cut(s, 40) : undefined;
}

// A resource name (Google AIP): collection and id in turns, `users/5/emails/9`; the collections in
// camelCase. Never a name: its last segment is an id.
const RESOURCE = /^[a-z][a-zA-Z\d]*\/[\w.~@-]+(?:\/[a-z][a-zA-Z\d]*\/[\w.~@-]+)*$/;

/** A resource name's collection and id (its last two segments); undefined for any other value. */
export function resource(v: unknown): { of: string; id: string } | undefined {
  if (typeof v !== 'string' || v.length > BOUND.url || !RESOURCE.test(v)) return undefined;
  const parts = v.split('/');
  const last = id(parts.at(-1));
  return last === undefined ? undefined : { of: parts.at(-2)!, id: last };
}

/** A text that names (a person, an agent): a text, but not a resource name. */
export const label = (v: unknown, max: number = BOUND.name): string | undefined => (resource(v) ? undefined : text(v, max));
