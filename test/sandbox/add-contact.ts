// Adding a contact to an agent (spec 000, ops 3 and 4, Manual addition pipeline), and the pipeline
// itself in sandbox time: about a minute after the call, the contact is enriched and its invitation
// is a network action in `ready`. Without credits the contact is stored and waits for a top-up.
// `leads_available_service` counts the credits consumed (spec 000, Account credits); what is left
// is the sandbox's own `credits`, which no answer shows.
import type { Account, SandboxAction } from './state';
import type { Contact } from './records';
import { PROCESSING_MS } from './records';
import { contactJson } from './contact-view';
import { assertWritable, findAgent, newId, notFound, ok, Problems, slug, type Answer, type Call } from './rules';

/** https://www.<host>/in/<slug>, optionally with a trailing slash. */
const PROFILE_URL = /^https:\/\/www\.[a-z0-9-]+(\.[a-z0-9-]+)+\/in\/[^/?#\s]+\/?$/i;

function profileOf(account: Account, agentId: string) {
  const profile = account.book.profiles[agentId];
  if (!profile) throw notFound('Agent');
  return profile;
}

/** Op 4: exact required fields, and the fields its emails and letters use. */
export function agentSettings({ account, id }: Call): Answer {
  const agent = findAgent(account, id);
  const p = profileOf(account, id);
  const shape = account.book.settings_shape ?? 'flat';
  if (shape === 'unreadable') return ok({ data: { agent_id: agent.id, name: agent.name, configuration: 'v3', schema_ref: 'cfg_2291' } });
  if (shape === 'lists') {
    const braces = (names: string[]) => names.map((n) => `{${n}}`);
    return ok({
      data: {
        agent_id: agent.id,
        name: agent.name,
        billing: p.billing,
        fields: { required: ['network_url', ...p.custom_variables.map((v) => v.name)], optional: ['identifier', 'ai_context'] },
        templates: { emails: { variables: braces(p.email_fields) }, letters: { variables: braces(p.letter_fields) } },
      },
    });
  }
  return ok({
    data: {
      agent_id: agent.id,
      name: agent.name,
      status: agent.status,
      source: p.source,
      billing: p.billing,
      required_fields: ['network_url', ...p.custom_variables.map((v) => v.name)],
      optional_fields: ['identifier', 'ai_context'],
      custom_variables: p.custom_variables.map((v) => ({ name: v.name, label: v.label, required: true, used_in: v.used_in })),
      email_fields: p.email_fields,
      letter_fields: p.letter_fields,
      letters_enabled: p.letters_enabled,
      network_enabled: p.network_enabled,
    },
  });
}

/**
 * Op 3. 201 with the stored contact (status `enrich`, `processing` `scheduled` or
 * `waiting_for_credits`) and the credits consumed so far. Duplicates are refused with 422: an `identifier`
 * already used in the account, or a profile already a contact of this agent.
 */
export function addContact({ account, id, body, now }: Call): Answer {
  findAgent(account, id);
  const profile = profileOf(account, id);
  assertWritable(account, id);
  const { book } = account;
  const problems = new Problems();
  const { network_url: url, identifier, ai_context: context } = body;
  if (url === undefined || url === null || url === '') problems.miss('network_url');
  else if (typeof url !== 'string' || !PROFILE_URL.test(url.trim())) {
    problems.bad('network_url', 'The network_url must be a full profile URL: https://www.<host>/in/<slug>.');
  } else if (book.contacts.some((c) => c.agent_id === id && sameProfile(c.network_url, url))) {
    problems.bad('network_url', 'This profile is already a contact of this agent.');
  }
  if (identifier !== undefined && identifier !== null && identifier !== '') {
    if (typeof identifier !== 'string') problems.bad('identifier', 'The identifier must be a string.');
    else if (book.contacts.some((c) => c.identifier === identifier)) problems.bad('identifier', 'The identifier has already been taken.');
  }
  if (context !== undefined && context !== null && typeof context !== 'string') problems.bad('ai_context', 'The ai_context must be a string.');
  const custom: Record<string, string> = {};
  for (const variable of profile.custom_variables) {
    const value = body[variable.name];
    if (value === undefined || value === null || value === '')
      problems.miss(variable.name, `The ${variable.name} field is required by this agent's ${variable.used_in.join(' and ')}.`);
    else if (typeof value !== 'string') problems.bad(variable.name, `The ${variable.name} field must be a string.`);
    else custom[variable.name] = value;
  }
  problems.check();

  const paid = book.credits > 0;
  if (paid) spendCredit(book);
  const contactId = newId(book, 'ld');
  const contact: Contact = {
    id: contactId,
    identifier: typeof identifier === 'string' && identifier !== '' ? identifier : `auto-${contactId.slice(3)}`,
    agent_id: id,
    firstname: null,
    lastname: null,
    job: null,
    company: null,
    status: 'enrich',
    source: 'network_manual',
    relevance: null,
    network_url: (url as string).trim().replace(/\/$/, ''),
    picture: null,
    agent_targeting: null,
    contacts: [],
    touchpoints: { email: false, email_answer: false, letter: false, network: false, letter_flash: false, returned_letter: false },
    ai_context: typeof context === 'string' && context !== '' ? context : null,
    custom_variables: custom,
    postal: null,
    created_at: now,
    updated_at: now,
    process_at: paid ? now + PROCESSING_MS : null,
    waiting_for_credits: !paid,
    draft: null,
    decision: null,
  };
  book.contacts.push(contact);
  return ok(
    {
      message: paid ? 'Contact added; processing starts shortly.' : 'Contact stored; it is processed after the next credit top-up.',
      data: contactJson(account, contact),
      meta: { leads_available_service: book.leads_available_service },
    },
    201,
  );
}

function sameProfile(a: string | null, b: string): boolean {
  const key = (u: string) =>
    u
      .trim()
      .replace(/\/$/, '')
      .toLowerCase()
      .replace(/^https:\/\/www\.[^/]+/, '');
  return a !== null && key(a) === key(b);
}

/** One credit moves from what is left to what is consumed. */
function spendCredit(book: Account['book']): void {
  book.credits -= 1;
  book.leads_available_service += 1;
}

/** Credits left set to `amount`; stored contacts waiting for credits are scheduled while credits last. */
export function topUpCredits(account: Account, amount: number, now: number): void {
  const { book } = account;
  book.credits = amount;
  for (const c of book.contacts.filter((x) => x.waiting_for_credits).sort((x, y) => x.created_at - y.created_at)) {
    if (book.credits === 0) break;
    spendCredit(book);
    c.waiting_for_credits = false;
    c.process_at = now + PROCESSING_MS;
  }
}

const JOBS = ['Head of Sales', 'Directeur commercial', 'COO', 'Business Developer', 'Founder'];
const COMPANIES = ['Altaïr Conseil', 'Brightwave', 'Cobalt Systems', 'Delta Logistique', 'Evergreen Labs'];
const NOTES = {
  fr: (first: string) => `Bonjour ${first}, votre profil a retenu mon attention. Ravi d'échanger avec vous !`,
  en: (first: string) => `Hi ${first}, your profile caught my eye. Would be glad to connect!`,
};

/** A name from the profile's slug (camille-lefevre-4a1b2c → Camille Lefevre), as enrichment would find. */
function nameFromSlug(url: string): [string, string] {
  const tail = decodeURIComponent(url.replace(/\/$/, '').split('/in/')[1] ?? '');
  const words = slug(tail)
    .split('-')
    .filter((w) => w !== '' && !/\d/.test(w));
  const cap = (w: string | undefined) => (w ? w[0]!.toUpperCase() + w.slice(1) : 'Prospect');
  return [cap(words[0]), words.length > 1 ? words.slice(1).map(cap).join(' ') : ''];
}

/** Contacts whose minute is up are enriched and, on network agents, become a ready invitation. */
export function processAddedContacts(account: Account, now: number): void {
  const { book } = account;
  for (const c of book.contacts) {
    if (c.process_at === null || now < c.process_at) continue;
    const at = c.process_at;
    const [firstname, lastname] = nameFromSlug(c.network_url ?? '');
    const pick = c.id.length % JOBS.length;
    Object.assign(c, { firstname, lastname, job: JOBS[pick]!, company: COMPANIES[pick]!, status: 'contact', relevance: 7, process_at: null, updated_at: at });
    const profile = book.profiles[c.agent_id];
    if (!profile?.network_enabled || !c.network_url) continue;
    const action: SandboxAction = {
      id: newId(book, 'na'),
      status: 'ready',
      message: NOTES[profile.language](firstname),
      agent_id: c.agent_id,
      contact: { id: c.id, firstname, lastname, job: c.job!, company: c.company!, network_url: c.network_url },
      created_at: at,
      updated_at: at,
      sent_at: null,
      failed_at: null,
      metadata: null,
    };
    account.actions.push(action);
  }
}
