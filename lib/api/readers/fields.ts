// What several readers read alike, on a body already folded (lib/api/body): people, companies, the
// agent a record belongs to, figures, a record's parts. They run in the options page, the popup and
// the background, so they stay plain functions without zod.
import { entries, first, fold, isNode, nested, snake, some, theOneOf, variants, type Node } from '../body/fold';
import { BOUND, bool, id, label, num, text, time } from '../body/values';
import { ID_KEYS, PERSON_KEYS } from './record-names';
import { ACTIVE, COMPANY, INACTIVE, NAME, PICTURE } from '../body/families';
import { isEmailAddress, isProfileAddress } from '../body/value-shapes';
import { linesOf, type Line } from '../body/unplaced';

export function dropUndefined<T extends object>(o: T): T {
  for (const k of Object.keys(o) as Array<keyof T>) if (o[k] === undefined) delete o[k];
  return o;
}

const GIVEN = ['firstname', 'given_name'];
const FAMILY = ['lastname', 'family_name', 'surname'];

/** A person's name, whole (`full_name`, or `name` where the record is a person) or from its parts. */
export function personName(o: Node, whole: readonly string[] = ['full_name', 'display_name', 'name']): string | undefined {
  const full = first(o, whole, label);
  if (full) return full;
  const parts = [first(o, GIVEN, label), first(o, FAMILY, label)].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

/** A company as a name, an object with its name, or a list of them (the first). */
const company = (v: unknown): string | undefined => label(v) ?? (isNode(v) ? first(v, ['name', 'label'], label) : Array.isArray(v) ? company(v[0]) : undefined);
export const companyName = (o: Node): string | undefined => first(o, COMPANY, company);

/** An agent's (a named record's) name, by its family. */
export const nameOf = (o: Node): string | undefined => first(o, NAME, label);

/** Whether a record runs: the active family, else the inactive one negated, else undefined. */
export function activeOf(o: Node): boolean | undefined {
  const off = first(o, INACTIVE, bool);
  return first(o, ACTIVE, bool) ?? (off === undefined ? undefined : !off);
}

/**
 * A field placed by the shape of its value (issue 37): the key of the one member of `o` whose value
 * `fits`, among those no word of `claimed` names; undefined when none fits, or two do.
 */
function shapedKey(o: Node, fits: (v: unknown) => boolean, claimed: readonly string[]): string | undefined {
  const taken = new Set(claimed.flatMap(variants));
  return theOneOf(o, (key, v) => (taken.has(fold(key)) || !fits(v) ? undefined : fold(key)));
}

/** The person a record is about: the sub-object that names them, when there is one. */
export const personOf = (o: Node): Node | undefined => nested(o, PERSON_KEYS);

/** The agent a record belongs to: its id and name, flat or in a nested agent. */
export function agentRef(o: Node): { agentId?: string; agentName?: string } {
  const agent = nested(o, ['agent']);
  return dropUndefined({
    // A bare id under `agent` is a reference to it (Stripe's style, or a service's own words).
    agentId: first(o, ['agent_id'], text) ?? (agent ? first(agent, ID_KEYS, text) : first(o, ['agent'], id)),
    agentName: first(o, ['agent_name'], label) ?? (agent ? (nameOf(agent) ?? first(agent, ['internal_note'], text)) : undefined),
  });
}

/** A key that names a time (`…_at`, `from`, `date`…): its number is a date, never a figure. */
const TIME_KEY = /(^|_)(at|date|time|timestamp|from|to|since|until|start|end)$/;

/** Every number of an object (numeric strings too), keyed by its path in snake_case, `depth` levels deep (`emails.sent`). */
export function figures(o: Node, prefix = '', depth = 2, into: Record<string, number> = {}): Record<string, number> {
  some(o, (written, v) => {
    const k = snake(written);
    if (k === 'success' || k === 'ok' || /(^|_)id$/.test(k) || TIME_KEY.test(k)) return;
    const n = typeof v === 'boolean' ? undefined : num(v);
    if (n !== undefined && Object.keys(into).length < 200) into[prefix + k] = n;
    else if (isNode(v) && depth > 1) figures(v, `${prefix}${k}.`, depth - 1, into);
  });
  return into;
}

/**
 * A record's part (an email's steps, a letter's blocks, a reflex's executions) and the object it
 * is in: under one of `names` at the record, or one object down (`draft.messages`,
 * `content.blocks`), people aside.
 */
export function partIn(o: Node, names: readonly string[], accept: (v: unknown) => boolean = Array.isArray): { part: unknown; holder: Node } | undefined {
  const person = personOf(o);
  for (const holder of [o, ...entries(o).map(([, child]) => child)]) {
    if (!isNode(holder) || holder === person) continue;
    const part = first(holder, names, (v) => (accept(v) ? v : undefined));
    if (part !== undefined) return { part, holder };
  }
  return undefined;
}

/** A record's part alone (see partIn). */
export const partOf = (o: Node, names: readonly string[], accept?: (v: unknown) => boolean): unknown => partIn(o, names, accept)?.part;

/** The key of the one member shaped as a profile address on the network (no word of its family found). */
export const profileKey = (o: Node): string | undefined => shapedKey(o, isProfileAddress, PICTURE);

/** The key of the one member shaped as an email address, a sender's and a copy's aside. */
export const emailKey = (o: Node): string | undefined => shapedKey(o, isEmailAddress, ['from', 'from_email', 'sender', 'sender_email', 'cc', 'reply_to']);

/**
 * Reads each raw record (at most `max`); those it cannot act on (no identifier) are counted and
 * kept as the lines of all they hold (`unread`), so that a view shows them, labelled, never drops them.
 */
export function readEach<T>(list: unknown[], read: (raw: unknown) => T | undefined, max = 100): { items: T[]; skipped: number; unread: Line[][] } {
  const items: T[] = [];
  const unread: Line[][] = [];
  for (const raw of list.slice(0, max)) {
    const item = read(raw);
    if (item !== undefined) items.push(item);
    else unread.push(linesOf(raw));
  }
  return { items, skipped: unread.length, unread };
}

/** A date of the record under `names`, as ISO 8601. */
export const dateAt = (o: Node, names: readonly string[]): string | undefined => first(o, names, time);

/** A long text (an email's body, an analysis), cut at BOUND.body. */
export const bodyText = (v: unknown): string | undefined => text(v, BOUND.body);

/** Thrown for a text sent back whole (a step, a block) that is longer than BOUND.whole. */
class TooLongToSendBack extends Error {}

/** A text the person may send back with changes: never cut; longer than BOUND.whole, its record is not read. */
export function wholeText(v: unknown): string | undefined {
  const s = text(v, BOUND.whole + 1);
  if (s !== undefined && s.length > BOUND.whole) throw new TooLongToSendBack();
  return s;
}

/** `read()`, or undefined when it met a text too long to send back whole: the record is skipped rather than cut. */
export function unlessTooLong<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof TooLongToSendBack) return undefined;
    throw error;
  }
}
