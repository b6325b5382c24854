// Words by family, values by shape (issue 37, item 2): each field read under any word of its family
// (lib/api/body/families.ts) in any key case; a field no word names placed by the shape of its value
// only when one member fits; negations read only where a family names them; a record's id from a
// resource name (Google AIP) when it has no id member.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCKS, BODY, COMPANY, END, JOB, NAME, START, SUBJECT, WHEN } from '../../../../lib/api/body/families';
import { readAccount, readActionList } from '../../../../lib/api/reader';
import { readReflexes } from '../../../../lib/api/readers/agents';
import { readContactList } from '../../../../lib/api/readers/contacts';
import { readEmailsToValidate } from '../../../../lib/api/readers/emails';
import { readLetterList } from '../../../../lib/api/readers/letters';
import { readCalendarEvents } from '../../../../lib/api/readers/meetings';

type Row = Record<string, unknown>;
const CASES: Array<(k: string) => string> = [
  (k) => k,
  (k) => k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
  (k) => k.toUpperCase(),
  (k) => k.replace(/_/g, '-'),
];
const word = (family: readonly string[]) => fc.constantFrom(...family);
const spelled = fc.constantFrom(...CASES);
const profile = 'https://www.linkedin.com/in/ada-lovelace';

describe('words by family', () => {
  it('reads an email to validate whose subject, steps and texts are under any word of their families, in any key case', () => {
    fc.assert(
      fc.property(word(SUBJECT), word(BODY), spelled, fc.constantFrom('attributes', 'document', 'draft'), (subject, body, c, holder) => {
        const steps = [{ [c(body)]: 'First text' }, { [c(body)]: 'Second text' }];
        const read = readEmailsToValidate({ data: [{ lead_id: 'ld_1', full_name: 'Ada Lovelace', [holder]: { [c(subject)]: 'Hello', steps } }] });
        expect(read.emails.map((e) => [e.leadId, e.contactName, e.subject, e.steps.map((s) => s.body)])).toEqual([
          ['ld_1', 'Ada Lovelace', 'Hello', ['First text', 'Second text']],
        ]);
      }),
    );
  });

  it("reads a letter's blocks under any word of their family, one object down or at the record", () => {
    fc.assert(
      fc.property(word(BLOCKS), word(BODY), spelled, fc.boolean(), (blocks, body, c, down) => {
        const parts = [
          { id: 'greeting', [c(body)]: 'Bonjour,' },
          { id: 'signature', [c(body)]: 'Alex' },
        ];
        const own = { category: 'to_validate', full_name: 'Ada Lovelace', ...(down ? { draft: { [c(blocks)]: parts } } : { [c(blocks)]: parts }) };
        const read = readLetterList({ data: [{ id: 'lt_1', ...own }] });
        expect(read.letters.map((l) => [l.id, l.blocks.map((b) => [b.id, b.content])])).toEqual([
          [
            'lt_1',
            [
              ['greeting', 'Bonjour,'],
              ['signature', 'Alex'],
            ],
          ],
        ]);
      }),
    );
  });

  it("reads a meeting's start and end under any word of their families, flat or under a word of the `when` family", () => {
    fc.assert(
      fc.property(word(START), word(END), fc.option(word(WHEN), { nil: undefined }), spelled, (start, end, when, c) => {
        fc.pre(start !== end && start !== 'date');
        const times = { [c(start)]: '2026-03-12T19:00:00Z', [c(end)]: '2026-03-12T19:30:00Z' };
        const read = readCalendarEvents({ data: [{ id: 'ev_1', meeting_mode: 'visio', ...(when ? { [c(when)]: times } : times) }] });
        expect(read.meetings.map((m) => [m.id, m.startsAt, m.endsAt])).toEqual([['ev_1', '2026-03-12T19:00:00.000Z', '2026-03-12T19:30:00.000Z']]);
      }),
    );
  });

  it("reads an agent's name and a contact's company and headline under any word of their families", () => {
    fc.assert(
      fc.property(
        word(NAME.filter((w) => w !== 'full_name' && w !== 'agent_name')),
        word(COMPANY.filter((w) => w !== 'account')),
        word(JOB.filter((w) => w !== 'title')),
        spelled,
        (name, company, job, c) => {
          const account = readAccount({ user: { email: 'a@b.example' }, agents: [{ id: 'ag_1', status: 'active', [c(name)]: 'Growth' }] });
          expect(account.agents.map((a) => [a.id, a.name])).toEqual([['ag_1', 'Growth']]);
          const contacts = readContactList({ data: [{ id: 'ld_1', firstname: 'Ada', [c(company)]: { label: 'Acme' }, [c(job)]: 'CTO' }] });
          expect(contacts.contacts.map((x) => [x.name, x.company, x.headline])).toEqual([['Ada', 'Acme', 'CTO']]);
        },
      ),
    );
  });

  it('reads a company given as a list of organizations as the first one', () => {
    const read = readContactList({ contacts: [{ id: 'ld_1', displayName: 'Ada', organizations: [{ name: 'Acme', title: 'CTO' }, { name: 'Old' }] }] });
    expect(read.contacts.map((x) => [x.name, x.company])).toEqual([['Ada', 'Acme']]);
  });
});

describe('negations only where a family names them', () => {
  const agent = (flags: Row) => readAccount({ user: { email: 'a@b.example' }, agents: [{ id: 'ag_1', status: 'active', ...flags }] }).agents[0]!.isActive;

  it('reads is_running: false, enabled: false, active: false as not active, and disabled: true, is_paused: true negated', () => {
    for (const flags of [{ is_running: false }, { enabled: false }, { active: false }, { disabled: true }, { isPaused: true }, { STOPPED: 'yes' }]) {
      expect([flags, agent(flags)]).toEqual([flags, false]);
    }
    expect(agent({ disabled: false })).toBe(true);
    expect(agent({ is_running: 'true' })).toBe(true);
  });

  it('reads no other word negated: archived, hidden or locked leave the status to decide', () => {
    expect(agent({ archived: true, hidden: true, is_locked: true })).toBe(true);
  });

  it("reads a reflex's negated flags by the same family", () => {
    const read = readReflexes({
      reflexes: [
        { id: 'rf_1', name: 'Funding', description: 'On funding', isDisabled: true },
        { id: 'rf_2', name: 'Hiring', description: 'On hiring', paused: false },
      ],
    });
    expect(read.reflexes.map((r) => [r.id, r.active])).toEqual([
      ['rf_1', false],
      ['rf_2', true],
    ]);
  });
});

describe('values by shape', () => {
  it('places a profile address under an unknown key when it is the one member of that shape', () => {
    const read = readActionList({ data: [{ id: 'ac_1', message: 'Hi', person: { full_name: 'Ada Lovelace', linkedInPage: profile } }] });
    expect(read.actions[0]!.prospect.profileUrl).toBe(profile);
    const contacts = readContactList({ data: [{ id: 'ld_1', firstname: 'Ada', where_to_find: profile }] });
    expect(contacts.contacts[0]!.profileUrl).toEqual({ masked: false, value: profile });
  });

  it('never places a profile address between two members of that shape', () => {
    const read = readActionList({
      data: [{ id: 'ac_1', message: 'Hi', person: { full_name: 'Ada Lovelace', page_a: profile, page_b: 'https://www.linkedin.com/in/someone-else' } }],
    });
    expect(read.actions[0]!.prospect.profileUrl).toBeUndefined();
  });

  it("places an email to validate's address by its shape, the sender's aside, never between two", () => {
    const one = readEmailsToValidate({ data: [{ lead_id: 'ld_1', subject: 'Hi', content: 'Text', mailbox: 'ada@acme.example', from: 'me@us.example' }] });
    expect(one.emails[0]!.email).toEqual({ masked: false, value: 'ada@acme.example' });
    const two = readEmailsToValidate({ data: [{ lead_id: 'ld_1', subject: 'Hi', content: 'Text', mailbox: 'ada@acme.example', other: 'b@acme.example' }] });
    expect(two.emails[0]!.email).toBeUndefined();
  });
});

describe('ids from resource names (Google AIP)', () => {
  it('reads a record without an id member by the last segment of its resource name, and never that name as a name', () => {
    const read = readActionList({
      networkActions: [
        {
          name: 'networkActions/na_1',
          state: 'READY',
          message: 'Hi',
          agent: 'agents/ag_7',
          contact: { name: 'contacts/ld_1', displayName: 'Ada Lovelace', networkUrl: profile },
        },
        { name: 'users/5/networkActions/na_2', state: 'READY', message: 'Hello', contact: { name: 'contacts/ld_2', givenName: 'Léa', familyName: 'Martin' } },
      ],
    });
    expect(read.actions.map((a) => [a.id, a.status, a.agentId, a.prospect.name])).toEqual([
      ['na_1', 'ready', 'ag_7', 'Ada Lovelace'],
      ['na_2', 'ready', undefined, 'Léa Martin'],
    ]);
  });

  it("reads agents named only by resource names by their display name, and the user's name from its parts", () => {
    const read = readAccount({
      name: 'users/us_1',
      email: 'a@b.example',
      givenName: 'Alex',
      familyName: 'Martin',
      agents: [{ name: 'agents/ag_1', state: 'ACTIVE', displayName: 'Growth' }],
    });
    expect(read.user).toMatchObject({ id: 'us_1', name: 'Alex Martin' });
    expect(read.agents.map((a) => [a.id, a.name, a.status])).toEqual([['ag_1', 'Growth', 'active']]);
  });

  it('keeps an id member over a resource name, and a name that is not one', () => {
    const read = readContactList({
      data: [
        { id: 'ld_9', name: 'contacts/other', firstname: 'Ada' },
        { id: 'ld_8', name: 'Ada / Acme' },
      ],
    });
    expect(read.contacts.map((c) => [c.id, c.name])).toEqual([
      ['ld_9', 'Ada'],
      ['ld_8', 'Ada / Acme'],
    ]);
  });

  it('keeps the id beside a `node` wrapper: an item with more than node and cursor is a record, not an edge', () => {
    const read = readEmailsToValidate({
      result: { rows: [{ 'lead-id': 'ld_1', node: { subject: 'Hi', messages: { email_1: 'Text' }, 'full-name': 'Ada' } }] },
    });
    expect(read.emails.map((e) => [e.leadId, e.subject])).toEqual([['ld_1', 'Hi']]);
  });
});
