// A contact as the service shows it: touchpoints from the account's records, and pre-contact
// masking for agents billed under the performance model (spec 000, Pre-contact masking).
import type { Account } from './state';
import type { Contact, Touchpoints } from './records';
import { GRACE_MS } from './records';
import { iso, mask } from './rules';

export function findContact(account: Account, id: string): Contact | undefined {
  return account.book.contacts.find((c) => c.id === id);
}

/** The seeded history OR what the emails, letters and network actions on record show. */
function touchpoints(account: Account, c: Contact): Touchpoints {
  const { emails, letters } = account.book;
  const mine = letters.filter((l) => l.lead_id === c.id);
  return {
    email: c.touchpoints.email || emails.some((e) => e.lead_id === c.id && e.direction === 'outbound' && e.status === 'sent'),
    email_answer:
      c.touchpoints.email_answer ||
      emails.some((e) => e.lead_id === c.id && e.direction === 'inbound' && e.classification !== 'auto_reply' && e.classification !== 'antispam'),
    letter: c.touchpoints.letter || mine.some((l) => l.status === 'delivered'),
    network: c.touchpoints.network || account.actions.some((a) => a.contact.id === c.id && a.status === 'sent'),
    letter_flash: c.touchpoints.letter_flash || mine.some((l) => l.scanned_at !== null),
    returned_letter: c.touchpoints.returned_letter || mine.some((l) => l.status === 'returned'),
  };
}

/** Masked while the agent bills per performance and no email, invitation or letter went out. */
export function isMasked(account: Account, c: Contact): boolean {
  if (account.book.profiles[c.agent_id]?.billing !== 'performance') return false;
  const t = touchpoints(account, c);
  const posted = account.book.letters.some((l) => l.lead_id === c.id && (l.status === 'transiting' || l.status === 'returned'));
  return !(t.email || t.network || t.letter || posted);
}

/** True when one agent of the account is on a performance plan (`filters_applied.contacts_masked`). */
export const accountMasks = (account: Account): boolean => Object.values(account.book.profiles).some((p) => p.billing === 'performance');

export function decisionJson(decision: Contact['decision']) {
  if (!decision) return null;
  return { decision: decision.kind, decided_at: iso(decision.at), final_at: iso(decision.at + GRACE_MS) };
}

export function contactJson(account: Account, c: Contact) {
  const t = touchpoints(account, c);
  const masked = isMasked(account, c);
  return {
    id: c.id,
    identifier: c.identifier,
    agent_id: c.agent_id,
    agent_name: account.agents.find((a) => a.id === c.agent_id)?.name ?? null,
    firstname: c.firstname,
    lastname: c.lastname,
    job: c.job,
    company: c.company,
    status: c.status,
    source: c.source,
    relevance: c.relevance,
    network_url: masked && c.network_url !== null ? mask(c.network_url) : c.network_url,
    picture: c.picture,
    agent_targeting: c.agent_targeting,
    contacts: c.contacts.map((p) => ({ type: p.type, value: masked ? mask(p.value) : p.value })),
    has_touchpoint_email: t.email,
    has_touchpoint_email_answer: t.email_answer,
    has_touchpoint_letter: t.letter,
    has_touchpoint_network: t.network,
    has_touchpoint_letter_flash: t.letter_flash,
    has_returned_letter: t.returned_letter,
    ai_context: c.ai_context,
    custom_variables: c.custom_variables,
    email_validation: decisionJson(c.decision),
    processing: c.waiting_for_credits ? 'waiting_for_credits' : c.process_at !== null ? 'scheduled' : null,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  };
}

/** The contact's email address, masked under the rule (emails to validate). */
export function contactEmail(account: Account, c: Contact): string | null {
  const value = c.contacts.find((p) => p.type === 'email')?.value ?? null;
  return value !== null && isMasked(account, c) ? mask(value) : value;
}
