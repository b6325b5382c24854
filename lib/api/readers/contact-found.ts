// What the look-up of one person reads of a contacts list (op 2, lib/add-contact/lookup.ts, in the
// background): who each contact is, its profile address as masked or not, its agent and status.
// The Contacts view's reader (contact-list.ts) goes on from here with the rest of each record, by
// the same rules: the background carries no table of touchpoints, coordinates or pictures (issue 40).
import { ownId } from '../body/identity';
import type { Contact } from '../schemas/contacts';
import { first, isNode, nested, normalized, type Node } from '../body/fold';
import { nodesIn, recordList, type Expect } from '../body/envelope';
import { bool, code, text, time } from '../body/values';
import { agentRef, companyName, dropUndefined, personName, personOf, profileKey, readEach } from './fields';
import { COMPANY, PROFILE, STATUS } from '../body/families';
import { isPerformanceWord, maskable, performancePlan, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';

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

type Touchpoint = Contact['touchpoints']['emailSent'];

/** A touchpoint's names: the spec's flag (its `network` also the network's name), the dates that prove it, its bare names. */
export interface TouchpointWords {
  flags: string[];
  dates: string[];
  /** Only inside a nested `touchpoints` object: a record's own `email` is an address. */
  bare: string[];
}

/** The touchpoints that prove a sending: until one of them, a performance-plan agent's contact is masked (spec 000). */
export const PROVING: Record<'emailSent' | 'letterDelivered' | 'networkInvitationSent', TouchpointWords> = {
  emailSent: { flags: ['has_touchpoint_email', 'touchpoint_email'], dates: ['email_sent_at', 'first_email_sent_at'], bare: ['email', 'email_sent'] },
  letterDelivered: { flags: ['has_touchpoint_letter', 'touchpoint_letter'], dates: ['letter_delivered_at'], bare: ['letter', 'letter_delivered'] },
  networkInvitationSent: {
    flags: ['has_touchpoint_network', 'touchpoint_network'],
    dates: ['network_invitation_sent_at', 'invitation_sent_at'],
    bare: ['network'],
  },
};

/** A touchpoint as a boolean (or 0/1, a word), or as the date it happened. */
function touchpointValue(v: unknown): Touchpoint | undefined {
  const b = bool(v);
  if (b !== undefined) return { done: b };
  const at = time(v);
  return at ? { done: true, at } : undefined;
}

/** A touchpoint at the record (flags, `<flag>_at`, dates), else inside its `touchpoints` object (also by its bare names). */
function touchpoint(raw: Node, nestedTouch: Node | undefined, { flags, dates, bare }: TouchpointWords): Touchpoint {
  const own = [...flags, ...flags.map((f) => `${f}_at`), ...dates];
  return first(raw, own, touchpointValue) ?? (nestedTouch && first(nestedTouch, [...own, ...bare], touchpointValue)) ?? { done: false };
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

/** What the look-up compares: who the contact is, its address, its agent and status. */
export type FoundContact = Pick<Contact, 'id' | 'name' | 'company' | 'status' | 'profileUrl' | 'identifier' | 'agentId' | 'agentName'>;

/**
 * A record's contact as the look-up reads it, with the parts the Contacts view's reader goes on
 * with: the record, its person, whether it is masked, and its touchpoints of `words` (at least
 * PROVING's); undefined when it has no identifier to act on.
 */
export function readRecord<T extends string>(
  record: unknown,
  performanceOf: PerformanceOf | undefined,
  words: Record<T | keyof typeof PROVING, TouchpointWords>,
) {
  const raw = normalized(record);
  if (!isNode(raw)) return undefined;
  const contactId = ownId(raw, CONTACTS.ids);
  if (!contactId) return undefined;
  const touch = nested(raw, ['touchpoints', 'touchpoint']);
  const touchpoints = {} as Record<T | keyof typeof PROVING, Touchpoint>;
  for (const name of Object.keys(words) as Array<T | keyof typeof PROVING>) touchpoints[name] = touchpoint(raw, touch, words[name]);
  // Masking is per record (spec 000): only a contact of a performance-plan agent, until a sending
  // is proven. The list's `contacts_masked` only says the account has such an agent, so it masks
  // nothing by itself; values that look masked are caught one by one (maskable).
  const proven = touchpoints.emailSent.done || touchpoints.networkInvitationSent.done || touchpoints.letterDelivered.done;
  const agent = agentRef(raw);
  const agentObj = nested(raw, ['agent']);
  const performance =
    performancePlan(raw) ?? (agentObj ? performancePlan(agentObj) : undefined) ?? (agent.agentId ? performanceOf?.(agent.agentId) : undefined);
  const masked = recordMasked(raw) || (performance === true && !proven);
  // The person may sit in a nested object of the record (`person: {full_name, company}`).
  const person = personOf(raw) ?? {};
  const found: FoundContact = {
    id: contactId,
    name: personName(raw) ?? personName(person),
    company: companyName(raw) ?? companyName(person),
    status: first(raw, [...STATUS, 'contact_status'], code),
    profileUrl: [raw, person].map((o) => maskable(o, [...PROFILE, profileKey(o) ?? 'network_url'], masked)).find(Boolean),
    identifier: first(raw, ['identifier', 'contact_identifier', 'external_id'], text),
    ...agent,
  };
  return { found, raw, person, masked, touchpoints };
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
export function readList<C>(body: unknown, read: (raw: unknown) => C | undefined, asked?: Asked) {
  const list = recordList(body, CONTACTS);
  const { items, skipped, unread } = readEach(list, read, asked?.perPage);
  return { contacts: items, skipped, unread, contactsMasked: contactsMasked(body), page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}

/** A page of contacts as the look-up of one person reads them (lib/add-contact/lookup.ts). */
export function readContactsFound(body: unknown, performanceOf?: PerformanceOf) {
  return readList(body, (raw) => {
    const record = readRecord(raw, performanceOf, PROVING);
    return record && dropUndefined(record.found);
  });
}
