// Contacts (spec 000, operation 2), read from the body as lib/api/body folds it: each field named
// once, in the spec's spelling, with its true synonyms (docs/api-assumptions.md). Without the lines
// the rules could not place (contacts.ts adds them for the Contacts view). Who the contact is, its
// address and its masking are read by contact-found.ts, the look-up's part, which the background
// carries alone (issue 40); this module reads the rest of the record for the Contacts view.
import type { Contact } from '../schemas/contacts';
import type { Maskable } from '../schemas/common';
import { first, isNode, normalized, type Node } from '../body/fold';
import { BOUND, code, num, text } from '../body/values';
import { dateAt, dropUndefined } from './fields';
import { JOB, PICTURE } from '../body/families';
import { ID_KEYS } from './record-names';
import { maskable } from './masking';
import { PROVING, readRecord, type PerformanceOf, type TouchpointWords } from './contact-found';

export { performanceFromAgents, readList, type PerformanceOf } from './contact-found';

/** The spec writes `network` where the service may write the network's name (linkedin_auto). */
const networkWord = (v: string | undefined) => v?.replace(/^linkedin(?=_)/, 'network');

/** Every touchpoint the Contacts view shows: those that prove a sending, and these. */
const TOUCHPOINTS: Record<keyof Contact['touchpoints'], TouchpointWords> = {
  ...PROVING,
  emailAnswered: {
    flags: ['has_touchpoint_email_answer', 'touchpoint_email_answer'],
    dates: ['email_answered_at', 'answered_at', 'replied_at'],
    bare: ['email_answer', 'email_answered'],
  },
  letterReturned: {
    flags: ['has_returned_letter', 'returned_letter', 'has_touchpoint_returned_letter'],
    dates: ['letter_returned_at', 'returned_at'],
    bare: ['letter_returned'],
  },
  qrScanned: {
    flags: ['has_touchpoint_letter_flash', 'touchpoint_letter_flash'],
    dates: ['qr_scanned_at', 'letter_flash_at', 'scanned_at'],
    bare: ['letter_flash', 'qr_scanned', 'qr'],
  },
};

/** Coordinates: the spec's `contacts[]` ({type, value}), else flat email/phone fields. At most 50. */
function coordinates(raw: Node, masked: boolean): Contact['coordinates'] {
  const list = first(raw, ['contacts', 'coordinates', 'contact_details'], (v) => (Array.isArray(v) ? v : undefined));
  const out: Contact['coordinates'] = [];
  const push = (type: string | undefined, value: Maskable | undefined) => {
    if (value && out.length < 50) out.push(dropUndefined({ type, value }));
  };
  if (list) {
    for (const c of list) {
      if (isNode(c)) push(first(c, ['type', 'kind', 'channel', 'label'], code), maskable(c, ['value', 'data', 'email', 'phone'], masked));
      else if (typeof c === 'string') push(undefined, maskable(normalized({ value: c }) as Node, ['value'], masked));
    }
    return out;
  }
  push('email', maskable(raw, ['email', 'email_address'], masked));
  push('phone', maskable(raw, ['phone', 'phone_number', 'mobile'], masked));
  return out;
}

function relevance(v: unknown): number | undefined {
  const n = num(v);
  return n !== undefined && n >= 1 && n <= 10 ? n : undefined;
}

/** One contact; undefined when it has no identifier to act on. */
export function readContact(record: unknown, performanceOf?: PerformanceOf): Contact | undefined {
  const read = readRecord(record, performanceOf, TOUCHPOINTS);
  if (!read) return undefined;
  const { found, raw, person, masked, touchpoints } = read;
  const targeting = first(raw, ['agent_targeting', 'targeting'], (v) => v);
  return dropUndefined({
    ...found,
    headline: first(raw, JOB, text) ?? first(person, JOB, text),
    source: networkWord(first(raw, ['source', 'origin', 'contact_source'], code)),
    relevance: first(raw, ['relevance', 'relevance_score', 'score'], relevance) ?? null,
    picture: first(raw, PICTURE, (v) => text(v, BOUND.url)),
    targeting: text(targeting) ?? (isNode(targeting) ? first(targeting, ['name', 'title', 'label', ...ID_KEYS], text) : undefined),
    coordinates: ((own) => (own.length ? own : coordinates(person, masked)))(coordinates(raw, masked)),
    touchpoints,
    createdAt: dateAt(raw, ['created_at', 'added_at', 'date_added']),
  });
}
