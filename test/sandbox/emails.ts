// Emails (spec 000, ops 8, 9, 10): every agent's mail, contact emails waiting for validation, and
// replies waiting for handling.
import type { Account } from './state';
import type { Email } from './records';
import { contactEmail, findContact } from './contact-view';
import { agentFilter, flag, fold, iso, ok, oneOf, paginate, type Answer, type Call } from './rules';

export const EMAIL_CATEGORIES = [
  'received',
  'sent',
  'to_handle',
  'interested',
  'not_interested',
  'neutral',
  'block',
  'auto_reply',
  'antispam',
  'unattributed',
] as const;
type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** Inbound mail from a known contact nobody handled yet (with an AI reply, or none for auto-replies and antispam). */
export const toHandle = (e: Email): boolean => e.direction === 'inbound' && e.lead_id !== null && !e.handled;

/** Scheduled or cancelled outbound mail is the service's own plan, not yet an email. */
const listed = (e: Email): boolean => e.direction === 'inbound' || e.status === 'sent';

/** Whether the `category` filter selects it; one email can be in several (received and interested). */
function inCategory(e: Email, category: EmailCategory): boolean {
  switch (category) {
    case 'sent':
      return e.direction === 'outbound' && e.status === 'sent';
    case 'received':
      return e.direction === 'inbound' && e.lead_id !== null;
    case 'to_handle':
      return toHandle(e);
    case 'unattributed':
      return e.direction === 'inbound' && e.lead_id === null;
    default:
      return e.direction === 'inbound' && e.lead_id !== null && e.classification === category;
  }
}

/** The single category an email shows: its most specific one. */
export function emailCategory(e: Email): string {
  if (e.direction === 'outbound') return e.status === 'sent' ? 'sent' : e.status;
  if (e.lead_id === null) return 'unattributed';
  return e.classification ?? 'received';
}

function emailJson(account: Account, e: Email) {
  const lead = e.lead_id ? findContact(account, e.lead_id) : undefined;
  return {
    id: e.id,
    lead_id: e.lead_id,
    agent_id: e.agent_id,
    agent_name: account.agents.find((a) => a.id === e.agent_id)?.name ?? null,
    direction: e.direction,
    category: emailCategory(e),
    to_handle: toHandle(e),
    from: e.from,
    to: e.to,
    subject: e.subject,
    content: e.content,
    date: iso(e.at),
    prospect: lead ? { firstname: lead.firstname, lastname: lead.lastname, company: lead.company, status: lead.status } : null,
    ai_reply: e.ai_reply,
    handled: e.handled,
    reply: e.reply
      ? { status: e.reply.status, type: e.reply.type, cc_added: e.reply.cc_added, cc: e.reply.cc, content: e.reply.content, date: iso(e.reply.at) }
      : null,
  };
}

function matches(account: Account, e: Email, words: string[], semantic: boolean): boolean {
  const lead = e.lead_id ? findContact(account, e.lead_id) : undefined;
  const text = fold([e.subject, e.content, e.from, e.to, lead?.firstname, lead?.lastname, lead?.company].filter(Boolean).join(' '));
  return semantic ? words.some((w) => text.includes(w)) : text.includes(words.join(' '));
}

/** Op 8. Its per_page maximum is not stated: above 100 it is lowered to 100. */
export function listEmails({ account, query }: Call): Answer {
  const category = oneOf(query, 'category', EMAIL_CATEGORIES);
  const agent = agentFilter(query);
  const semantic = flag(query, 'semantic_search');
  const search = fold(query.get('search') ?? '').trim();
  const words = semantic ? search.split(/\s+/).filter((w) => w.length >= 3) : [search];
  const emails = account.book.emails
    .filter((e) => (category ? inCategory(e, category) : listed(e)))
    .filter((e) => !agent || e.agent_id === agent)
    .filter((e) => !search || matches(account, e, words, semantic))
    .sort((a, b) => b.at - a.at);
  const { data, meta } = paginate(emails, query, 100, true);
  return ok({ data: data.map((e) => emailJson(account, e)), meta });
}

/** Op 9: contacts in `validation` whose first email nobody decided on yet; `email` masked. */
export function emailsToValidate({ account, query }: Call): Answer {
  const agent = agentFilter(query);
  const waiting = account.book.contacts
    .filter((c) => c.status === 'validation' && c.draft && !c.decision && (!agent || c.agent_id === agent))
    .sort((a, b) => a.created_at - b.created_at);
  const { data, meta } = paginate(waiting, query, 100);
  return ok({
    data: data.map((c) => ({
      lead_id: c.id,
      identifier: c.identifier,
      agent_id: c.agent_id,
      agent_name: account.agents.find((a) => a.id === c.agent_id)?.name ?? null,
      firstname: c.firstname,
      lastname: c.lastname,
      job: c.job,
      company: c.company,
      email: contactEmail(account, c),
      subject: c.draft!.subject,
      messages: c.draft!.messages,
      created_at: iso(c.created_at),
    })),
    meta,
  });
}

/** Op 10: replies waiting for handling, oldest first, with the AI's prepared reply. */
export function emailsToHandle({ account, query }: Call): Answer {
  const agent = agentFilter(query);
  const waiting = account.book.emails.filter((e) => toHandle(e) && (!agent || e.agent_id === agent)).sort((a, b) => a.at - b.at);
  const { data, meta } = paginate(waiting, query, 100);
  return ok({ data: data.map((e) => emailJson(account, e)), meta });
}
