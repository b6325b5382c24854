// Contacts (spec 000, operations 2 and 5). Field names beyond the spec's are guesses listed in
// docs/api-assumptions.md.
import type { BlockResult, Contact, ContactList, Touchpoints } from '../schemas/contacts';
import type { Maskable } from '../schemas/common';
import {
  agentRef,
  bool,
  code,
  companyName,
  date,
  dropUndefined,
  first,
  ID_KEYS,
  isObj,
  nested,
  num,
  payload,
  PERSON_KEYS,
  personName,
  readEach,
  recordsIn,
  str,
  type Obj,
} from './fields';
import { isPerformanceWord, maskable, performancePlan, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

const PROFILE_URL_KEYS = ['network_url', 'linkedin_url', 'profile_url', 'linkedin_profile_url', 'public_profile_url', 'linkedin'];

/** The spec writes `network` where the service may write the network's name (linkedin_auto). */
const networkWord = (v: string | undefined) => v?.replace(/^linkedin(?=_)/, 'network');

type TouchpointName = keyof Touchpoints;

// Per touchpoint: the spec's flag, its spellings, dates that prove it, and its bare name inside a
// nested `touchpoints` object (only there: a record's own `email` is an address).
const TOUCHPOINTS: Record<TouchpointName, { flags: string[]; dates: string[]; bare: string[] }> = {
  emailSent: { flags: ['has_touchpoint_email', 'touchpoint_email'], dates: ['email_sent_at', 'first_email_sent_at'], bare: ['email', 'email_sent'] },
  emailAnswered: {
    flags: ['has_touchpoint_email_answer', 'touchpoint_email_answer'],
    dates: ['email_answered_at', 'answered_at', 'replied_at'],
    bare: ['email_answer', 'email_answered'],
  },
  letterDelivered: { flags: ['has_touchpoint_letter', 'touchpoint_letter'], dates: ['letter_delivered_at'], bare: ['letter', 'letter_delivered'] },
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
  networkInvitationSent: {
    flags: ['has_touchpoint_network', 'has_touchpoint_linkedin', 'touchpoint_network', 'touchpoint_linkedin'],
    dates: ['network_invitation_sent_at', 'linkedin_invitation_sent_at', 'invitation_sent_at'],
    bare: ['network', 'linkedin'],
  },
};

/** A touchpoint given as a boolean (or 0/1) or as the date it happened. */
function touchpoint(raw: Obj, nestedTouch: Obj | undefined, name: TouchpointName): Touchpoints[TouchpointName] {
  const { flags, dates, bare } = TOUCHPOINTS[name];
  const own = [...flags, ...flags.map((f) => `${f}_at`), ...dates];
  for (const [o, keys] of [
    [raw, own],
    [nestedTouch ?? {}, [...own, ...bare]],
  ] as const) {
    for (const k of keys) {
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

/** Whether an agent is billed under the performance model, as the account's answers said; undefined when unknown. */
export type PerformanceOf = (agentId: string) => boolean | undefined;

/** Each agent's plan as the account (op 1) words it, when it does. */
export function performanceFromAgents(agents: ReadonlyArray<{ id: string; plan?: string | undefined }>): PerformanceOf {
  return (agentId) => {
    const plan = agents.find((a) => a.id === agentId)?.plan;
    return plan === undefined ? undefined : isPerformanceWord(plan);
  };
}

/** One contact; undefined when it has no identifier to act on. */
export function readContact(raw: unknown, performanceOf?: PerformanceOf): Contact | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, [...ID_KEYS, 'lead_id', 'contact_id', 'prospect_id'], str);
  if (!id) return undefined;
  const touch = nested(raw, ['touchpoints', 'touchpoint']);
  const touchpoints = Object.fromEntries((Object.keys(TOUCHPOINTS) as TouchpointName[]).map((name) => [name, touchpoint(raw, touch, name)])) as Touchpoints;
  // Masking is per record (spec 000): only a contact of a performance-plan agent, until a sending
  // is proven. The list's `contacts_masked` only says the account has such an agent, so it masks
  // nothing by itself; values that look masked are caught one by one (maskable).
  const proven = touchpoints.emailSent.done || touchpoints.networkInvitationSent.done || touchpoints.letterDelivered.done;
  const agent = agentRef(raw);
  const agentObj = nested(raw, ['agent', 'campaign']);
  const performance =
    performancePlan(raw) ?? (agentObj ? performancePlan(agentObj) : undefined) ?? (agent.agentId ? performanceOf?.(agent.agentId) : undefined);
  const masked = recordMasked(raw) || (performance === true && !proven);
  const targeting = raw.agent_targeting ?? raw.targeting;
  // The person may sit in a nested object of the record (`person: {full_name, company}`).
  const person = nested(raw, PERSON_KEYS) ?? {};
  const job = ['headline', 'job', 'job_title', 'title', 'position', 'occupation'];
  return dropUndefined({
    id,
    name: personName(raw) ?? personName(person),
    headline: first(raw, job, str) ?? first(person, job, str),
    company: companyName(raw) ?? companyName(person),
    status: first(raw, ['status', 'state', 'lead_status'], code),
    source: networkWord(first(raw, ['source', 'origin', 'lead_source'], code)),
    relevance: first(raw, ['relevance', 'relevance_score', 'score'], (v) => relevance(v) ?? undefined) ?? null,
    profileUrl: maskable(raw, PROFILE_URL_KEYS, masked),
    picture: first(raw, ['picture', 'avatar', 'photo_url', 'profile_picture', 'picture_url'], str),
    identifier: first(raw, ['identifier', 'lead_identifier', 'external_id'], str),
    targeting: str(targeting) ?? (isObj(targeting) ? first(targeting, ['name', 'title', 'label', ...ID_KEYS], str) : undefined),
    ...agent,
    coordinates: ((own) => (own.length ? own : coordinates(person, masked)))(coordinates(raw, masked)),
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

export function readContactList(body: unknown, asked?: Asked, performanceOf?: PerformanceOf): ContactList {
  const list = recordsIn(body, ['contacts', 'leads', 'prospects'], 'contacts');
  const masked = contactsMasked(body);
  const { items, skipped } = readEach(list, (raw) => readContact(raw, performanceOf));
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
