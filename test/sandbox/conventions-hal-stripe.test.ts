// The HAL and Stripe shapes' own words (conventions/hal.ts, conventions/stripe.ts), on the raw JSON:
// identity in links or in prefixed ids, references, their pages and their errors. That each answers
// the 27 operations is conventions.test.ts's.
import { describe, expect, it } from 'vitest';
import { A0, A2, clocked, type Json } from './helpers';

const NONE = '/api/api/contacts?search=zzzzzz-nobody';
const idOf = (href: string) => href.split('/').pop();

function inShape(shape: 'hal' | 'stripe') {
  const c = clocked();
  c.sb.faults = { shape };
  return c;
}

describe('the HAL shape (Spring Data REST)', () => {
  it('gives a record no id field: its id is the end of its self link, its agent and person are links with their data embedded', () => {
    const { call } = inShape('hal');
    const own = clocked().call('GET', '/api/api/emails?per_page=5').json.data as Json[];
    const hal = call('GET', '/api/api/emails?per_page=5').json;
    const emails = hal._embedded.emails as Json[];
    expect(emails.map((e) => idOf(e._links.self.href))).toEqual(own.map((e) => e.id));
    expect(emails[0]._links.self.href).toMatch(/^http:\/\/sandbox\.invalid\/api\/api\/emails\/em_\w+$/);
    expect(JSON.stringify(hal)).not.toMatch(/"(id|agentId|leadId)":/);
    expect(idOf(emails[0]._links.agent.href)).toBe(own[0]!.agent_id);
    expect(idOf(emails[0]._links.contact.href)).toBe(own[0]!.lead_id);
    expect(emails[0]._embedded.contact).toMatchObject({ firstname: own[0]!.prospect.firstname, _links: { self: { href: emails[0]._links.contact.href } } });
    expect(emails[0]).toHaveProperty('aiReply');
  });

  it('pages with a 0-based number, Spring page and size in its links, and takes page and size as well as the spec words', () => {
    const { call } = inShape('hal');
    const bySpec = call('GET', '/api/api/contacts?page=2&per_page=10').json;
    expect(bySpec.page).toEqual({ size: 10, totalElements: 46, totalPages: 5, number: 1 });
    expect(bySpec._links.next.href).toMatch(/\?page=2&size=10$/);
    expect(bySpec._links.prev.href).toMatch(/\?page=0&size=10$/);
    const bySpring = call('GET', '/api/api/contacts?page=1&size=10').json;
    const ids = (j: Json) => (j._embedded.contacts as Json[]).map((c) => c._links.self.href);
    expect(ids(bySpring)).toEqual(ids(bySpec));
    const next = call('GET', new URL(bySpec._links.next.href).pathname + new URL(bySpec._links.next.href).search).json;
    expect(next.page.number).toBe(2);
    expect(call('GET', NONE).json).toMatchObject({ _embedded: { contacts: [] }, page: { totalElements: 0, number: 0 } });
  });

  it('answers a creation 201 with its Location, a deletion 204, and times as Spring Boot writes them', () => {
    const { call } = inShape('hal');
    const added = call('POST', `/api/api/campaigns/${A0}/contacts`, { network_url: 'https://www.linkedin.com/in/hal-1', custom_offre: 'x' });
    expect(added.status).toBe(201);
    expect(added.headers.location).toBe(added.json._links.self.href);
    expect(added.json.createdAt).toBe('2026-03-10T09:00:00.000+00:00');
    expect(added.json.networkUrl).toBe('https://www.linkedin.com/in/hal-1');
    call('POST', '/api/api/blocklist', { type: 'domain', value: 'hal.example' });
    expect(call('DELETE', '/api/api/blocklist?value=hal.example')).toMatchObject({ status: 204, json: null });
  });

  it("writes errors as Spring Boot's {timestamp, status, error, message, path}, a 422 with binding errors per field", () => {
    const { call } = inShape('hal');
    const invalid = call('POST', `/api/api/campaigns/${A0}/contacts`, { identifier: 'x' });
    expect(invalid.headers['content-type']).toBe('application/json');
    expect(invalid.json).toMatchObject({ status: 422, error: 'Unprocessable Entity', path: `/api/api/campaigns/${A0}/contacts` });
    expect(invalid.json.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
    expect(invalid.json.errors.map((e: Json) => e.field)).toEqual(['network_url', 'custom_offre']);
    expect(call('POST', '/api/api/emails/validate/ld_nobody').json).toMatchObject({ status: 404, error: 'Not Found', message: 'Contact not found' });
    expect(call('POST', `/api/api/campaigns/${A2}/contacts`, { network_url: 'https://www.linkedin.com/in/hal-2' }).json).toMatchObject({
      status: 403,
      message: 'Agent paused',
    });
    expect(call('GET', '/api/api/me', undefined, null).json).toMatchObject({ status: 401, error: 'Unauthorized' });
  });
});

describe('the Stripe shape', () => {
  it('writes each record with its object, its prefixed id, epoch-second times, and its agent and person as bare ids', () => {
    const { call } = inShape('stripe');
    const own = clocked().call('GET', '/api/api/letters?per_page=3').json.data as Json[];
    const list = call('GET', '/api/api/letters?per_page=3').json;
    expect(Object.keys(list).sort()).toEqual(['data', 'has_more', 'object', 'url']);
    expect(list).toMatchObject({ object: 'list', has_more: true, url: '/api/api/letters' });
    expect(list.data[0]).toMatchObject({ id: own[0]!.id, object: 'letter', agent: own[0]!.agent_id, contact: own[0]!.lead_id, livemode: false });
    expect(list.data[0].created).toBe(Date.parse(own[0]!.created_at) / 1000);
    expect(list.data[0].contact_details.name).toBe(`${own[0]!.prospect.firstname} ${own[0]!.prospect.lastname}`);
  });

  it('expands a reference with expand[] into its object', () => {
    const { call } = inShape('stripe');
    const one = call('GET', '/api/api/emails?per_page=1&expand[]=data.agent').json.data[0];
    expect(one.agent).toMatchObject({ object: 'agent', id: expect.stringMatching(/^ag_/), name: expect.any(String) });
    expect(typeof call('GET', '/api/api/emails?per_page=1').json.data[0].agent).toBe('string');
  });

  it('pages by limit and the cursors starting_after and ending_before, as the spec pages do, and refuses an unknown cursor', () => {
    const { call } = inShape('stripe');
    const ids = (j: Json) => (j.data as Json[]).map((r) => r.id);
    const first = call('GET', '/api/api/contacts?limit=10').json;
    expect(first.data).toHaveLength(10);
    const second = call('GET', `/api/api/contacts?limit=10&starting_after=${first.data[9].id}`).json;
    expect(ids(second)).toEqual(ids(call('GET', '/api/api/contacts?page=2&per_page=10').json));
    expect(second.has_more).toBe(true);
    expect(ids(call('GET', `/api/api/contacts?limit=10&ending_before=${second.data[0].id}`).json)).toEqual(ids(first));
    const last = call('GET', `/api/api/contacts?limit=10&starting_after=${ids(call('GET', '/api/api/contacts?page=4&per_page=10').json)[9]}`).json;
    expect([last.data.length, last.has_more]).toEqual([6, false]);
    const unknown = call('GET', '/api/api/contacts?starting_after=ld_nobody');
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', param: 'starting_after' });
    expect(call('GET', NONE).json).toMatchObject({ object: 'list', data: [], has_more: false });
  });

  it('answers a deletion {id, object, deleted: true}', () => {
    const { call } = inShape('stripe');
    const added = call('POST', '/api/api/blocklist', { type: 'domain', value: 'stripe.example' }).json;
    expect(added).toMatchObject({ object: 'blocklist_entry', id: expect.stringMatching(/^bl_/) });
    expect(call('DELETE', '/api/api/blocklist?value=stripe.example').json).toEqual({ id: added.id, object: 'blocklist_entry', deleted: true });
  });

  it('writes errors as {error: {type, code, message, param, doc_url}}, a 422 naming its first field in param and every field in its message', () => {
    const { call } = inShape('stripe');
    const invalid = call('POST', `/api/api/campaigns/${A0}/contacts`, { identifier: 'x' });
    expect(invalid.status).toBe(422);
    expect(invalid.json.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_missing', param: 'network_url' });
    expect(invalid.json.error.message).toContain('network_url, custom_offre');
    expect(invalid.json.error.doc_url).toMatch(/^https:\/\//);
    expect(call('POST', '/api/api/emails/validate/ld_nobody').json.error).toMatchObject({ code: 'resource_missing', message: 'Contact not found' });
    expect(call('GET', '/api/api/me', undefined, null).json.error).toMatchObject({ code: 'api_key_invalid' });
  });
});
