// Who a record is, where no word says it (issue 49): its own id from a self link (HAL's
// `_links.self.href`, a `self` or `url` address) or by the shape of its value, and the lead it is
// about from any reference that keeps the lead's word (an id, an object with one, `{type, id}`).
// Writes go to the id their operation asks for: a lead's for ops 5, 11 and 12, the record's own else.
import { entries, first, fold, isNode, some, theOneOf, type Node } from './fold';
import { BOUND, id, time } from './values';

/** The last path segment of an address of this record (`…/emails/12` → `12`), its query aside. */
function lastSegment(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > BOUND.url || !/^(?:https?:\/\/[^/\s]+)?\/[^\s]*$/.test(v)) return undefined;
  const path = v.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0]!;
  const last = path.split('/').filter(Boolean).at(-1);
  if (last === undefined) return undefined;
  try {
    return id(decodeURIComponent(last));
  } catch {
    // A malformed escape (`%E0%A4%A`, `%C3%28`) is kept as written: an id is sent back as it came.
    return id(last);
  }
}

/** A link's address: a string, or `{href}`. */
const href = (v: unknown): unknown => (isNode(v) ? v.href : v);

/** The id a record's self link names: `_links.self.href`, `links.self`, or `self` at the record. */
export function selfLinkId(o: Node): string | undefined {
  const links = first(o, ['links'], (v) => (isNode(v) ? v : undefined));
  return lastSegment(href(links?.self)) ?? lastSegment(href(o.self));
}

/** The links of a record to others (`_links.lead.href`), as `{key: {id}}` for the keys it lacks. */
export function linkedRefs(o: Node): Node {
  const links = first(o, ['links'], (v) => (isNode(v) ? v : undefined));
  const out: Node = {};
  if (!links) return out;
  some(links, (key, v) => {
    const k = fold(key);
    if (k === 'self' || k === 'next' || k === 'prev' || k === 'previous' || k === 'first' || k === 'last' || o[k] !== undefined) return;
    const ref = lastSegment(href(v));
    if (ref !== undefined) out[key] = { id: ref };
  });
  return out;
}

/** The words a reference to the person a record is about keeps, in any language the rules know. */
const LEAD_WORDS = ['lead', 'contact', 'prospect', 'person', 'personne', 'kontakt', 'contacto', 'persona'];
/** The words of any related record's reference: its person, its agent, its owner. */
const RELATED_WORDS = [...LEAD_WORDS, 'agent', 'campaign', 'user', 'owner'];

/** A key holding a flat id of a record named by `words`: `lead`, `agentId`, `contact_uuid`, `id_prospect`. */
const flatRef = (words: readonly string[]) => {
  const any = words.join('|');
  return new RegExp(`^(?:id)?(?:${any})(?:id|hashedid|uuid|ref|reference)?$|(?:${any})id$`);
};
const LEAD_REF = flatRef(LEAD_WORDS);
const RELATED_REF = flatRef(RELATED_WORDS);

/** Whether a folded key names a related record (a person, an agent, an owner): never the record's own field. */
export const namesRelated = (k: string): boolean => RELATED_WORDS.some((w) => k.includes(w));
/** Whether a folded key holds a related record's id, flat (`agent_id`, `lead`). */
export const isRefKey = (k: string): boolean => RELATED_REF.test(k);

/** The id a reference holds: an id itself, or an object's (a `{type, id}` reference, a related record). */
function refId(v: unknown): string | undefined {
  if (typeof v === 'string' || typeof v === 'number') return id(v);
  if (!isNode(v)) return undefined;
  return first(v, ['id', 'hashed_id', 'uuid'], id) ?? selfLinkId(v);
}

/**
 * The lead a record is about, for the operations whose path asks a `leadId`: the member whose key
 * names a lead, contact, prospect or person (`lead`, `contactId`, `id_prospect`) and holds an id,
 * or an object so named holding one (a related record, a `{type, id}` reference); a flat id first.
 */
export function leadRefId(o: Node): string | undefined {
  let nestedId: string | undefined;
  for (const [key, v] of entries(o)) {
    const k = fold(key);
    if (!LEAD_WORDS.some((w) => k.includes(w))) continue;
    if (isNode(v)) nestedId ??= refId(v);
    else if (LEAD_REF.test(k)) {
      const found = refId(v);
      if (found !== undefined) return found;
    }
  }
  return nestedId;
}

/** A value shaped as an identifier: no spaces, a digit and a letter (`em_12`, a uuid), not a time or a domain. */
const ID_SHAPE = /^(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9][\w:-]{0,99}$/;

/**
 * A record's own id where no word names it: the one member (references to others aside) whose value
 * is shaped as an id, or whose key ends in `id` and holds digits; undefined when none or several fit.
 */
export const idByValue = (o: Node): string | undefined =>
  theOneOf(o, (key, v) => {
    const k = fold(key);
    if (namesRelated(k)) return undefined;
    const s = typeof v === 'number' && Number.isInteger(v) && k.endsWith('id') ? String(v) : typeof v === 'string' ? v : undefined;
    if (s === undefined || time(s) !== undefined) return undefined;
    return ID_SHAPE.test(s) || (k.endsWith('id') && /^\d{1,40}$/.test(s)) ? s : undefined;
  });

/** A record's own id: under one of `ids` (with their spellings), else by the shape of its value. */
export const ownId = (o: Node, ids: readonly string[]): string | undefined => first(o, ids, id) ?? idByValue(o);
