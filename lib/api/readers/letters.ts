// Letters (spec 000, operations 15 and 16). The address block is masked under the masking rule.
import type { Letter, LetterAddress, LetterList } from '../schemas/letters';
import { agentRef, bool, code, companyName, dropUndefined, first, ID_KEYS, isObj, nested, personName, readEach, recordsIn, str, type Obj } from './fields';
import { looksMasked, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

const ADDRESS_KEYS = ['address', 'postal_address', 'recipient_address', 'mailing_address'];
const LINE_KEYS: string[][] = [
  ['recipient', 'recipient_name', 'full_name', 'name'],
  ['company', 'company_name', 'organization'],
  ['line1', 'line_1', 'address_line1', 'address_line_1', 'address1', 'street', 'street_address', 'address'],
  ['line2', 'line_2', 'address_line2', 'address_line_2', 'address2', 'complement'],
  ['line3', 'line_3', 'address_line3', 'address3'],
];
const ZIP_KEYS = ['zip', 'zipcode', 'zip_code', 'postal_code', 'postcode', 'cp'];
const CITY_KEYS = ['city', 'town', 'locality'];

/** The address as printed lines; masked when the record says so or any of its values looks masked. */
function readAddress(raw: Obj, masked: boolean): LetterAddress | undefined {
  for (const k of ADDRESS_KEYS) {
    const v = raw[k];
    if (v === undefined || v === null) continue;
    if (masked || bool(raw[`${k}_masked`]) || (isObj(v) && recordMasked(v))) return { masked: true };
    let lines: string[] = [];
    if (typeof v === 'string') lines = v.split(/\r?\n|,\s*(?=\d)/);
    else if (Array.isArray(v)) lines = v.map((l) => str(l) ?? '');
    else if (isObj(v)) {
      if (Array.isArray(v.lines)) lines = v.lines.map((l) => str(l) ?? '');
      else {
        const person = personName(v, ['recipient', 'recipient_name', 'full_name']);
        lines = LINE_KEYS.map((keys, i) => (i === 0 ? (person ?? first(v, keys, str)) : first(v, keys, str)) ?? '');
        lines.push([first(v, ZIP_KEYS, str), first(v, CITY_KEYS, str)].filter(Boolean).join(' '));
        lines.push(first(v, ['country', 'country_name', 'country_code'], str) ?? '');
      }
    }
    lines = lines.map((l) => l.trim()).filter(Boolean);
    if (!lines.length) continue;
    return lines.some(looksMasked) ? { masked: true } : { masked: false, lines };
  }
  return undefined;
}

function blocks(raw: Obj): Letter['blocks'] {
  const list = [raw.blocks, raw.content_blocks, raw.contents].find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).flatMap((b) => {
    if (!isObj(b)) return [];
    const id = str(b.id) ?? str(b.key);
    const content = first(b, ['content', 'text', 'html', 'value'], (v) => (typeof v === 'string' ? v : undefined));
    if (id === undefined || content === undefined) return [];
    return [typeof b.id === 'number' ? { id, content, numericId: true } : { id, content }];
  });
}

/** Every `…_at` date of the record, by key. */
function dates(raw: Obj): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (k.endsWith('_at') && typeof v === 'string' && v.trim()) out[k] = v;
  return out;
}

function readLetter(raw: unknown): Letter | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, [...ID_KEYS, 'letter_id'], str);
  if (!id) return undefined;
  const person = nested(raw, ['lead', 'contact', 'prospect', 'person', 'recipient']);
  return dropUndefined({
    id,
    status: first(raw, ['status', 'state'], code),
    category: first(raw, ['category'], code),
    leadIdentifier: first(raw, ['lead_identifier', 'identifier'], str) ?? (person ? first(person, ['identifier', 'lead_identifier'], str) : undefined),
    contactName: (person ? personName(person) : undefined) ?? personName(raw, ['lead_name', 'contact_name', 'recipient_name']),
    company: (person ? companyName(person) : undefined) ?? companyName(raw),
    address: readAddress(raw, recordMasked(raw)),
    blocks: blocks(raw),
    previewUrl: first(raw, ['preview_url', 'pdf_url', 'pdf', 'preview', 'thumbnail_url', 'image_url'], str),
    dates: dates(raw),
    ...agentRef(raw),
  });
}

export function readLetterList(body: unknown, asked?: Asked): LetterList {
  const list = recordsIn(body, ['letters', 'mails', 'to_validate'], 'letters');
  const { items, skipped } = readEach(list, readLetter);
  return { letters: items, skipped, page: readPage(body, list.length, asked) };
}
