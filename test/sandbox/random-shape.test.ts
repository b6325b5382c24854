import { describe, expect, it } from 'vitest';
import { readAccount, readActionList, readSuccess, readValidation, readWeeklyStats } from '../../lib/api/reader';
import { readAddContactAnswer } from '../../lib/api/readers/add-contact';
import { readAgentSettings } from '../../lib/api/readers/agent-settings';
import { readAgentStats, readReflexes } from '../../lib/api/readers/agents';
import { readBlocklist, readBlocklistAdded } from '../../lib/api/readers/blocklist';
import { readBlockResult, readContactList } from '../../lib/api/readers/contacts';
import { readDecision } from '../../lib/api/readers/decision';
import { readEmailList, readEmailsToHandle, readEmailsToValidate, readReplyRecord } from '../../lib/api/readers/emails';
import { readLetterList } from '../../lib/api/readers/letters';
import { readCalendarEvents } from '../../lib/api/readers/meetings';
import { A0, A1, clocked } from './helpers';
import { drawShape } from './random-shape';

type Call = ReturnType<typeof clocked>['call'];

/** Everything the extension reads of the sandbox, through its own readers. */
function everything(call: Call) {
  const get = (path: string) => {
    const res = call('GET', path);
    expect(res.status, path).toBe(200);
    expect(readSuccess(res.json), path).not.toBe(false);
    return res.json;
  };
  const pageOf = { perPage: 100 };
  // The unplaced lines are the record's other members as sent (issue 37), so each shape has its own:
  // what must be the same is what the rules placed.
  return withoutLines({
    account: readAccount(get('/api/api/me')),
    ready: readActionList(get('/api/network/actions?limit=100'), 100),
    weekly: readWeeklyStats(get('/api/network/weekly-stats')),
    contacts: readContactList(get('/api/api/contacts?per_page=100'), pageOf),
    contactsPage2: readContactList(get('/api/api/contacts?per_page=10&page=2'), { page: 2, perPage: 10 }).page,
    emails: readEmailList(get('/api/api/emails?per_page=100'), pageOf),
    toValidate: readEmailsToValidate(get('/api/api/emails/to-validate?per_page=100'), pageOf),
    toHandle: readEmailsToHandle(get('/api/api/emails/to-handle?per_page=100'), pageOf),
    letters: readLetterList(get('/api/api/letters?per_page=100'), pageOf),
    lettersToValidate: readLetterList(get('/api/api/letters/to-validate'), { perPage: 25 }),
    blocklist: readBlocklist(get('/api/api/blocklist?per_page=100'), pageOf),
    meetings: readCalendarEvents(get(`/api/api/agents/${A0}/calendar-events?per_page=50`), { perPage: 50 }),
    stats: readAgentStats(get(`/api/api/agents/${A0}/stats?period=30d`)),
    reflexes: readReflexes(get(`/api/api/agents/${A1}/reflexes`)),
    settings: readAgentSettings(get(`/api/api/campaigns/${A0}/settings`)),
  });
}

const withoutLines = (read: unknown): unknown => JSON.parse(JSON.stringify(read, (k, v: unknown) => (k === 'extra' ? undefined : v)));

/** Writes and what the extension reads of their answers. */
function writes(call: Call) {
  const ok = (method: string, path: string, body?: unknown) => {
    const res = call(method, path, body);
    expect(res.status, path).toBeLessThan(300);
    expect(readSuccess(res.json), path).not.toBe(false);
    return res.json;
  };
  const toValidate = readEmailsToValidate(call('GET', '/api/api/emails/to-validate?per_page=100').json).emails.filter((e) => e.agentId === A0);
  const toHandle = readEmailsToHandle(call('GET', '/api/api/emails/to-handle?per_page=100').json).emails.filter((e) => e.agentId === A0 && e.reply);
  const letter = readLetterList(call('GET', '/api/api/letters/to-validate').json).letters.find((l) => l.agentId === A0)!;
  const contact = readContactList(call('GET', `/api/api/contacts?per_page=100&agent_filter=${A0}`).json).contacts.find((c) => c.status === 'nurture')!;
  const ready = readActionList(call('GET', '/api/network/actions').json).actions.filter((a) => a.agentId === A0);
  const refused = call('POST', `/api/api/campaigns/${A0}/contacts`, { network_url: 'https://www.linkedin.com/in/random-shape-1' });
  return {
    added: readAddContactAnswer(
      ok('POST', `/api/api/campaigns/${A0}/contacts`, { network_url: 'https://www.linkedin.com/in/random-shape-2', custom_offre: 'audit' }),
    ),
    refused: [refused.status, readValidation(refused.json)],
    validated: readDecision(
      ok('POST', `/api/api/emails/validate/${toValidate[0]!.leadId}`, { custom_messages: Object.fromEntries(toValidate[0]!.steps.map((s) => [s.key, 'Un'])) }),
    ),
    rejected: readDecision(ok('POST', `/api/api/emails/reject/${toValidate[1]!.leadId}`)),
    reply: readReplyRecord(ok('POST', `/api/api/emails/validate-response/${toHandle[0]!.emailId}`)),
    letter: readDecision(ok('POST', `/api/api/letters/validate/${letter.id}`, { blocks: letter.blocks.map((b) => ({ id: b.id, content: 'Bloc' })) })),
    blocked: readBlockResult(ok('POST', `/api/api/contacts/${contact.id}/block`)),
    listed: readBlocklistAdded(ok('POST', '/api/api/blocklist', { type: 'domain', value: 'random-shape.example' })),
    marked: readSuccess(ok('POST', `/api/network/actions/${ready[0]!.id}/sent`, { metadata: { method: 'manual' } })),
    note: readSuccess(ok('PUT', `/api/network/actions/${ready[1]!.id}/message`, { message: 'Bonjour' })),
  };
}

const SEEDS = Array.from({ length: 40 }, (_, i) => i * 7919 + 1);

describe('the sandbox in random shapes', () => {
  it('draws every key case, envelope, time format and boolean spelling over a few seeds', () => {
    const drawn = SEEDS.flatMap((seed) => ['listContacts', 'account', 'listActions'].map((route) => drawShape(seed, route)));
    for (const key of ['keyCase', 'envelope', 'time', 'booleans', 'names', 'paging', 'indicator'] as const) {
      expect(new Set(drawn.map((d) => d[key])).size, key).toBeGreaterThanOrEqual(3);
    }
    expect(drawShape(5, 'listContacts')).toEqual(drawShape(5, 'listContacts'));
  });

  it.each(SEEDS)('answers with seed %i what the readers read as the sandbox own shape', (seed) => {
    const own = clocked();
    const drawn = clocked();
    drawn.sb.faults = { shape: 'random', seed, classic: true };
    const raw = drawn.call('GET', '/api/api/contacts').json;
    expect(JSON.stringify(raw)).not.toEqual(JSON.stringify(own.call('GET', '/api/api/contacts').json));
    expect(everything(drawn.call)).toEqual(everything(own.call));
    expect(writes(drawn.call)).toEqual(writes(own.call));
    expect(everything(drawn.call)).toEqual(everything(own.call));
  });

  it('keeps the names the client sends back as the sandbox wrote them, whatever the key case', () => {
    const { sb, call } = clocked();
    sb.faults = { shape: 'random', classic: true, seed: SEEDS.find((s) => drawShape(s, 'emailsToValidate').keyCase === 'screaming')! };
    const body = JSON.stringify(call('GET', '/api/api/emails/to-validate').json);
    expect(body).toContain('"email_1"');
    expect(body).toContain('"LEAD_ID"');
  });
});
