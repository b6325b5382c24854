import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type CallInput } from '../../../lib/api/client';
import { InvalidRequestError } from '../../../lib/api/errors';
import { operations, type OperationName } from '../../../lib/api/operations';
import { memoryRoutes } from '../../helpers/memory-routes';

const BASE = 'https://service.example';

function spyClient(status = 200, body: unknown = { success: true }) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(JSON.stringify(body), { status }));
  const api = createApiClient({ baseUrl: BASE, apiKey: 'k-1', fetch, routes: memoryRoutes() });
  return { api, fetch };
}

function sent(fetch: ReturnType<typeof spyClient>['fetch'], i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  return { url: String(url), method: init?.method, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
}

type Case = [OperationName, unknown, string, string, unknown];

/** One valid call, its input checked against the operation's own types. */
function call<N extends OperationName>(name: N, input: CallInput<N>, method: string, path: string, body?: unknown): Case {
  return [name, input, method, path, body];
}

// What a valid call of each new operation sends: method and address (and body when it has one).
const valid: Case[] = [
  call(
    'listContacts',
    { query: { page: 2, per_page: 100, status_filter: 'won', source_filter: 'network_manual', sort_direction: 'desc' } },
    'GET',
    '/api/api/contacts?page=2&per_page=100&status_filter=won&source_filter=network_manual&sort_direction=desc',
  ),
  call(
    'addContact',
    { params: { agentId: 'ag_1' }, body: { network_url: 'https://www.linkedin.com/in/elodie-martin', ai_context: 'Met at a fair', sector: 'retail' } },
    'POST',
    '/api/api/campaigns/ag_1/contacts',
    { network_url: 'https://www.linkedin.com/in/elodie-martin', ai_context: 'Met at a fair', sector: 'retail' },
  ),
  call('agentSettings', { params: { agentId: 'ag_1' } }, 'GET', '/api/api/campaigns/ag_1/settings'),
  call('blockContact', { params: { leadId: 'ld 1?2' } }, 'POST', '/api/api/contacts/ld%201%3F2/block'),
  call('agentStats', { params: { agentId: 'ag_1' }, query: { period: '14d' } }, 'GET', '/api/api/agents/ag_1/stats?period=14d'),
  call('agentReflexes', { params: { agentId: 'ag_1' } }, 'GET', '/api/api/agents/ag_1/reflexes'),
  call(
    'listEmails',
    { query: { category: 'interested', search: 'acme', semantic_search: 0 } },
    'GET',
    '/api/api/emails?category=interested&search=acme&semantic_search=0',
  ),
  call('emailsToValidate', { query: { per_page: 50, agent_filter: 'ag_1' } }, 'GET', '/api/api/emails/to-validate?per_page=50&agent_filter=ag_1'),
  call('emailsToHandle', { query: { page: 1 } }, 'GET', '/api/api/emails/to-handle?page=1'),
  call('validateEmail', { params: { leadId: 'ld_1' }, body: { custom_messages: { email_1: 'Bonjour' } } }, 'POST', '/api/api/emails/validate/ld_1', {
    custom_messages: { email_1: 'Bonjour' },
  }),
  call('rejectEmail', { params: { leadId: 'ld_1' } }, 'POST', '/api/api/emails/reject/ld_1'),
  call(
    'validateResponse',
    { params: { emailId: 'em_1' }, body: { content: 'Merci !', cc: 'boss@acme.fr' } },
    'POST',
    '/api/api/emails/validate-response/em_1',
    { content: 'Merci !', cc: 'boss@acme.fr' },
  ),
  call('skipResponse', { params: { emailId: 'em_1' } }, 'POST', '/api/api/emails/skip-response/em_1'),
  call(
    'listLetters',
    { query: { category: 'returned', agent_filter: 'ag_1', lead_identifier: 'crm-42' } },
    'GET',
    '/api/api/letters?agent_filter=ag_1&category=returned&lead_identifier=crm-42',
  ),
  call('lettersToValidate', { query: { per_page: 100 } }, 'GET', '/api/api/letters/to-validate?per_page=100'),
  call(
    'validateLetter',
    {
      params: { letterId: 'lt_1' },
      body: {
        blocks: [
          { id: 'intro', content: 'Madame,' },
          { id: 2, content: 'Suite' },
        ],
      },
    },
    'POST',
    '/api/api/letters/validate/lt_1',
    {
      blocks: [
        { id: 'intro', content: 'Madame,' },
        { id: 2, content: 'Suite' },
      ],
    },
  ),
  call('rejectLetter', { params: { letterId: 'lt_1' } }, 'POST', '/api/api/letters/reject/lt_1'),
  call('listBlocklist', { query: { type: 'all', per_page: 100 } }, 'GET', '/api/api/blocklist?type=all&per_page=100'),
  call('addToBlocklist', { body: { type: 'address', value: 'elodie|le-bihan|29200' } }, 'POST', '/api/api/blocklist', {
    type: 'address',
    value: 'elodie|le-bihan|29200',
  }),
  call('removeFromBlocklist', { query: { value: 'jo@acme.fr' } }, 'DELETE', '/api/api/blocklist?value=jo%40acme.fr'),
  call('calendarEvents', { params: { agentId: 'ag_1' }, query: { per_page: 50 } }, 'GET', '/api/api/agents/ag_1/calendar-events?per_page=50'),
];

describe('the account operations send what the table says', () => {
  it.each(valid)('%s', async (name, input, method, path, body) => {
    const { api, fetch } = spyClient();
    await api.call(name, input as never);
    expect(fetch).toHaveBeenCalledTimes(1);
    const request = sent(fetch);
    expect(request.method).toBe(method);
    expect(request.url).toBe(`${BASE}${path}`);
    expect(request.body).toEqual(body);
  });

  it('covers every operation of the spec from 2 to 22 once', () => {
    expect(new Set(valid.map(([name]) => name)).size).toBe(21);
    for (const [name] of valid) expect(operations[name].area).toBe('api');
  });

  it('sends boolean flags as 1 and 0', async () => {
    const { api, fetch } = spyClient();
    await api.call('listContacts', { query: { include_emails: 1, semantic_search: 0 } });
    expect(sent(fetch).url).toBe(`${BASE}/api/api/contacts?include_emails=1&semantic_search=0`);
  });

  it('classes reads and writes for the request budget', () => {
    const writes = Object.entries(operations)
      .filter(([, o]) => o.category === 'write')
      .map(([n]) => n);
    expect(writes).toEqual(
      expect.arrayContaining([
        'addContact',
        'blockContact',
        'validateEmail',
        'rejectEmail',
        'validateResponse',
        'skipResponse',
        'validateLetter',
        'rejectLetter',
        'addToBlocklist',
        'removeFromBlocklist',
      ]),
    );
    expect(operations.listBlocklist.category).toBe('read');
    expect(operations.agentSettings.category).toBe('read');
  });
});

// Each of these must be refused before anything is sent.
// Inputs are written as a caller might wrongly write them, beyond what the types allow.
const refused: Array<[string, OperationName, unknown, RegExp]> = [
  ['contacts per_page above 100', 'listContacts', { query: { per_page: 101 } }, /per_page/],
  ['contacts per_page 0', 'listContacts', { query: { per_page: 0 } }, /per_page/],
  ['a page that is not an integer', 'listContacts', { query: { page: 1.5 } }, /page/],
  ['an unknown contact status', 'listContacts', { query: { status_filter: 'archived' } }, /status_filter/],
  ['an unknown contact source', 'listContacts', { query: { source_filter: 'linkedin' } }, /source_filter/],
  ['a sort direction other than asc/desc', 'listContacts', { query: { sort_direction: 'up' } }, /sort_direction/],
  ['a flag written as a boolean (it would go out as "true")', 'listContacts', { query: { include_emails: true } }, /include_emails/],
  [
    'a letter block id that is neither text nor an integer',
    'validateLetter',
    { params: { letterId: 'l' }, body: { blocks: [{ id: 1.5, content: 'x' }] } },
    /blocks/,
  ],
  ['an empty list of blocks', 'validateLetter', { params: { letterId: 'l' }, body: { blocks: [] } }, /blocks/],
  ['a sort field carrying another parameter', 'listContacts', { query: { sort_field: 'name&api_key=x' } }, /sort_field/],
  ['a contact without network_url', 'addContact', { params: { agentId: 'ag_1' }, body: {} }, /network_url/],
  [
    'a network_url that is not a profile',
    'addContact',
    { params: { agentId: 'ag_1' }, body: { network_url: 'https://www.linkedin.com/company/acme' } },
    /network_url/,
  ],
  ['a network_url off the network', 'addContact', { params: { agentId: 'ag_1' }, body: { network_url: 'https://www.example.com/in/jo' } }, /network_url/],
  ['a network_url without www', 'addContact', { params: { agentId: 'ag_1' }, body: { network_url: 'linkedin.com/in/jo' } }, /network_url/],
  [
    'a custom variable that is not text',
    'addContact',
    { params: { agentId: 'ag_1' }, body: { network_url: 'https://www.linkedin.com/in/jo', size: 12 } },
    /size/,
  ],
  ['a missing agent id', 'addContact', { body: { network_url: 'https://www.linkedin.com/in/jo' } }, /agentId/],
  ['an empty lead id', 'blockContact', { params: { leadId: '' } }, /leadId/],
  ['a statistics period not in the list', 'agentStats', { params: { agentId: 'ag_1' }, query: { period: '1y' } }, /period/],
  ['an unknown email category', 'listEmails', { query: { category: 'spam' } }, /category/],
  ['emails to validate per_page above 100', 'emailsToValidate', { query: { per_page: 500 } }, /per_page/],
  ['emails to handle per_page above 100', 'emailsToHandle', { query: { per_page: 101 } }, /per_page/],
  ['custom messages that are not an object', 'validateEmail', { params: { leadId: 'l' }, body: { custom_messages: 'hi' } }, /custom_messages/],
  ['a cc that is not an email address', 'validateResponse', { params: { emailId: 'e' }, body: { cc: 'boss at acme' } }, /cc/],
  ['an empty reply', 'validateResponse', { params: { emailId: 'e' }, body: { content: '  ' } }, /content/],
  ['an unknown letter category', 'listLetters', { query: { category: 'lost' } }, /category/],
  ['letters per_page above 100', 'listLetters', { query: { per_page: 101 } }, /per_page/],
  ['letters to validate per_page above 100', 'lettersToValidate', { query: { per_page: 101 } }, /per_page/],
  ['a letter block without content', 'validateLetter', { params: { letterId: 'l' }, body: { blocks: [{ id: 'a' }] } }, /blocks: Blocks: a non-empty list/],
  ['an unknown blocklist type', 'listBlocklist', { query: { type: 'phone' } }, /type/],
  [
    'an address entry not in slugs',
    'addToBlocklist',
    { body: { type: 'address', value: 'Élodie|Martin|75001' } },
    /value: address entry: expected <firstname_slug>/,
  ],
  ['an address entry with two parts', 'addToBlocklist', { body: { type: 'address', value: 'elodie|martin' } }, /value/],
  ['a SIREN that is not 9 digits', 'addToBlocklist', { body: { type: 'siren', value: '12345' } }, /value: siren entry: expected 9 digits/],
  ['an email entry that is not an address', 'addToBlocklist', { body: { type: 'email', value: 'acme.fr' } }, /value/],
  ['a domain entry that is a URL', 'addToBlocklist', { body: { type: 'domain', value: 'https://acme.fr/' } }, /value/],
  ['an entry without type', 'addToBlocklist', { body: { value: 'acme.fr' } }, /type/],
  ['a removal with neither id nor value', 'removeFromBlocklist', { query: {} }, /id or its exact value/],
  ['calendar events per_page above 50', 'calendarEvents', { params: { agentId: 'ag_1' }, query: { per_page: 51 } }, /per_page/],
];

describe('bad parameters are refused before anything is sent', () => {
  it.each(refused)('%s', async (_, name, input, message) => {
    const { api, fetch } = spyClient();
    const error = await api.call(name, input as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toMatch(message);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('methods tried after a 405', () => {
  it('never turns a blocklist removal into a POST, which would add the entry', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) =>
      init?.method === 'PATCH' ? new Response('{"success":true}') : new Response('{}', { status: 405 }),
    );
    const routes = memoryRoutes();
    const api = createApiClient({ baseUrl: BASE, apiKey: 'k', fetch, routes });
    await api.call('removeFromBlocklist', { query: { id: 'bl_1' } });
    expect(fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['DELETE', 'PATCH']);
    expect(routes.current.methods.removeFromBlocklist).toBe('PATCH');
  });

  it('asks a GET the spec states again with GET, never with a method that could write', async () => {
    for (const name of ['listContacts', 'agentSettings', 'listBlocklist'] as const) {
      expect(operations[name].method).toBe('GET');
      expect(operations[name].alternateMethod).toBe('GET');
    }
  });
});
