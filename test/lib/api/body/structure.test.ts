// Records found by structure all the way down (issue 37): a record's fields in a wrapper beside its
// id, related records embedded with a wrapper of their own or given once beside the list and
// referenced by {type, id}; error bodies of the common forms, with the fields a 422 names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readActionList, readErrorMessage, readValidation } from '../../../../lib/api/reader';
import { readContactList } from '../../../../lib/api/readers/contacts';
import { readEmailsToHandle } from '../../../../lib/api/readers/emails';

type Row = Record<string, unknown>;
const WRAPPERS = ['attributes', 'fields', 'properties', 'data', 'node', 'record', 'Zorblax'];
const CASES: Array<(k: string) => string> = [
  (k) => k,
  (k) => k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
  (k) => k.toUpperCase(),
  (k) => k.replace(/_/g, '-'),
];
const recase = (o: Row, c: (k: string) => string): Row => Object.fromEntries(Object.entries(o).map(([k, v]) => [c(k), v]));

const action = fc.record({
  id: fc.stringMatching(/^ac_[a-z0-9]{4,8}$/),
  agent: fc.record({ id: fc.stringMatching(/^ag_[a-z0-9]{4}$/), name: fc.constantFrom('Growth', 'Paris team') }),
  contact: fc.record({
    id: fc.stringMatching(/^ld_[a-z0-9]{4}$/),
    firstname: fc.constantFrom('Ada', 'Léa'),
    lastname: fc.constantFrom('Lovelace', 'Martin'),
    network_url: fc.constantFrom('https://www.linkedin.com/in/ada', 'https://www.linkedin.com/in/lea'),
  }),
  message: fc.constantFrom('Hello', 'Bonjour'),
});

/** The action written with its fields under `wrapper`, its agent and contact embedded (wrapped) or referenced from `included`. */
function written(a: { id: string; agent: Row; contact: Row; message: string }, wrapper: string, refs: boolean, c: (k: string) => string, included: Row[]): Row {
  // Distinct related records for distinct actions: a service gives one record per type and id.
  const { id: _a, ...agent } = a.agent;
  const { id: _c, ...contact } = a.contact;
  const agentId = `ag_${a.id}`;
  const contactId = `ld_${a.id}`;
  const own = { message: a.message, status: 'ready' };
  if (refs) {
    included.push({ type: 'agents', id: agentId, attributes: recase(agent, c) }, { type: 'leads', id: contactId, attributes: recase(contact, c) });
    return {
      id: a.id,
      type: 'actions',
      [wrapper]: recase(own, c),
      relationships: { agent: { data: { type: 'agents', id: agentId } }, prospect: { data: { type: 'leads', id: contactId } } },
    };
  }
  return {
    id: a.id,
    type: 'actions',
    [wrapper]: { ...recase(own, c), agent: { id: agentId, attributes: agent }, contact: { id: contactId, [wrapper]: contact } },
  };
}

describe('records found by structure, all the way down', () => {
  it('reads actions whose fields sit in any wrapper, their agent and prospect embedded or referenced, in any key case', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(action, { selector: (a) => a.id, maxLength: 4 }),
        fc.constantFrom(...WRAPPERS),
        fc.boolean(),
        fc.constantFrom(...CASES),
        (actions, wrapper, refs, c) => {
          const included: Row[] = [];
          const data = actions.map((a) => written(a, wrapper, refs, c, included));
          const read = readActionList({ data, included, meta: { total: actions.length } });
          expect(read.skipped).toBe(0);
          expect(read.actions.map((a) => [a.id, a.message, a.agentId, a.agentName, a.prospect.name, a.prospect.profileUrl])).toEqual(
            actions.map((a) => [a.id, a.message, `ag_${a.id}`, a.agent.name, `${a.contact.firstname} ${a.contact.lastname}`, a.contact.network_url]),
          );
        },
      ),
    );
  });

  it('keeps the outer id when the wrapper has an id of its own', () => {
    const read = readContactList({ data: [{ id: 'ld_1', attributes: { id: 'inner', firstname: 'Ada', lastname: 'Lovelace', company: 'Acme' } }] });
    expect(read.contacts.map((x) => [x.id, x.name, x.company])).toEqual([['ld_1', 'Ada Lovelace', 'Acme']]);
  });

  it('leaves a reference it cannot resolve as the id it names', () => {
    const read = readActionList({
      data: [
        { id: 'ac_1', type: 'actions', attributes: { message: 'Hi', status: 'ready' }, relationships: { agent: { data: { type: 'agents', id: 'ag_9' } } } },
      ],
    });
    expect(read.actions[0]).toMatchObject({ id: 'ac_1', message: 'Hi', agentId: 'ag_9' });
  });
});

describe('error bodies of any common form', () => {
  const FORMS: Array<[string, Row, string, Record<string, string>]> = [
    [
      'RFC 7807',
      { type: 'about:blank', title: 'Invalid input', status: 422, detail: 'The email is missing', invalid_params: [{ name: 'email', reason: 'is required' }] },
      'The email is missing',
      { email: 'is required' },
    ],
    [
      'nested error with details',
      { error: { message: 'Validation failed', details: [{ field: 'custom_offer', message: 'Required' }] } },
      'Validation failed',
      { custom_offer: 'Required' },
    ],
    [
      'JSON:API errors',
      { errors: [{ title: 'Invalid', detail: 'must be filled', source: { pointer: '/data/attributes/custom_offer' } }] },
      'must be filled',
      { custom_offer: 'must be filled' },
    ],
    ['errors with path', { errors: [{ path: ['input', 'company'], message: 'Too long' }] }, 'Too long', { company: 'Too long' }],
    ['errors with param', { errors: [{ param: 'job', msg: 'Bad value' }] }, 'Bad value', { job: 'Bad value' }],
    [
      'FastAPI',
      { detail: [{ loc: ['body', 'custom_offer'], msg: 'field required', type: 'value_error.missing' }] },
      'field required',
      { custom_offer: 'field required' },
    ],
    [
      'OData',
      { error: { code: 'BadArgument', message: 'Bad request', details: [{ code: 'NullValue', target: 'custom_offer', message: 'Required' }] } },
      'Bad request',
      { custom_offer: 'Required' },
    ],
    [
      'GraphQL',
      { errors: [{ message: 'Field is required', extensions: { field: 'custom_offer', code: 'BAD_USER_INPUT' } }], data: null },
      'Field is required',
      { custom_offer: 'Field is required' },
    ],
  ];
  it.each(FORMS)('%s: its message, and the fields a 422 names', (_form, body, message, fields) => {
    expect(readErrorMessage(body)).toBe(message);
    expect(readValidation(body).validationErrors).toEqual(fields);
  });
});

describe('words by family', () => {
  it('reads a subject as a heading, a body as html, a company as an organization with a label, an agent by its display name', () => {
    const read = readEmailsToHandle({
      data: [
        {
          id: 'em_1',
          heading: 'Re: offer',
          html: 'Thanks',
          lead: { id: 'ld_1', organization: { label: 'Acme' } },
          agent: { id: 'ag_1', displayName: 'Growth' },
        },
      ],
    });
    expect(read.emails[0]).toMatchObject({ emailId: 'em_1', subject: 'Re: offer', received: 'Thanks', company: 'Acme', agentName: 'Growth' });
  });
});
