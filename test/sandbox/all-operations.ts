// The 27 operations called once each, for tests of a whole shape on the raw JSON (random-tokens.test.ts):
// the ids they need are read from the sandbox's own shape first, so no reader is involved.
import type { Faults } from './faults';
import { A0, A1, A2, clocked, type Json } from './helpers';

export type Answer = { route: string; path: string; status: number; json: Json };

/** The 27 operations, in order, with ids read from the sandbox's own shape, then called on a fresh demo account with these faults. */
export function allOperations(faults: Faults): Answer[] {
  const { sb, call } = clocked();
  const own = (path: string) => call('GET', path).json.data as Json[];
  const drafts = own('/api/api/emails/to-validate?per_page=100').filter((e) => e.agent_id === A0);
  const handle = own('/api/api/emails/to-handle?per_page=100').filter((e) => e.agent_id === A0);
  const letters = own('/api/api/letters/to-validate').filter((l) => l.agent_id !== A2);
  const contact = own(`/api/api/contacts?per_page=100&agent_filter=${A0}`).find((c) => c.status === 'nurture');
  const ready = own('/api/network/actions').filter((a) => a.agent_id !== A2);
  sb.faults = faults;
  const ops: Array<[string, string, string, unknown?]> = [
    ['account', 'GET', '/api/api/me'],
    ['listContacts', 'GET', '/api/api/contacts?per_page=5&include_emails=true'],
    ['addContact', 'POST', `/api/api/campaigns/${A0}/contacts`, { network_url: 'https://www.linkedin.com/in/tokens-1', custom_offre: 'audit' }],
    ['agentSettings', 'GET', `/api/api/campaigns/${A0}/settings`],
    ['blockContact', 'POST', `/api/api/contacts/${contact.id}/block`],
    ['agentStats', 'GET', `/api/api/agents/${A0}/stats?period=30d`],
    ['agentReflexes', 'GET', `/api/api/agents/${A1}/reflexes`],
    ['listEmails', 'GET', '/api/api/emails?per_page=5'],
    ['emailsToValidate', 'GET', '/api/api/emails/to-validate'],
    ['emailsToHandle', 'GET', '/api/api/emails/to-handle'],
    ['validateEmail', 'POST', `/api/api/emails/validate/${drafts[0].lead_id}`],
    ['rejectEmail', 'POST', `/api/api/emails/reject/${drafts[1].lead_id}`],
    ['validateEmailResponse', 'POST', `/api/api/emails/validate-response/${handle.find((e) => e.ai_reply).id}`],
    ['skipEmailResponse', 'POST', `/api/api/emails/skip-response/${handle.find((e) => !e.ai_reply).id}`],
    ['listLetters', 'GET', '/api/api/letters?per_page=5'],
    ['lettersToValidate', 'GET', '/api/api/letters/to-validate'],
    ['validateLetter', 'POST', `/api/api/letters/validate/${letters[0].id}`],
    ['rejectLetter', 'POST', `/api/api/letters/reject/${letters[1].id}`],
    ['listBlocklist', 'GET', '/api/api/blocklist'],
    ['addBlocklist', 'POST', '/api/api/blocklist', { type: 'domain', value: 'tokens.example' }],
    ['removeBlocklist', 'DELETE', '/api/api/blocklist?value=tokens.example'],
    ['calendarEvents', 'GET', `/api/api/agents/${A0}/calendar-events`],
    ['listActions', 'GET', '/api/network/actions'],
    ['markSent', 'POST', `/api/network/actions/${ready[0].id}/sent`, { metadata: { method: 'manual' } }],
    ['updateMessage', 'PUT', `/api/network/actions/${ready[1].id}/message`, { message: 'Bonjour' }],
    ['markFailed', 'POST', `/api/network/actions/${ready[2].id}/failed`, { metadata: { reason: 'not_relevant' } }],
    ['weeklyStats', 'GET', '/api/network/weekly-stats'],
  ];
  return ops.map(([route, method, path, body]) => ({ route, path, ...call(method, path, body) }));
}
