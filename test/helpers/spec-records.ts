// Records of every operation (spec 000, 1 to 27) built from the spec's fields, in the spec's own
// spelling (snake_case, ISO 8601 times, true/false, numbers), for the readers' property tests:
// what each answer holds, and how its body is written. The layouts are the sandbox's, so that
// test/sandbox/random-shape.ts can write them in any shape the reading rules allow. This file is
// long because it is one table: an arbitrary per kind of record.
import fc from 'fast-check';

type Row = Record<string, unknown>;

const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const lower = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwyzéèçñ'), minLength: 2, maxLength: 9 });
const word = lower.map(cap);
const words = fc.array(lower, { minLength: 1, maxLength: 8 }).map((w) => cap(w.join(' ')));
/** Whole seconds between 2001 and 2100: every time format, epoch seconds included, can say them exactly. */
const instant = fc.integer({ min: 978_307_200, max: 4_102_444_800 }).map((s) => new Date(s * 1000).toISOString());
const day = instant.map((t) => t.slice(0, 10));
const hashed = (prefix: string) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijkmnpqrstuvwyzABCDEFGHJKLMNPQRSTUVWYZ23456789'), minLength: 6, maxLength: 10 }).map((s) => `${prefix}_${s}`);
const email = fc.tuple(lower, lower).map(([a, b]) => `${a}.${b}@${b}.example`.normalize('NFD').replace(/\p{M}/gu, ''));
const profile = lower.map((s) => `https://www.linkedin.com/in/${encodeURIComponent(s)}-4a1b`);
const count = fc.integer({ min: 0, max: 500 });
const agentId = fc.constantFrom('ag_7Kq2mX9pLs', 'ag_R4tVw8ZbNe', 'ag_H1cJ5yUoDq');
const person = { firstname: fc.option(word, { nil: null }), lastname: fc.option(word, { nil: null }) };
const uniqueBy = <T extends Row>(arb: fc.Arbitrary<T>, key: string, maxLength = 5) => fc.uniqueArray(arb, { selector: (r) => r[key], maxLength });

const contact = fc.record({
  id: hashed('ld'),
  identifier: hashed('crm'),
  agent_id: agentId,
  agent_name: fc.option(words, { nil: null }),
  ...person,
  job: fc.option(words, { nil: null }),
  company: fc.option(words, { nil: null }),
  status: fc.constantFrom('enrich', 'neutral', 'contact', 'validation', 'nurture', 'won', 'lost', 'later', 'noanswer', 'error', 'block', 'cancelled'),
  source: fc.constantFrom('network_auto', 'network_manual', 'competitor', 'smart_auto', 'inbound_email', 'manual'),
  relevance: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  network_url: fc.option(profile, { nil: null }),
  picture: fc.constant(null),
  agent_targeting: fc.option(fc.record({ id: hashed('tg'), name: words }), { nil: null }),
  contacts: fc.array(fc.record({ type: fc.constantFrom('email', 'phone'), value: email }), { maxLength: 2 }),
  has_touchpoint_email: fc.boolean(),
  has_touchpoint_email_answer: fc.boolean(),
  has_touchpoint_letter: fc.boolean(),
  has_touchpoint_network: fc.boolean(),
  has_touchpoint_letter_flash: fc.boolean(),
  has_returned_letter: fc.boolean(),
  created_at: instant,
});

const prospect = fc.option(fc.record({ ...person, company: fc.option(words, { nil: null }), status: fc.constantFrom('validation', 'won', 'nurture') }), {
  nil: null,
});

const emailRecord = fc.record({
  id: hashed('em'),
  lead_id: fc.option(hashed('ld'), { nil: null }),
  agent_id: agentId,
  agent_name: words,
  direction: fc.constantFrom('inbound', 'outbound'),
  category: fc.constantFrom('received', 'sent', 'interested', 'not_interested', 'neutral', 'auto_reply'),
  to_handle: fc.boolean(),
  from: email,
  to: email,
  subject: words,
  content: words,
  date: instant,
  prospect,
  ai_reply: fc.option(words, { nil: null }),
  handled: fc.boolean(),
  reply: fc.constant(null),
});

const stepKey = fc.constantFrom('email_1', 'follow_up_1', 'follow_up_2', 'p_s', 'relance');
const toValidate = fc.record({
  lead_id: hashed('ld'),
  identifier: hashed('crm'),
  agent_id: agentId,
  agent_name: words,
  ...person,
  job: fc.option(words, { nil: null }),
  company: fc.option(words, { nil: null }),
  email: email,
  subject: words,
  messages: fc.uniqueArray(fc.tuple(stepKey, words), { selector: ([k]) => k, minLength: 1, maxLength: 3 }).map((pairs) => Object.fromEntries(pairs)),
  created_at: instant,
});

const letter = fc.record({
  id: hashed('lt'),
  lead_id: hashed('ld'),
  lead_identifier: fc.option(hashed('crm'), { nil: null }),
  agent_id: agentId,
  agent_name: words,
  status: fc.constantFrom('validating', 'generating', 'printing', 'sending', 'transiting', 'delivered', 'returned'),
  category: fc.constantFrom('to_validate', 'validated', 'in_preparation', 'delivered'),
  qr_scanned: fc.boolean(),
  prospect: fc.option(fc.record({ ...person, company: fc.option(words, { nil: null }) }), { nil: null }),
  address: fc.record({
    firstname: word,
    lastname: word,
    company: fc.option(words, { nil: null }),
    line1: words,
    line2: fc.option(words, { nil: null }),
    zip: fc.constantFrom('29200', '69002', '75011'),
    city: word,
    country: word,
  }),
  blocks: uniqueBy(fc.record({ id: fc.constantFrom('intro', 'body', 'closing', 'ps'), content: words }), 'id', 4),
  validation: fc.constant(null),
  created_at: instant,
  updated_at: instant,
  sent_at: fc.option(instant, { nil: null }),
});

const meeting = fc
  .record({
    id: hashed('ev'),
    agent_id: agentId,
    lead_id: fc.option(hashed('ld'), { nil: null }),
    status: fc.constantFrom('success', 'failed', 'calendar_disconnected'),
    meeting_mode: fc.constantFrom('visio', 'phone'),
    meeting_url: fc.option(profile, { nil: null }),
    phone: fc.option(fc.constantFrom('+33 6 12 34 56 78', '+1 415 555 0101'), { nil: null }),
    contact_email: email,
    contact_firstname: fc.option(word, { nil: null }),
    contact_lastname: fc.option(word, { nil: null }),
    starts_at: instant,
    duration_minutes: fc.constantFrom(15, 30, 45),
    created_at: instant,
  })
  .map((m) => ({ ...m, ends_at: new Date(Date.parse(m.starts_at) + m.duration_minutes * 60_000).toISOString() }));

const action = fc.record({
  id: hashed('na'),
  status: fc.constant('ready'),
  message: fc.option(words, { nil: null }),
  agent_id: agentId,
  agent_name: words,
  contact: fc.record({ id: hashed('ld'), firstname: word, lastname: word, job: words, company: words, network_url: profile }),
  metadata: fc.constant(null),
  created_at: instant,
  updated_at: instant,
  sent_at: fc.constant(null),
});

const reflex = fc.record({
  id: hashed('rf'),
  name: words,
  description: words,
  status: fc.constantFrom('active', 'paused'),
  is_protected: fc.boolean(),
  created_at: instant,
  stats: fc.record({ triggered_total: count, triggered_last_30_days: count, last_triggered_at: instant }),
  executions: fc.array(fc.record({ id: hashed('rx'), lead_id: hashed('ld'), prospect_name: words, company: words, ai_analysis: words, executed_at: instant }), {
    maxLength: 5,
  }),
});

const entry = fc.record({ id: hashed('bl'), type: fc.constantFrom('email', 'domain', 'company', 'siren'), value: words, created_at: instant });

const page = (n: number) =>
  fc
    .record({ current_page: fc.integer({ min: 1, max: 3 }), per_page: fc.integer({ min: Math.max(1, n), max: 100 }), extra: fc.integer({ min: 0, max: 40 }) })
    .map((p) => {
      const total = (p.current_page - 1) * p.per_page + n + p.extra;
      return { current_page: p.current_page, per_page: p.per_page, total, last_page: Math.max(1, Math.ceil(total / p.per_page)) };
    });

/** A list answer: its records, pagination as the sandbox writes it, and what the caller asked. */
function listOf<T extends Row>(records: fc.Arbitrary<T[]>, extra: Row = {}) {
  return records.chain((data) =>
    page(data.length).map((meta) => ({ body: { success: true, data, meta, ...extra } as Row, asked: { page: meta.current_page, perPage: meta.per_page } })),
  );
}

const one = (data: fc.Arbitrary<Row>, message = fc.option(words, { nil: undefined })) =>
  fc.record({ data, message }).map(({ data: d, message: m }) => ({ body: { success: true, ...(m ? { message: m } : {}), data: d } as Row, asked: {} }));

const decision = one(fc.record({ lead_id: hashed('ld'), decision: fc.constantFrom('validated', 'rejected'), decided_at: instant, final_at: instant }));

/** Every operation's answer, by the sandbox's route name (its layout), with the spec's operation number. */
export const ANSWERS = {
  account: {
    op: 1,
    answer: fc
      .record({
        user: fc.record({ id: hashed('us'), firstname: word, lastname: word, email, company: words }),
        agents: uniqueBy(
          fc.record({
            id: hashed('ag'),
            name: words,
            status: fc.constantFrom('setup', 'active', 'paused', 'cancelled', 'pending_payment'),
            internal_note: fc.option(words, { nil: null }),
          }),
          'id',
        ).map((agents) => agents.map((a) => ({ ...a, is_active: a.status === 'active' }))),
        leads_available_service: count,
      })
      .map((data) => ({ body: { success: true, data } as Row, asked: {} })),
  },
  listContacts: { op: 2, answer: listOf(uniqueBy(contact, 'id'), { filters_applied: { contacts_masked: false, search: null } }) },
  addContact: {
    op: 3,
    answer: one(
      fc.record({
        id: hashed('ld'),
        identifier: hashed('crm'),
        status: fc.constant('enrich'),
        processing: fc.constantFrom('scheduled', 'waiting_for_credits'),
      }),
    ),
  },
  agentSettings: {
    op: 4,
    answer: fc
      .uniqueArray(
        word.map((w) => `custom_${w.toLowerCase()}`),
        { minLength: 1, maxLength: 3 },
      )
      .chain((customs) =>
        one(
          fc.record({
            agent_id: agentId,
            name: words,
            billing: fc.constantFrom('subscription', 'performance'),
            required_fields: fc.constant(['network_url', ...customs]),
            optional_fields: fc.constant(['identifier', 'ai_context']),
            custom_variables: fc.constant(customs.map((name) => ({ name, label: cap(name.slice(7)), required: true, used_in: ['emails'] }))),
            email_fields: fc.constant(['firstname', ...customs]),
            letter_fields: fc.constant(['company']),
            letters_enabled: fc.boolean(),
            network_enabled: fc.boolean(),
          }),
        ),
      ),
  },
  blockContact: {
    op: 5,
    answer: one(
      fc.record({ lead_id: hashed('ld'), status: fc.constant('block'), duplicates_blocked: count, emails_cancelled: count, letters_cancelled: count }),
    ),
  },
  agentStats: {
    op: 6,
    answer: one(
      fc.record({
        agent_id: agentId,
        period: fc.constantFrom('7d', '30d', '365d'),
        from: instant,
        to: instant,
        contacts_added: count,
        emails_sent: count,
        received: count,
        reply_rate: fc.option(
          fc.integer({ min: 0, max: 1000 }).map((n) => n / 10),
          { nil: null },
        ),
      }),
    ),
  },
  agentReflexes: { op: 7, answer: listOf(uniqueBy(reflex, 'id')).map(({ body }) => ({ body: { success: true, data: body.data } as Row, asked: {} })) },
  listEmails: { op: 8, answer: listOf(uniqueBy(emailRecord, 'id')) },
  emailsToValidate: { op: 9, answer: listOf(uniqueBy(toValidate, 'lead_id')) },
  emailsToHandle: {
    op: 10,
    answer: listOf(
      uniqueBy(
        emailRecord.map((e) => ({ ...e, direction: 'inbound', to_handle: true })),
        'id',
      ),
    ),
  },
  validateEmail: { op: 11, answer: decision },
  rejectEmail: { op: 12, answer: decision },
  validateEmailResponse: {
    op: 13,
    answer: one(
      fc.record({
        email_id: hashed('em'),
        lead_id: hashed('ld'),
        lead_status: fc.constant('won'),
        status: fc.constant('waiting'),
        type: fc.constantFrom('ai_validated', 'manual'),
        cc_added: fc.boolean(),
        cc: fc.option(email, { nil: null }),
        content: words,
      }),
    ),
  },
  skipEmailResponse: { op: 14, answer: one(fc.record({ email_id: hashed('em'), handled: fc.constant(true), reply: fc.constant(null) })) },
  listLetters: { op: 15, answer: listOf(uniqueBy(letter, 'id')) },
  lettersToValidate: {
    op: 16,
    answer: listOf(
      uniqueBy(
        letter.map((l) => ({ ...l, status: 'validating', category: 'to_validate' })),
        'id',
      ),
    ),
  },
  validateLetter: {
    op: 17,
    answer: one(letter.map((l) => ({ ...l, validation: { decision: 'validated', decided_at: l.updated_at, final_at: l.created_at } }))),
  },
  rejectLetter: { op: 18, answer: one(letter.map((l) => ({ ...l, validation: { decision: 'rejected', decided_at: l.updated_at, final_at: l.created_at } }))) },
  listBlocklist: { op: 19, answer: listOf(uniqueBy(entry, 'id')) },
  addBlocklist: { op: 20, answer: one(entry.map((e) => ({ ...e, already_present: false }))) },
  removeBlocklist: { op: 21, answer: one(fc.record({ removed: fc.array(entry, { maxLength: 2 }), by: fc.constantFrom('id', 'value') })) },
  calendarEvents: { op: 22, answer: listOf(uniqueBy(meeting, 'id')) },
  listActions: { op: 23, answer: uniqueBy(action, 'id').map((data) => ({ body: { success: true, data, meta: { count: data.length } } as Row, asked: {} })) },
  markSent: { op: 24, answer: one(action.map((a) => ({ ...a, status: 'sent', sent_at: a.updated_at }))) },
  updateMessage: { op: 25, answer: one(action) },
  markFailed: { op: 26, answer: one(action.map((a) => ({ ...a, status: 'failed' }))) },
  weeklyStats: {
    op: 27,
    answer: fc
      .record({
        period_days: fc.constant(7),
        total_sent: count,
        by_day: fc.uniqueArray(fc.record({ date: day, sent: count }), { selector: (d) => d.date, minLength: 1, maxLength: 7 }),
        by_agent: uniqueBy(fc.record({ agent_id: hashed('ag'), name: words, sent: count }), 'agent_id'),
      })
      .map((data) => ({ body: { success: true, data } as Row, asked: {} })),
  },
} satisfies Record<string, { op: number; answer: fc.Arbitrary<{ body: Row; asked: { page?: number; perPage?: number } }> }>;

export type Route = keyof typeof ANSWERS;
