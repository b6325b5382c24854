// Letters (spec 000, operations 15 and 16). The address block is masked under the masking rule.
import { ownId } from '../body/identity';
import { withUnplaced } from '../body/unplaced';
import type { Letter, LetterAddress, LetterList } from '../schemas/letters';
import { entries, first, isNode, nested, snake, type Node } from '../body/fold';
import { recordList } from '../body/envelope';
import { BOUND, bool, code, cut, id, text, time } from '../body/values';
import { agentRef, companyName, dropUndefined, partIn, personName, readEach, unlessTooLong, wholeText } from './fields';
import { LETTERS } from './record-names';
import { BLOCKS, BODY, STATUS } from '../body/families';
import { looksMasked, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

const ADDRESS_KEYS = ['address', 'postal_address', 'recipient_address', 'mailing_address'];
const LINE_KEYS: string[][] = [
  ['recipient', 'recipient_name', 'full_name', 'name'],
  ['company', 'company_name', 'organization'],
  ['line1', 'address_line1', 'address1', 'street', 'street_address', 'address'],
  ['line2', 'address_line2', 'address2', 'complement'],
  ['line3', 'address_line3', 'address3'],
];
const ZIP_KEYS = ['zip', 'zip_code', 'postal_code', 'postcode', 'cp'];
const CITY_KEYS = ['city', 'town', 'locality'];
/** The people a letter is addressed to may sit under these (`contact` also as `lead` and `prospect`). */
const LETTER_PEOPLE = ['contact', 'person', 'recipient', 'profile'];

const line = (v: unknown) => text(v, BOUND.name)?.trim() ?? '';

/** The address as printed lines; masked when the record says so or any of its values looks masked. */
function readAddress(raw: Node, masked: boolean): LetterAddress | undefined {
  for (const name of ADDRESS_KEYS) {
    const v = first(raw, [name], (x) => (x === undefined || x === null ? undefined : x));
    if (v === undefined) continue;
    if (masked || first(raw, [`${name}_masked`], bool) || (isNode(v) && recordMasked(v))) return { masked: true };
    let lines: string[] = [];
    if (typeof v === 'string') lines = cut(v, 2000).split(/\r?\n|,\s*(?=\d)/);
    else if (Array.isArray(v)) lines = v.slice(0, 12).map(line);
    else if (isNode(v)) {
      const written = first(v, ['lines'], (x) => (Array.isArray(x) ? x : undefined));
      if (written) lines = written.slice(0, 12).map(line);
      else {
        const person = personName(v, ['recipient', 'recipient_name', 'full_name']);
        lines = LINE_KEYS.map((names, i) => (i === 0 ? (person ?? first(v, names, text)) : first(v, names, text)) ?? '');
        lines.push([first(v, ZIP_KEYS, text), first(v, CITY_KEYS, text)].filter(Boolean).join(' '));
        lines.push(first(v, ['country', 'country_name', 'country_code'], text) ?? '');
      }
    }
    lines = lines.map((l) => l.trim()).filter(Boolean);
    if (!lines.length) continue;
    return lines.some(looksMasked) ? { masked: true } : { masked: false, lines };
  }
  return undefined;
}

/** Content blocks, at the record or one object down; each sent back whole, so never cut (at most 100). */
function blocks(raw: Node): Letter['blocks'] {
  const list = (partIn(raw, BLOCKS)?.part as unknown[] | undefined) ?? [];
  return list.slice(0, 100).flatMap((b) => {
    if (!isNode(b)) return [];
    const blockId = first(b, ['id', 'key'], id);
    const content = first(b, [...BODY, 'value'], (v) => (typeof v === 'string' ? (wholeText(v) ?? v) : undefined));
    if (blockId === undefined || content === undefined) return [];
    return [typeof first(b, ['id'], (v) => v) === 'number' ? { id: blockId, content, numericId: true } : { id: blockId, content }];
  });
}

/** Every `…_at` date of the record, by its key in snake_case. */
function dates(raw: Node): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [written, v] of entries(raw)) {
    const key = snake(written);
    const at = key.endsWith('_at') ? time(v) : undefined;
    if (at && Object.keys(out).length < 20) out[key] = at;
  }
  return out;
}

function readLetter(record: unknown): Letter | undefined {
  if (!isNode(record)) return undefined;
  const letterId = ownId(record, LETTERS.ids);
  if (!letterId) return undefined;
  const person = nested(record, LETTER_PEOPLE);
  const parts = unlessTooLong(() => blocks(record));
  if (!parts) return undefined;
  return dropUndefined({
    id: letterId,
    status: first(record, STATUS, code),
    category: first(record, ['category'], code),
    leadIdentifier:
      first(record, ['contact_identifier', 'identifier'], text) ?? (person ? first(person, ['identifier', 'contact_identifier'], text) : undefined),
    contactName: (person ? personName(person) : undefined) ?? personName(record, ['contact_name', 'recipient_name']),
    company: (person ? companyName(person) : undefined) ?? companyName(record),
    address: readAddress(record, recordMasked(record)),
    blocks: parts,
    previewUrl: first(record, ['preview_url', 'pdf_url', 'pdf', 'preview', 'thumbnail_url', 'image_url'], (v) => text(v, BOUND.url)),
    dates: dates(record),
    ...agentRef(record),
  });
}

export function readLetterList(body: unknown, asked?: Asked): LetterList {
  const list = recordList(body, LETTERS);
  const { items, skipped, unread } = readEach(list, withUnplaced(readLetter), asked?.perPage);
  return { letters: items, skipped, unread, page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}
