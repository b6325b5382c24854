// Property tests of the one reading step (issue 29): records built from the spec's fields for every
// operation, 1 to 27, written in any combination of the reading rules (key case, indicator,
// envelope word, list key, edges, pagination, names, parts, time format, booleans, numbers), read
// to the same domain objects as the spec's own spelling; bodies the rules cannot place are an
// UnreadableError, never a wrong object.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnreadableError } from '../../../lib/api/body/unreadable';
import { readAccount, readActionList, readSuccess, readWeeklyStats } from '../../../lib/api/reader';
import { readAddContactAnswer } from '../../../lib/api/readers/add-contact';
import { readAgentSettings } from '../../../lib/api/readers/agent-settings';
import { readAgentStats, readReflexes } from '../../../lib/api/readers/agents';
import { readBlocklist, readBlocklistAdded } from '../../../lib/api/readers/blocklist';
import { readBlockResult, readContactList } from '../../../lib/api/readers/contacts';
import { readDecision } from '../../../lib/api/readers/decision';
import { readEmailList, readEmailsToHandle, readEmailsToValidate, readReplyRecord } from '../../../lib/api/readers/emails';
import { readLetterList } from '../../../lib/api/readers/letters';
import { readCalendarEvents } from '../../../lib/api/readers/meetings';
import type { Asked } from '../../../lib/api/readers/pagination';
import { READER_RUNS, READER_RUNS_LABEL } from '../../helpers/runs';
import { ANSWERS, type Route } from '../../helpers/spec-records';
import { PERSON_KEYS } from '../../sandbox/random-records';
import { BOOLEANS, ENVELOPES, KEY_CASES, LIST_KEYS, PAGINGS, PARTS_UNDER, shapeAnswer, TIMES, WRAPPERS, type DrawnShape } from '../../sandbox/random-shape';

type Row = Record<string, unknown>;
const withoutLines = (read: unknown): unknown => JSON.parse(JSON.stringify(read, (k, v: unknown) => (k === 'extra' ? undefined : v)));
type Rows = Row[];
const rows = (body: Row) => body.data as Rows;
const data = (body: Row) => body.data as Row;
const nameOf = (first: unknown, last: unknown) => [first, last].filter(Boolean).join(' ') || undefined;

/** Each operation's reader, as the extension calls it. */
const READ: Record<Route, (body: unknown, asked: Asked) => unknown> = {
  account: readAccount,
  listContacts: (b, a) => readContactList(b, a),
  addContact: readAddContactAnswer,
  agentSettings: readAgentSettings,
  blockContact: readBlockResult,
  agentStats: readAgentStats,
  agentReflexes: readReflexes,
  listEmails: (b, a) => readEmailList(b, a),
  emailsToValidate: (b, a) => readEmailsToValidate(b, a),
  emailsToHandle: (b, a) => readEmailsToHandle(b, a),
  validateEmail: readDecision,
  rejectEmail: readDecision,
  validateEmailResponse: readReplyRecord,
  skipEmailResponse: readDecision,
  listLetters: (b, a) => readLetterList(b, a),
  lettersToValidate: (b, a) => readLetterList(b, a),
  validateLetter: readDecision,
  rejectLetter: readDecision,
  listBlocklist: (b, a) => readBlocklist(b, a),
  addBlocklist: readBlocklistAdded,
  removeBlocklist: readDecision,
  calendarEvents: (b, a) => readCalendarEvents(b, a),
  listActions: (b) => readActionList(b, 100),
  markSent: readSuccess,
  updateMessage: readSuccess,
  markFailed: readSuccess,
  weeklyStats: readWeeklyStats,
};

const decided = (b: Row, r: ReturnType<typeof readDecision>) => {
  const d = data(b);
  const at = (d.validation as Row | undefined) ?? d;
  expect(r).toMatchObject({ decidedAt: at.decided_at, finalAt: at.final_at });
};
const indicated = (_b: Row, r: boolean) => expect(r).toBe(true);
const letters = (b: Row, r: ReturnType<typeof readLetterList>) =>
  expect(r.letters.map((l) => [l.id, l.blocks.map((x) => x.content), l.address, l.dates.created_at])).toEqual(
    rows(b).map((l) => {
      const a = l.address as Row;
      const lines = [nameOf(a.firstname, a.lastname), a.company, a.line1, a.line2, `${a.zip} ${a.city}`, a.country].filter(Boolean);
      return [l.id, (l.blocks as Rows).map((x) => x.content), { masked: false, lines }, l.created_at];
    }),
  );

/** What the spec's own spelling must read to, on the fields that matter: the readings compared are right ones. */
const CHECK: Record<Route, (body: Row, read: never) => void> = {
  account: (b, r: ReturnType<typeof readAccount>) => {
    const { user, agents } = data(b) as { user: Row; agents: Rows };
    expect(r.user).toMatchObject({ id: user.id, name: nameOf(user.firstname, user.lastname), email: user.email, company: user.company });
    expect(r.agents.map((a) => [a.id, a.status, a.isActive, a.internalNote])).toEqual(agents.map((a) => [a.id, a.status, a.is_active, a.internal_note]));
  },
  listContacts: (b, r: ReturnType<typeof readContactList>) =>
    expect(
      r.contacts.map((c) => [c.id, c.name, c.company, c.headline, c.status, c.relevance, c.createdAt, c.touchpoints.emailSent.done, c.coordinates.length]),
    ).toEqual(
      rows(b).map((c) => [
        c.id,
        nameOf(c.firstname, c.lastname),
        c.company ?? undefined,
        c.job ?? undefined,
        c.status,
        c.relevance,
        c.created_at,
        c.has_touchpoint_email,
        (c.contacts as Rows).length,
      ]),
    ),
  addContact: (b, r: ReturnType<typeof readAddContactAnswer>) =>
    expect(r).toMatchObject({
      credits: data(b).processing === 'scheduled' ? 'unknown' : 'insufficient',
    }),
  agentSettings: (b, r: ReturnType<typeof readAgentSettings>) => expect(r.fields.filter((f) => f.required).map((f) => f.name)).toEqual(data(b).required_fields),
  blockContact: (b, r: ReturnType<typeof readBlockResult>) =>
    expect(r).toEqual({
      duplicatesBlocked: data(b).duplicates_blocked,
      emailsCancelled: data(b).emails_cancelled,
      lettersCancelled: data(b).letters_cancelled,
    }),
  agentStats: (b, r: ReturnType<typeof readAgentStats>) => expect(r).toMatchObject({ received: data(b).received, period: data(b).period }),
  agentReflexes: (b, r: ReturnType<typeof readReflexes>) =>
    expect(r.reflexes.map((x) => [x.id, x.name, x.isProtected, x.triggers, x.executions.map((e) => [e.prospectName, e.at])])).toEqual(
      rows(b).map((x) => [x.id, x.name, x.is_protected, (x.stats as Row).triggered_total, (x.executions as Rows).map((e) => [e.prospect_name, e.executed_at])]),
    ),
  listEmails: (b, r: ReturnType<typeof readEmailList>) =>
    expect(r.emails.map((e) => [e.id, e.subject, e.at, e.contactName])).toEqual(
      rows(b).map((e) => [e.id, e.subject, e.date, e.prospect ? nameOf((e.prospect as Row).firstname, (e.prospect as Row).lastname) : undefined]),
    ),
  emailsToValidate: (b, r: ReturnType<typeof readEmailsToValidate>) =>
    expect(r.emails.map((e) => [e.leadId, e.subject, e.steps.map((s) => [s.key, s.body])])).toEqual(
      rows(b).map((e) => [e.lead_id, e.subject, Object.entries(e.messages as Row)]),
    ),
  emailsToHandle: (b, r: ReturnType<typeof readEmailsToHandle>) =>
    expect(r.emails.map((e) => [e.emailId, e.reply])).toEqual(rows(b).map((e) => [e.id, e.ai_reply ?? undefined])),
  validateEmail: decided,
  rejectEmail: decided,
  validateEmailResponse: (b, r: ReturnType<typeof readReplyRecord>) => expect(r).toEqual({ status: 'waiting', type: data(b).type, ccAdded: data(b).cc_added }),
  skipEmailResponse: (b, r: ReturnType<typeof readDecision>) => expect(r).toEqual(b.message ? { message: b.message } : {}),
  listLetters: letters,
  lettersToValidate: letters,
  validateLetter: decided,
  rejectLetter: decided,
  addBlocklist: (b, r: ReturnType<typeof readBlocklistAdded>) =>
    expect(r.entry).toEqual({ id: data(b).id, type: data(b).type, value: data(b).value, createdAt: data(b).created_at }),
  removeBlocklist: (b, r: ReturnType<typeof readDecision>) => expect(r).toEqual(b.message ? { message: b.message } : {}),
  listBlocklist: (b, r: ReturnType<typeof readBlocklist>) =>
    expect(r.entries.map((e) => [e.id, e.value, e.createdAt])).toEqual(rows(b).map((e) => [e.id, e.value, e.created_at])),
  calendarEvents: (b, r: ReturnType<typeof readCalendarEvents>) =>
    expect(r.meetings.map((m) => [m.id, m.startsAt, m.endsAt, m.contactName])).toEqual(
      rows(b).map((m) => [m.id, m.starts_at, m.ends_at, nameOf(m.contact_firstname, m.contact_lastname)]),
    ),
  listActions: (b, r: ReturnType<typeof readActionList>) =>
    expect(r.actions.map((a) => [a.id, a.message, a.prospect.name, a.prospect.profileUrl, a.createdAt])).toEqual(
      rows(b).map((a) => {
        const c = a.contact as Row;
        return [a.id, a.message, nameOf(c.firstname, c.lastname), c.network_url, a.created_at];
      }),
    ),
  markSent: indicated,
  updateMessage: indicated,
  markFailed: indicated,
  weeklyStats: (b, r: ReturnType<typeof readWeeklyStats>) => {
    const w = data(b) as { total_sent: number; by_day: Rows; by_agent: Rows };
    expect(r).toMatchObject({ total: w.total_sent, days: w.by_day, agents: w.by_agent.map((a) => ({ id: a.agent_id, name: a.name, sent: a.sent })) });
  },
};

const shape: fc.Arbitrary<DrawnShape> = fc.record({
  keyCase: fc.constantFrom(...KEY_CASES),
  indicator: fc.constantFrom('success', 'ok', 'status'),
  envelope: fc.constantFrom(...ENVELOPES),
  listKey: fc.constantFrom(...LIST_KEYS),
  wrapper: fc.option(fc.constantFrom(...WRAPPERS), { nil: null }),
  edges: fc.boolean(),
  paging: fc.constantFrom(...PAGINGS),
  pagingKey: fc.constantFrom('meta', 'paging', 'page_info', 'pagination'),
  pagingInPayload: fc.boolean(),
  names: fc.constantFrom('parts', 'whole', 'nested'),
  personKey: fc.constantFrom(...PERSON_KEYS),
  partsUnder: fc.option(fc.constantFrom(...PARTS_UNDER), { nil: null }),
  time: fc.constantFrom(...TIMES),
  booleans: fc.constantFrom(...BOOLEANS),
  numbersAsText: fc.boolean(),
});

const ROUTES = Object.keys(ANSWERS) as Route[];

describe('every operation read through the one normalizing step', () => {
  it('covers the operations 1 to 27', () => {
    expect(new Set(ROUTES.map((r) => ANSWERS[r].op))).toEqual(new Set(Array.from({ length: 27 }, (_, i) => i + 1)));
  });

  it.each(ROUTES.map((route) => [ANSWERS[route].op, route] as const))(
    `op %i (%s): ${READER_RUNS_LABEL} answers written by any combination of the rules read as the spec's own spelling`,
    (_op, route) => {
      const read = READ[route];
      fc.assert(
        fc.property(ANSWERS[route].answer, shape, ({ body, asked }, drawn) => {
          const own = read(body, asked);
          CHECK[route](body, own as never);
          const written = shapeAnswer(route, structuredClone(body), drawn);
          expect(readSuccess(written)).toBe(true);
          // The lines of what was not placed show members as sent (their keys, their times): not compared.
          expect(withoutLines(read(written, asked))).toEqual(withoutLines(own));
        }),
        { numRuns: READER_RUNS },
      );
    },
  );
});

// ---- what the rules cannot place ----

/** Keys no reader looks for, in several spellings. */
const JUNK_KEYS = ['zorblax', 'quux_it', 'wibbleWobble', 'FROB', 'blargh-mix', 'Snorkel'];
const junkScalar = fc.oneof(fc.constantFrom('lorem', 'ipsum dolor', 'n/a?', ''), fc.boolean(), fc.constant(null));
const { object: junkObject } = fc.letrec<{ value: unknown; object: Row }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, junkScalar, tie('object'), fc.array(tie('value'), { minLength: 1, maxLength: 3 })),
  object: fc.dictionary(fc.constantFrom(...JUNK_KEYS), tie('value'), { minKeys: 1, maxKeys: 4 }),
}));
const unplaceable = fc.oneof(
  junkObject,
  fc.record({ success: fc.constant(true), data: junkObject }),
  fc.record({ ok: fc.constant(1), result: fc.array(junkObject, { minLength: 1, maxLength: 3 }) }),
  fc.constantFrom('<html>Please sign in</html>', 42, null, true),
  fc.array(junkScalar, { minLength: 1, maxLength: 4 }),
);

/** The readers that fail on what they cannot place; the others never fail and take nothing from it. */
const LISTS: Route[] = [
  'listContacts',
  'agentReflexes',
  'listEmails',
  'emailsToValidate',
  'emailsToHandle',
  'listLetters',
  'listBlocklist',
  'calendarEvents',
  'listActions',
];
const REFUSING: Route[] = [...LISTS, 'account', 'agentSettings', 'agentStats', 'weeklyStats'];

describe('bodies the rules cannot place', () => {
  it.each(REFUSING)(`%s: ${READER_RUNS_LABEL} bodies of keys it does not know are an UnreadableError naming it`, (route) => {
    fc.assert(
      fc.property(unplaceable, (body) => {
        expect(() => READ[route](body, {})).toThrow(UnreadableError);
        try {
          READ[route](body, {});
        } catch (error) {
          expect((error as UnreadableError).message).toMatch(/^\w+: .+ \(reading stopped at \$[^)]*\)$/);
        }
      }),
      { numRuns: READER_RUNS },
    );
  });

  it.each(['blockContact', 'validateEmail', 'validateEmailResponse', 'addBlocklist', 'addContact'] as Route[])(
    `%s: ${READER_RUNS_LABEL} such bodies read to nothing taken from them, never a wrong value`,
    (route) => {
      fc.assert(
        fc.property(
          unplaceable.filter((b) => typeof b === 'object' && b !== null && !Array.isArray(b)),
          (body) => {
            const read = JSON.stringify(READ[route](body, {}));
            expect(read).not.toMatch(/lorem|ipsum|n\/a/);
            expect(read === '{}' || read === '{"credits":"unknown"}').toBe(true);
          },
        ),
        { numRuns: READER_RUNS },
      );
    },
  );

  /** Records of one list given to another's reader, where they carry none of its fields: refused, not read as its records. */
  const WRONG: Array<[Route, Route]> = [
    ...LISTS.filter((r) => r !== 'listBlocklist').flatMap(
      (r): Array<[Route, Route]> => [
        ['listBlocklist', r],
        [r, 'listBlocklist'],
      ],
    ),
  ];
  it.each(WRONG)(`records of %s given to the reader of %s: ${READER_RUNS_LABEL} times an UnreadableError`, (from, to) => {
    fc.assert(
      fc.property(ANSWERS[from].answer, shape, ({ body }, drawn) => {
        fc.pre((body.data as unknown[]).length > 0);
        expect(() => READ[to](shapeAnswer(from, structuredClone(body), drawn), {})).toThrow(UnreadableError);
      }),
      { numRuns: READER_RUNS },
    );
  });

  /** Found by the property below: reflexes were known by a name alone, so agents read as reflexes. */
  const AGENTS_AS_REFLEXES = {
    body: {
      success: true,
      data: {
        user: { id: 'us_aaaaaa', firstname: 'Aa', lastname: 'Aa', email: 'aa.aa@aa.example', company: 'Aa' },
        agents: [{ id: 'ag_aaaaaa', name: 'Aa', status: 'setup', internal_note: null, is_active: false }],
        leads_available_service: 0,
      },
    },
    asked: {},
  };

  it('refuses a list of agents answered for the reflexes (a name alone is no reflex)', () => {
    const agents = (AGENTS_AS_REFLEXES.body.data as Row).agents;
    expect(() => readReflexes({ success: true, data: agents })).toThrow(/^agentReflexes: No list of reflexes found/);
  });

  it(`never reads an agent list as another operation's records, ${READER_RUNS_LABEL} times`, () => {
    fc.assert(
      fc.property(ANSWERS.account.answer, (answer) => {
        const agents = (answer.body.data as Row).agents as Rows;
        fc.pre(agents.length > 0);
        for (const route of LISTS) expect(() => READ[route]({ success: true, data: agents }, {}), route).toThrow(UnreadableError);
      }),
      { numRuns: READER_RUNS, examples: [[AGENTS_AS_REFLEXES]] },
    );
  });
});
