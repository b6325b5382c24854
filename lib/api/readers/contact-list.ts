// Contacts (spec 000, operation 2), read from the body as lib/api/body folds it: each field named
// once, in the spec's spelling, with its true synonyms (docs/api-assumptions.md). Without the lines
// the rules could not place (contacts.ts adds them for the Contacts view): the popup's look-up of
// one person shows none, and so loads no unplaced rules (issue 40).
import type { Contact, ContactList, Touchpoints } from '../schemas/contacts';
import type { Maskable } from '../schemas/common';
import { first, isNode, nested, normalized, type Node } from '../body/fold';
import { nodesIn, recordList, type Expect } from '../body/envelope';
import { BOUND, bool, code, id, num, text, time } from '../body/values';
import { agentRef, companyName, dateAt, dropUndefined, personName, personOf, profileKey, readEach } from './fields';
import { COMPANY, JOB, PICTURE, PROFILE, STATUS } from '../body/families';
import { ID_KEYS } from './record-names';
import { isPerformanceWord, maskable, performancePlan, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

/** The spec writes `network` where the service may write the network's name (linkedin_auto). */
const networkWord = (v: string | undefined) => v?.replace(/^linkedin(?=_)/, 'network');

type TouchpointName = keyof Touchpoints;

// Per touchpoint: the spec's flag (its `network` also the network's name), dates that prove it,
// and its bare name inside a nested `touchpoints` object (only there: a record's own `email` is an address).
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
    flags: ['has_touchpoint_network', 'touchpoint_network'],
    dates: ['network_invitation_sent_at', 'invitation_sent_at'],
    bare: ['network'],
  },
};

/** What a contacts list's records carry. */
const CONTACTS: Expect = {
  op: 'listContacts',
  what: 'contacts',
  ids: ['id', 'hashed_id', 'uuid', 'contact_id'],
  fields: [
    'firstname',
    'lastname',
    'full_name',
    'display_name',
    ...PROFILE,
    'source',
    'relevance',
    'picture',
    'identifier',
    ...COMPANY,
    'job',
    'contacts',
    'agent_targeting',
    'has_touchpoint_email',
    'has_touchpoint_network',
    'touchpoints',
    'person',
    'contact',
    'profile',
  ],
};

const TOUCHPOINT_NAMES: TouchpointName[] = ['emailSent', 'emailAnswered', 'letterDelivered', 'letterReturned', 'qrScanned', 'networkInvitationSent'];

// Made on first use, not when the module loads: the background imports this module for
// lib/add-contact/lookup.ts without reading contacts, and its bundle keeps top-level calls.
const TOUCHPOINT_KEYS: Partial<Record<TouchpointName, { own: string[]; inside: string[] }>> = {};

/** A touchpoint's names at the record (flags, `<flag>_at`, dates), and inside a `touchpoints` object (also its bare names). */
function touchpointKeys(name: TouchpointName): { own: string[]; inside: string[] } {
  let keys = TOUCHPOINT_KEYS[name];
  if (!keys) {
    const { flags, dates, bare } = TOUCHPOINTS[name];
    const own = [...flags, ...flags.map((f) => `${f}_at`), ...dates];
    keys = TOUCHPOINT_KEYS[name] = { own, inside: [...own, ...bare] };
  }
  return keys;
}

/** A touchpoint as a boolean (or 0/1, a word), or as the date it happened. */
function touchpointValue(v: unknown): Touchpoints[TouchpointName] | undefined {
  const b = bool(v);
  if (b !== undefined) return { done: b };
  const at = time(v);
  return at ? { done: true, at } : undefined;
}

function touchpoint(raw: Node, nestedTouch: Node | undefined, name: TouchpointName): Touchpoints[TouchpointName] {
  const { own, inside } = touchpointKeys(name);
  return first(raw, own, touchpointValue) ?? (nestedTouch && first(nestedTouch, inside, touchpointValue)) ?? { done: false };
}

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
export function readContact(record: unknown, performanceOf?: PerformanceOf): Contact | undefined {
  const raw = normalized(record);
  if (!isNode(raw)) return undefined;
  const contactId = first(raw, CONTACTS.ids, id);
  if (!contactId) return undefined;
  const touch = nested(raw, ['touchpoints', 'touchpoint']);
  const touchpoints = {} as Touchpoints;
  for (const name of TOUCHPOINT_NAMES) touchpoints[name] = touchpoint(raw, touch, name);
  // Masking is per record (spec 000): only a contact of a performance-plan agent, until a sending
  // is proven. The list's `contacts_masked` only says the account has such an agent, so it masks
  // nothing by itself; values that look masked are caught one by one (maskable).
  const proven = touchpoints.emailSent.done || touchpoints.networkInvitationSent.done || touchpoints.letterDelivered.done;
  const agent = agentRef(raw);
  const agentObj = nested(raw, ['agent']);
  const performance =
    performancePlan(raw) ?? (agentObj ? performancePlan(agentObj) : undefined) ?? (agent.agentId ? performanceOf?.(agent.agentId) : undefined);
  const masked = recordMasked(raw) || (performance === true && !proven);
  const targeting = first(raw, ['agent_targeting', 'targeting'], (v) => v);
  // The person may sit in a nested object of the record (`person: {full_name, company}`).
  const person = personOf(raw) ?? {};
  return dropUndefined({
    id: contactId,
    name: personName(raw) ?? personName(person),
    headline: first(raw, JOB, text) ?? first(person, JOB, text),
    company: companyName(raw) ?? companyName(person),
    status: first(raw, [...STATUS, 'contact_status'], code),
    source: networkWord(first(raw, ['source', 'origin', 'contact_source'], code)),
    relevance: first(raw, ['relevance', 'relevance_score', 'score'], relevance) ?? null,
    profileUrl: [raw, person].map((o) => maskable(o, [...PROFILE, profileKey(o) ?? 'network_url'], masked)).find(Boolean),
    picture: first(raw, PICTURE, (v) => text(v, BOUND.url)),
    identifier: first(raw, ['identifier', 'contact_identifier', 'external_id'], text),
    targeting: text(targeting) ?? (isNode(targeting) ? first(targeting, ['name', 'title', 'label', ...ID_KEYS], text) : undefined),
    ...agent,
    coordinates: ((own) => (own.length ? own : coordinates(person, masked)))(coordinates(raw, masked)),
    touchpoints,
    createdAt: dateAt(raw, ['created_at', 'added_at', 'date_added']),
  });
}

/** `filters_applied.contacts_masked` (or a bare `contacts_masked`), wherever the envelope puts it. */
function contactsMasked(body: unknown): boolean {
  const root = normalized(body);
  if (!isNode(root)) return false;
  for (const o of nodesIn(root, 2)) {
    const filters = nested(o, ['filters_applied', 'filters']);
    const flag = (filters ? first(filters, ['contacts_masked'], bool) : undefined) ?? first(o, ['contacts_masked'], bool);
    if (flag !== undefined) return flag;
  }
  return false;
}

/** A page of contacts read by `read`, at most the `per_page` asked (100 when not said). */
export function readList(body: unknown, read: (raw: unknown) => Contact | undefined, asked?: Asked): ContactList {
  const list = recordList(body, CONTACTS);
  const { items, skipped } = readEach(list, read, asked?.perPage);
  return { contacts: items, skipped, contactsMasked: contactsMasked(body), page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}

/** A page of contacts without the lines the rules could not place: the look-up of one person (lib/add-contact/lookup.ts). */
export function readContactsFound(body: unknown, performanceOf?: PerformanceOf): ContactList {
  return readList(body, (raw) => readContact(raw, performanceOf));
}
