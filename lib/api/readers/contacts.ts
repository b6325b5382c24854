// Contacts (spec 000, operations 2 and 5). Field names beyond the spec's are guesses listed in
// docs/api-assumptions.md.
import type { BlockResult, Contact, ContactList, Touchpoints } from '../schemas/contacts';
import type { Maskable } from '../schemas/common';
import {
  agentRef, bool, code, companyName, date, dropUndefined, first, ID_KEYS, isObj, nested, num, payload, personName,
  readEach, recordsIn, str, type Obj,
} from './fields';
import { maskable, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

export const PROFILE_URL_KEYS = ['network_url', 'linkedin_url', 'profile_url', 'linkedin_profile_url', 'public_profile_url', 'linkedin'];

/** The spec writes `network` where the service may write the network's name (linkedin_auto). */
export const networkWord = (v: string | undefined) => v?.replace(/^linkedin(?=_)/, 'network');

type TouchpointName = keyof Touchpoints;

// Per touchpoint: the spec's flag first, then spellings of the same flag, then dates that prove it.
const TOUCHPOINTS: Record<TouchpointName, { flags: string[]; dates: string[] }> = {
  emailSent: { flags: ['has_touchpoint_email', 'touchpoint_email', 'email'], dates: ['email_sent_at', 'first_email_sent_at'] },
  emailAnswered: {
    flags: ['has_touchpoint_email_answer', 'touchpoint_email_answer', 'email_answer'],
    dates: ['email_answered_at', 'answered_at', 'replied_at'],
  },
  letterDelivered: { flags: ['has_touchpoint_letter', 'touchpoint_letter', 'letter'], dates: ['letter_delivered_at'] },
  letterReturned: {
    flags: ['has_returned_letter', 'returned_letter', 'has_touchpoint_returned_letter', 'letter_returned'],
    dates: ['letter_returned_at', 'returned_at'],
  },
  qrScanned: {
    flags: ['has_touchpoint_letter_flash', 'touchpoint_letter_flash', 'letter_flash', 'qr_scanned'],
    dates: ['qr_scanned_at', 'letter_flash_at', 'scanned_at'],
  },
  networkInvitationSent: {
    flags: ['has_touchpoint_network', 'has_touchpoint_linkedin', 'touchpoint_network', 'touchpoint_linkedin', 'network', 'linkedin'],
    dates: ['network_invitation_sent_at', 'linkedin_invitation_sent_at', 'invitation_sent_at'],
  },
};

/** A touchpoint given as a boolean (or 0/1) or as the date it happened. */
function touchpoint(sources: Obj[], name: TouchpointName): Touchpoints[TouchpointName] {
  const { flags, dates } = TOUCHPOINTS[name];
  for (const o of sources) {
    for (const k of [...flags, ...flags.map((f) => `${f}_at`), ...dates]) {
      const v = o[k];
      const b = bool(v);
      if (b !== undefined) return { done: b };
      const at = date(v);
      if (at) return { done: true, at };
    }
  }
  return { done: false };
}

/** Coordinates: the spec's `contacts[]` ({type, value}), else flat email/phone fields. */
function coordinates(raw: Obj, masked: boolean): Contact['coordinates'] {
  const list = [raw.contacts, raw.coordinates, raw.contact_details].find(Array.isArray) as unknown[] | undefined;
  const out: Contact['coordinates'] = [];
  const push = (type: string | undefined, value: Maskable | undefined) => {
    if (value) out.push(dropUndefined({ type, value }));
  };
  if (list) {
    for (const c of list) {
      if (isObj(c)) push(first(c, ['type', 'kind', 'channel', 'label'], code), maskable(c, ['value', 'data', 'email', 'phone'], masked));
      else if (typeof c === 'string') push(undefined, maskable({ value: c }, ['value'], masked));
    }
    return out;
  }
  push('email', maskable(raw, ['email', 'email_address'], masked));
  push('phone', maskable(raw, ['phone', 'phone_number', 'mobile'], masked));
  return out;
}

function relevance(v: unknown): number | null {
  const n = num(v);
  return n !== undefined && n >= 1 && n <= 10 ? n : null;
}

/** One contact; undefined when it has no identifier to act on. `listMasked`: the list's `contacts_masked`. */
export function readContact(raw: unknown, listMasked = false): Contact | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, [...ID_KEYS, 'lead_id', 'contact_id', 'prospect_id'], str);
  if (!id) return undefined;
  const touch = nested(raw, ['touchpoints', 'touchpoint']);
  const sources = touch ? [raw, touch] : [raw];
  const touchpoints: Touchpoints = {
    emailSent: touchpoint(sources, 'emailSent'),
    emailAnswered: touchpoint(sources, 'emailAnswered'),
    letterDelivered: touchpoint(sources, 'letterDelivered'),
    letterReturned: touchpoint(sources, 'letterReturned'),
    qrScanned: touchpoint(sources, 'qrScanned'),
    networkInvitationSent: touchpoint(sources, 'networkInvitationSent'),
  };
  // When the account has a performance-plan agent, a prospect without proof of sending may be
  // masked whatever its values look like: it is read as masked rather than risk showing a mask as data.
  const proven = touchpoints.emailSent.done || touchpoints.networkInvitationSent.done || touchpoints.letterDelivered.done;
  const masked = recordMasked(raw) || (listMasked && !proven);
  const targeting = raw.agent_targeting ?? raw.targeting;
  return dropUndefined({
    id,
    name: personName(raw),
    headline: first(raw, ['headline', 'job', 'job_title', 'title', 'position', 'occupation'], str),
    company: companyName(raw),
    status: first(raw, ['status', 'state', 'lead_status'], code),
    source: networkWord(first(raw, ['source', 'origin', 'lead_source'], code)),
    relevance: first(raw, ['relevance', 'relevance_score', 'score'], (v) => relevance(v) ?? undefined) ?? null,
    profileUrl: maskable(raw, PROFILE_URL_KEYS, masked),
    picture: first(raw, ['picture', 'avatar', 'photo_url', 'profile_picture', 'picture_url'], str),
    identifier: first(raw, ['identifier', 'lead_identifier', 'external_id'], str),
    targeting: str(targeting) ?? (isObj(targeting) ? first(targeting, ['name', 'title', 'label', ...ID_KEYS], str) : undefined),
    ...agentRef(raw),
    coordinates: coordinates(raw, masked),
    touchpoints,
    createdAt: first(raw, ['created_at', 'createdAt', 'added_at', 'date_added'], date),
  });
}

/** `filters_applied.contacts_masked`, wherever the envelope puts it. */
function contactsMasked(body: unknown): boolean {
  if (!isObj(body)) return false;
  for (const o of [body, body.data, body.meta].filter(isObj)) {
    const filters = nested(o, ['filters_applied', 'filters']);
    const flag = (filters ? bool(filters.contacts_masked) : undefined) ?? bool(o.contacts_masked);
    if (flag !== undefined) return flag;
  }
  return false;
}

export function readContactList(body: unknown, asked?: Asked): ContactList {
  const list = recordsIn(body, ['contacts', 'leads', 'prospects'], 'contacts');
  const masked = contactsMasked(body);
  const { items, skipped } = readEach(list, (raw) => readContact(raw, masked));
  return { contacts: items, skipped, contactsMasked: masked, page: readPage(body, list.length, asked) };
}

/** The answer to blocking a contact (operation 5). */
export function readBlockResult(body: unknown): BlockResult {
  const o = payload(body, ['result', 'block'], 'block');
  return dropUndefined({
    duplicatesBlocked: first(o, ['duplicates_blocked', 'duplicatesBlocked', 'duplicates'], num),
    emailsCancelled: first(o, ['emails_cancelled', 'emailsCancelled', 'cancelled_emails'], num),
    lettersCancelled: first(o, ['letters_cancelled', 'lettersCancelled', 'cancelled_letters'], num),
  });
}
