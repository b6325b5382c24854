// Contacts (spec 000, ops 2 and 5): the filtered list with `filters_applied.contacts_masked`, and
// blocking a contact with its duplicates.
import type { Account } from './state';
import type { Contact } from './records';
import { CONTACT_SOURCES, CONTACT_STATUSES } from './records';
import { accountMasks, contactJson, findContact, isMasked } from './contact-view';
import { addEntry, entryJson, postalIdentity } from './blocklist';
import { emailCategory } from './emails';
import { agentFilter, assertWritable, flag, fold, iso, notFound, ok, oneOf, paginate, type Answer, type Call } from './rules';

const SORT_FIELDS = ['created_at', 'updated_at', 'relevance', 'firstname', 'lastname', 'company', 'status'] as const;

/**
 * `search` matches names, company, job and identifier, and contact coordinates (emails, phones, profile URL)
 * only of unmasked contacts (masking rule 4). `semantic_search` matches any word of three letters
 * or more, also in the AI context, as a stand-in for the service's AI search.
 */
function matches(account: Account, c: Contact, search: string, semantic: boolean): boolean {
  const named = fold([c.firstname, c.lastname, c.company, c.job, c.identifier].filter(Boolean).join(' '));
  const coordinates = isMasked(account, c) ? '' : fold([c.network_url ?? '', ...c.contacts.map((p) => p.value)].join(' '));
  if (!semantic) return named.includes(search) || coordinates.includes(search);
  const text = `${named} ${fold(c.ai_context ?? '')} ${coordinates}`;
  return search.split(/\s+/).some((word) => word.length >= 3 && text.includes(word));
}

function compare(field: (typeof SORT_FIELDS)[number]) {
  return (a: Contact, b: Contact): number => {
    const x = a[field];
    const y = b[field];
    if (x === y) return 0;
    if (x === null) return 1; // unscored and unnamed contacts go last either way round
    if (y === null) return -1;
    return typeof x === 'number' && typeof y === 'number' ? x - y : fold(String(x)).localeCompare(fold(String(y)));
  };
}

/** Op 2. */
export function listContacts({ account, query }: Call): Answer {
  const status = oneOf(query, 'status_filter', CONTACT_STATUSES);
  const source = oneOf(query, 'source_filter', CONTACT_SOURCES);
  const sortField = oneOf(query, 'sort_field', SORT_FIELDS) ?? 'created_at';
  const direction = oneOf(query, 'sort_direction', ['asc', 'desc'] as const) ?? 'desc';
  const semantic = flag(query, 'semantic_search');
  const withEmails = flag(query, 'include_emails');
  const agent = agentFilter(query);
  const targeting = query.get('targeting_filter');
  const search = fold(query.get('search') ?? '').trim();
  const byField = compare(sortField);
  const contacts = account.book.contacts
    .filter((c) => (!status || c.status === status) && (!source || c.source === source))
    .filter((c) => (!agent || c.agent_id === agent) && (!targeting || c.agent_targeting?.id === targeting))
    .filter((c) => !search || matches(account, c, search, semantic))
    .sort((a, b) => {
      const order = byField(a, b);
      if (order !== 0 && (a[sortField] === null || b[sortField] === null)) return order;
      return (direction === 'asc' ? order : -order) || a.id.localeCompare(b.id);
    });
  const { data, meta } = paginate(contacts, query, 100);
  return ok({
    data: data.map((c) => {
      const json = contactJson(account, c);
      if (!withEmails) return json;
      const emails = account.book.emails
        .filter((e) => e.lead_id === c.id && (e.direction === 'inbound' || e.status === 'sent'))
        .map((e) => ({ id: e.id, direction: e.direction, category: emailCategory(e), subject: e.subject, date: iso(e.at) }));
      return { ...json, emails };
    }),
    meta,
    filters_applied: {
      contacts_masked: accountMasks(account),
      search: search || null,
      semantic_search: semantic,
      status_filter: status,
      source_filter: source,
      agent_filter: agent,
      targeting_filter: targeting,
      sort_field: sortField,
      sort_direction: direction,
      include_emails: withEmails,
    },
  });
}

/**
 * Op 5: the contact and every contact of the account sharing one of its emails become `block`; its
 * emails and postal identity join the blocklist; pending emails (the first email waiting for
 * validation, unhandled replies, waiting replies, scheduled follow-ups) and letters not yet
 * generated are cancelled. Blocking again answers 200 with zero counts (a retried request is harmless).
 */
export function blockContact({ account, id, now }: Call): Answer {
  const lead = findContact(account, id);
  if (!lead) throw notFound('Contact');
  assertWritable(account, lead.agent_id);
  const { book } = account;
  const emails = lead.contacts.filter((p) => p.type === 'email').map((p) => p.value.toLowerCase());
  const duplicates = book.contacts.filter(
    (c) => c !== lead && c.status !== 'block' && c.contacts.some((p) => p.type === 'email' && emails.includes(p.value.toLowerCase())),
  );
  const blocked = [lead, ...duplicates];
  const ids = new Set(blocked.map((c) => c.id));
  let emailsCancelled = 0;
  let lettersCancelled = 0;
  for (const c of blocked) {
    if (c.draft) emailsCancelled++;
    Object.assign(c, { status: 'block', draft: null, decision: null, process_at: null, waiting_for_credits: false, updated_at: now });
  }
  for (const e of book.emails) {
    if (!e.lead_id || !ids.has(e.lead_id)) continue;
    if (e.direction === 'outbound' && e.status === 'scheduled') e.status = 'cancelled';
    else if (e.direction === 'inbound' && e.ai_reply !== null && !e.handled) e.handled = true;
    else if (e.reply?.status === 'waiting') e.reply.status = 'cancelled';
    else continue;
    emailsCancelled++;
  }
  for (const l of book.letters) {
    if (!ids.has(l.lead_id) || l.status !== 'validating') continue;
    Object.assign(l, { status: 'cancelled', decision: null, updated_at: now });
    lettersCancelled++;
  }
  const added = emails.map((value) => addEntry(book, 'email', value, now).entry);
  if (lead.postal && lead.firstname && lead.lastname) {
    added.push(addEntry(book, 'address', postalIdentity(lead.firstname, lead.lastname, lead.postal.zip), now).entry);
  }
  return ok({
    message: 'Contact blocked.',
    data: {
      lead_id: lead.id,
      status: 'block',
      duplicates_blocked: duplicates.length,
      emails_cancelled: emailsCancelled,
      letters_cancelled: lettersCancelled,
      blocklist: added.map(entryJson),
    },
  });
}
