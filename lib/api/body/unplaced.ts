// Never a blank view (issue 37, item 3): what the rules could not place in a record is still shown.
// Every text or number of the raw record that no field of the read record holds becomes a labelled
// line: the key made readable ("ai_draft", "aiDraft" → "AI draft"), the value as sent. The id, a
// record's kind beside it, a related agent or user, flags, masked values and what sits deeper than
// two objects are left out (docs/api-assumptions.md, "What the rules do not place").
import { fold, isNode, remembered, snake, some, type Node } from './fold';
import { BOUND, cut, time } from './values';

/** A member of a record that no field holds: its key made readable (a path: "Address · Zip") and its value as sent. */
export interface Line {
  label: string;
  value: string;
}

/** What a read record may carry beside its fields. */
export interface Unplaced {
  extra?: Line[];
}

/** Words written in capitals whatever the key's case. */
const INITIALISMS = new Set(['ai', 'id', 'url', 'crm', 'api', 'pdf', 'sms', 'qr', 'html', 'cc', 'siren', 'vat', 'utm', 'ip']);

/** A key as words: split on `_`, `-`, spaces and camelCase, the first capital, initialisms in capitals. */
export const readableKey = remembered((key) =>
  snake(key)
    .split('_')
    .filter(Boolean)
    .map((w, i) => (INITIALISMS.has(w) ? w.toUpperCase() : i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' '),
);

/** Keys never shown: the identifier, JSON:API's own members, a related agent's or user's record, the indicator. */
const SKIP = /^(id|uuid|hashed_id|links|meta|relationships|cursor|agent|campaign|user|owner|success|ok)$/;
const DEPTH = 2;
const MAX_LINES = 40;
const MAX_ITEMS = 20;
/** A placed text at least this long, cut: the member it begins is placed (an email's preview of its body). */
const CUT_MIN = 100;
/** A placed text at most this long may hold a member as whole words (a first name in "Jane Doe", a zip in "75001 Paris"). */
const SHORT = BOUND.name;

type Leaf = { label: string; value: string | number };

/** A value the service masked (`xxxxx.xxxx@xxxx.xxx`, `+x xxx xxx`, `****`): nothing to show. */
// At least three `x`, `*` or `•`, and no other letter or digit: one test, no copy of the text (the two
// classes share nothing, so it is linear).
const masked = (s: string): boolean => /^[^\p{L}\p{N}*•]*(?:[x*•][^\p{L}\p{N}*•]*){3,}$/iu.test(s);

/**
 * Every text and number of `o`, `depth` objects down, a merged wrapper's members once (they are the
 * record's), and a record named twice once: references resolved share the record they name, so a
 * walk of every path took 2 s on 1 MB of records naming 20 others each (issue 49 item 6).
 */
function leaves(o: Node, label: string, depth: number, out: Leaf[], seen = new Set<unknown>([o])): void {
  some(o, (key, v) => {
    if (out.length >= MAX_LINES * 2) return true;
    // Nothing deeper is walked: an object here gives no line (records of 1 MB name 20 others each).
    if (depth === 0 && typeof v === 'object') return;
    const k = snake(key);
    // A `type` beside an id is the record's kind (JSON:API's "emails"), not a field of it.
    if (SKIP.test(k) || (k === 'type' && o.id !== undefined) || seen.has(v)) return;
    if (typeof v === 'string' ? v.trim() !== '' && !masked(v) : typeof v === 'number' && Number.isFinite(v))
      out.push({ label: path(label, key), value: v as string | number });
    else if (depth > 0 && isNode(v) && !isWrapperOf(o, v)) leaves(v, path(label, key), depth - 1, out, seen.add(v));
    else if (depth > 0 && Array.isArray(v)) {
      v.slice(0, MAX_ITEMS).forEach((x, i) => {
        if (isNode(x)) !seen.has(x) && leaves(x, `${path(label, key)} ${i + 1}`, depth - 1, out, seen.add(x));
        else leaves({ [key]: x }, label, 0, out, seen);
      });
    }
  });
}

/** A member's label, made only for a line or a walk below it: most members walked give neither. */
const path = (label: string, key: string): string => (label ? `${label} · ${readableKey(key)}` : readableKey(key));

/** An object whose members all stand in `o` as they are: the wrapper the rules merged into the record. */
const isWrapperOf = (o: Node, v: Node): boolean => !some(v, (k, x) => o[fold(k)] !== x && !SKIP.test(snake(k)));

/** Every text and number the read record holds, in lower case. */
function placedValues(v: unknown, out: Set<string>): Set<string> {
  if (typeof v === 'string') out.add(v.trim().toLowerCase());
  else if (typeof v === 'number') out.add(String(v));
  else if (Array.isArray(v)) for (const x of v) placedValues(x, out);
  else if (isNode(v)) for (const x of Object.values(v)) placedValues(x, out);
  return out;
}

/** Whether a member's value is one the record holds: the same, as a time, cut, or as whole words of a short text. */
function isPlaced(value: string | number, placed: Set<string>, texts: string[]): boolean {
  const s = String(value).trim().toLowerCase();
  const at = time(value)?.toLowerCase();
  if (placed.has(s) || (at !== undefined && placed.has(at))) return true;
  if (typeof value !== 'string') return false;
  const words = ` ${s.replace(/\s+/g, ' ')} `;
  return texts.some((p) => (p.length >= CUT_MIN && s.startsWith(p)) || (p.length <= SHORT && ` ${p.replace(/\s+/g, ' ')} `.includes(words)));
}

/** The members of `raw` (a folded record) that `read` (what the reader made of it) does not hold, as labelled lines. */
function unplacedLines(raw: Node, read: object): Line[] {
  const placed = placedValues(read, new Set());
  const texts = [...placed];
  const found: Leaf[] = [];
  leaves(raw, '', DEPTH, found);
  return found
    .filter((l) => !isPlaced(l.value, placed, texts))
    .slice(0, MAX_LINES)
    .map((l) => ({ label: l.label, value: typeof l.value === 'number' ? String(l.value) : cut(l.value, BOUND.body) }));
}

/** Whether a read record holds a masked value (`{masked: true}`) anywhere. */
const hasMasked = (v: unknown): boolean => (Array.isArray(v) ? v.some(hasMasked) : isNode(v) && (v.masked === true || Object.values(v).some(hasMasked)));

/** A record reader whose records also carry what it did not place (`extra`), when there is any. */
export function withUnplaced<T extends object>(read: (raw: unknown) => T | undefined): (raw: unknown) => (T & Unplaced) | undefined {
  return (raw) => {
    const item = read(raw);
    // What the service masks in part is not shown another way: such a record has no lines.
    if (!item || !isNode(raw) || hasMasked(item)) return item;
    const extra = unplacedLines(raw, item);
    return extra.length ? { ...item, extra } : item;
  };
}

/** A record the rules could not act on (no identifier), as the lines of all it holds: shown, never dropped (issue 49). */
export function linesOf(raw: unknown): Line[] {
  if (isNode(raw)) return unplacedLines(raw, {});
  return typeof raw === 'string' || typeof raw === 'number' ? [{ label: '—', value: cut(String(raw), BOUND.body) }] : [];
}
