// The blocklist (spec 000, ops 19 to 21): list by type, add (type also detected from the value's
// format), remove by `id` or exact `value` (`id` wins when both are given).
import type { AccountBook, BlocklistEntry, BlocklistType } from './records';
import { BLOCKLIST_TYPES } from './records';
import { iso, newId, notFound, ok, oneOf, paginate, Problems, slug, type Answer, type Call } from './rules';

const EMAIL = /^[^\s@|]+@[^\s@|]+\.[^\s@|]+$/;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const SIREN = /^\d{9}$/;
const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const ADDRESS = new RegExp(`^${SLUG}\\|${SLUG}\\|[a-z0-9]+(?:-[a-z0-9]+)*$`);

export const entryJson = (e: BlocklistEntry) => ({ id: e.id, type: e.type, value: e.value, created_at: iso(e.created_at) });

/** `<firstname_slug>|<lastname_slug>|<zip>`, the blocklist's postal identity of a person. */
export const postalIdentity = (firstname: string, lastname: string, zip: string): string => `${slug(firstname)}|${slug(lastname)}|${slug(zip)}`;

/** The entry for this type and value, added unless it is already there. */
export function addEntry(book: AccountBook, type: BlocklistType, value: string, now: number): { entry: BlocklistEntry; added: boolean } {
  const existing = book.blocklist.find((e) => e.type === type && e.value === value);
  if (existing) return { entry: existing, added: false };
  const entry = { id: newId(book, 'bl'), type, value, created_at: now };
  book.blocklist.push(entry);
  return { entry, added: true };
}

/** Op 19. `type=all` (or none) lists every type; per_page above 100 (no stated maximum) is lowered to 100. */
export function listBlocklist({ account, query }: Call): Answer {
  const type = oneOf(query, 'type', [...BLOCKLIST_TYPES, 'all'] as const);
  const entries = account.book.blocklist
    .filter((e) => !type || type === 'all' || e.type === type)
    .sort((a, b) => b.created_at - a.created_at || a.id.localeCompare(b.id));
  const { data, meta } = paginate(entries, query, 100, true);
  return ok({ data: data.map(entryJson), meta });
}

/** The type the value's format shows, when it shows one (an email, 9 digits, a slugged identity). */
function detectType(value: string, given: BlocklistType): BlocklistType {
  if (EMAIL.test(value)) return 'email';
  if (SIREN.test(value.replace(/\s/g, ''))) return 'siren';
  if (value.split('|').length === 3) return 'address';
  if (given === 'email' && DOMAIN.test(value.toLowerCase())) return 'domain';
  return given;
}

function normalise(type: BlocklistType, value: string): string {
  if (type === 'email') return value.toLowerCase();
  if (type === 'domain')
    return value
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/.*$/, '');
  if (type === 'siren') return value.replace(/\s/g, '');
  return value;
}

const RULES: Record<BlocklistType, [RegExp, string]> = {
  email: [EMAIL, 'The value must be an email address.'],
  domain: [DOMAIN, 'The value must be a domain name.'],
  company: [/\S/, 'The value must be a company name.'],
  siren: [SIREN, 'The value must be a 9-digit SIREN number.'],
  address: [ADDRESS, 'The value must be <firstname_slug>|<lastname_slug>|<zip>, in lowercase accent-folded slugs.'],
};

/** Op 20: 201 with the new entry, or 200 with the one already there (`already_present`). */
export function addBlocklist({ account, body, now }: Call): Answer {
  const problems = new Problems();
  const { type, value } = body;
  if (type === undefined || type === null || type === '') problems.miss('type');
  else if (typeof type !== 'string' || !(BLOCKLIST_TYPES as readonly string[]).includes(type)) {
    problems.bad('type', `The type must be one of: ${BLOCKLIST_TYPES.join(', ')}.`);
  }
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) problems.miss('value');
  else if (typeof value !== 'string') problems.bad('value', 'The value must be a string.');
  problems.check();
  const raw = (value as string).trim();
  const finalType = detectType(raw, type as BlocklistType);
  const normal = normalise(finalType, raw);
  const [shape, message] = RULES[finalType];
  if (!shape.test(normal)) problems.bad('value', message).check();
  const { entry, added } = addEntry(account.book, finalType, normal, now);
  return ok(
    { message: added ? 'Added to the blocklist.' : 'Already in the blocklist.', data: { ...entryJson(entry), already_present: !added } },
    added ? 201 : 200,
  );
}

/** Op 21: `id` and `value` from the query or the body; neither → 422 (the spec leaves it unstated). */
export function removeBlocklist({ account, query, body }: Call): Answer {
  const pick = (name: string): string | null => {
    const v = query.get(name) ?? body[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };
  const id = pick('id');
  const value = pick('value');
  if (!id && !value) {
    throw new Problems().miss('id', 'Give id or value.').miss('value', 'Give id or value.').refusal();
  }
  const { book } = account;
  const removed = id ? book.blocklist.filter((e) => e.id === id) : book.blocklist.filter((e) => e.value === value);
  if (removed.length === 0) throw notFound('Blocklist entry');
  book.blocklist = book.blocklist.filter((e) => !removed.includes(e));
  return ok({ message: 'Removed from the blocklist.', data: { removed: removed.map(entryJson), by: id ? 'id' : 'value' } });
}
