import { describe, expect, it } from 'vitest';
import { OTHER_KEY } from './seed';
import { A0, A1, A2, clocked, expect422, MINUTE, type Json } from './helpers';

const add = (agent: string) => `/api/api/campaigns/${agent}/contacts`;
const URL_OK = 'https://www.linkedin.com/in/jeanne-durand-8c2f1';

describe('sandbox op 4: agent settings', () => {
  it('names the required fields, with each agent its own custom variables', () => {
    const { call } = clocked();
    const a0 = call('GET', `/api/api/campaigns/${A0}/settings`);
    expect(a0.status).toBe(200);
    expect(a0.json.data).toMatchObject({
      agent_id: A0,
      required_fields: ['network_url', 'custom_offre'],
      optional_fields: ['identifier', 'ai_context'],
      custom_variables: [{ name: 'custom_offre', required: true, used_in: ['emails', 'letters'] }],
      email_fields: expect.arrayContaining(['custom_offre']),
    });
    expect(call('GET', `/api/api/campaigns/${A1}/settings`).json.data.required_fields).toEqual(['network_url']);
    expect(call('GET', `/api/api/campaigns/${A2}/settings`).json.data.custom_variables[0].used_in).toEqual(['letters']);
    expect(call('GET', '/api/api/campaigns/ag_nope/settings').status).toBe(404);
  });

  it('answers in the list form or unreadably when switched, and back', () => {
    const { call } = clocked();
    expect(call('POST', '/__sandbox/settings-shape', { shape: 'lists' }, null).status).toBe(200);
    expect(call('GET', `/api/api/campaigns/${A0}/settings`).json.data).toMatchObject({
      fields: { required: ['network_url', 'custom_offre'], optional: ['identifier', 'ai_context'] },
      templates: {
        emails: { variables: expect.arrayContaining(['{custom_offre}', '{firstname}']) },
        letters: { variables: expect.arrayContaining(['{address}']) },
      },
    });
    call('POST', '/__sandbox/settings-shape', { shape: 'unreadable' }, null);
    const unreadable = call('GET', `/api/api/campaigns/${A0}/settings`).json.data;
    expect(Object.keys(unreadable)).not.toContain('fields');
    expect(Object.keys(unreadable)).not.toContain('required_fields');
    expect(call('POST', '/__sandbox/settings-shape', { shape: 'round' }, null).status).toBe(400);
    call('POST', '/__sandbox/settings-shape', { shape: 'flat' }, null);
    expect(call('GET', `/api/api/campaigns/${A0}/settings`).json.data.required_fields).toEqual(['network_url', 'custom_offre']);
  });
});

describe('sandbox op 3: add a contact', () => {
  it('stores the contact at once (201, status enrich, source network_manual) and consumes a credit', () => {
    const { call } = clocked();
    const before = call('GET', '/api/api/me').json.data.leads_available_service;
    const res = call('POST', add(A0), { network_url: URL_OK, custom_offre: 'audit', ai_context: 'Met at VivaTech', identifier: 'crm-9001' });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      identifier: 'crm-9001',
      agent_id: A0,
      status: 'enrich',
      source: 'network_manual',
      network_url: URL_OK,
      processing: 'scheduled',
      ai_context: 'Met at VivaTech',
      custom_variables: { custom_offre: 'audit' },
    });
    // Spec 000: leads_available_service counts the credits consumed, so it grows by one.
    expect(res.json.meta.leads_available_service).toBe(before + 1);
    expect(call('GET', '/api/api/me').json.data.leads_available_service).toBe(before + 1);
    expect(call('GET', '/api/api/contacts?search=crm-9001').json.data).toMatchObject([{ identifier: 'crm-9001', status: 'enrich', firstname: null }]);
  });

  it('generates an identifier when none is given', () => {
    const { call } = clocked();
    expect(call('POST', add(A1), { network_url: URL_OK }).json.data.identifier).toMatch(/^auto-/);
  });

  it('answers 422 with validation_errors, missing_fields and invalid_fields', () => {
    const { call } = clocked();
    expect422(call('POST', add(A0), {}), ['network_url', 'custom_offre'], []);
    expect422(
      call('POST', add(A0), { network_url: 'https://www.linkedin.com/company/acme', custom_offre: 'x', ai_context: 3 }),
      [],
      ['network_url', 'ai_context'],
    );
    expect422(call('POST', add(A0), { network_url: 'http://www.linkedin.com/in/x', custom_offre: 'x' }), [], ['network_url']);
    expect422(call('POST', add(A0), { network_url: URL_OK, custom_offre: 7 }), [], ['custom_offre']);
  });

  it('refuses duplicates with 422: an identifier already used in the account, or a profile already on this agent', () => {
    const { call } = clocked();
    expect(call('POST', add(A1), { network_url: URL_OK, identifier: 'dup-1' }).status).toBe(201);
    expect422(call('POST', add(A1), { network_url: 'https://www.linkedin.com/in/other-person', identifier: 'dup-1' }), [], ['identifier']);
    expect422(call('POST', add(A1), { network_url: `${URL_OK}/` }), [], ['network_url']);
    expect422(call('POST', add(A1), { network_url: 'https://www.linkedin.com/in/sarah-chen-fintech' }), [], ['network_url']);
  });

  it('accepts the same profile on another agent', () => {
    const { call } = clocked();
    expect(call('POST', add(A1), { network_url: URL_OK }).status).toBe(201);
    expect(call('POST', add(A0), { network_url: URL_OK, custom_offre: 'x' }).status).toBe(201);
  });

  it('refuses with 403 "Agent paused" / "Agent cancelled" and 404 for an unknown agent; only the campaigns path exists', () => {
    const { call } = clocked();
    expect(call('POST', add(A2), { network_url: URL_OK, custom_salon: 'x' }).json).toEqual({ success: false, message: 'Agent paused' });
    call('POST', `/__sandbox/agents/${A1}`, { status: 'cancelled' }, null);
    expect(call('POST', add(A1), { network_url: URL_OK })).toMatchObject({ status: 403, json: { message: 'Agent cancelled' } });
    expect(call('POST', add('ag_nope'), { network_url: URL_OK }).status).toBe(404);
    expect(call('POST', `/api/api/agents/${A0}/contacts`, { network_url: URL_OK, custom_offre: 'x' }).status).toBe(404);
  });

  it('turns the added contact into a ready invitation after about a minute of sandbox time', () => {
    const { call, advance } = clocked();
    const id = call('POST', add(A1), { network_url: 'https://www.linkedin.com/in/jeanne-durand-8c2f1' }).json.data.id;
    const invitationFor = () => (call('GET', '/api/network/actions?limit=100').json.data as Json[]).find((a) => a.contact.id === id);
    advance(59_000);
    expect(invitationFor()).toBeUndefined();
    advance(1_000);
    const action = invitationFor();
    expect(action).toMatchObject({ status: 'ready', agent_id: A1, contact: { firstname: 'Jeanne', lastname: 'Durand', network_url: URL_OK } });
    expect(action.message.length).toBeLessThanOrEqual(200);
    const contact = (call('GET', `/api/api/contacts?agent_filter=${A1}&per_page=100`).json.data as Json[]).find((c) => c.id === id);
    expect([contact.status, contact.processing, contact.firstname]).toEqual(['contact', null, 'Jeanne']);
    // The whole loop: the invitation can be sent, and then the contact is no longer masked.
    expect(call('POST', `/api/network/actions/${action.id}/sent`, {}).status).toBe(200);
    const sent = (call('GET', `/api/api/contacts?agent_filter=${A1}&per_page=100`).json.data as Json[]).find((c) => c.id === id);
    expect([sent.network_url, sent.has_touchpoint_network]).toEqual([URL_OK, true]);
  });

  it('stores without processing when the account is out of credits, and processes after a top-up', () => {
    const { call, advance } = clocked();
    const agent = call('GET', '/api/api/me', undefined, OTHER_KEY).json.data;
    // One seeded contact was processed: one credit consumed, none left.
    expect(agent.leads_available_service).toBe(1);
    const res = call('POST', add(agent.agents[0].id), { network_url: URL_OK }, OTHER_KEY);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ status: 'enrich', processing: 'waiting_for_credits' });
    // A contact stored without processing consumes nothing.
    expect(res.json.meta.leads_available_service).toBe(1);
    advance(10 * MINUTE);
    const ready = () =>
      (call('GET', '/api/network/actions?limit=100', undefined, OTHER_KEY).json.data as Json[]).filter((a) => a.contact.id === res.json.data.id);
    expect(ready()).toEqual([]);
    const topUp = call('POST', '/__sandbox/credits', { key: OTHER_KEY, credits: 5 }, null);
    // Two contacts were waiting (one seeded, the one just added): both take a credit.
    expect(topUp.json.data).toEqual({ credits: 3, leads_available_service: 3 });
    expect(call('GET', '/api/api/me', undefined, OTHER_KEY).json.data.leads_available_service).toBe(3);
    advance(MINUTE);
    expect(ready()).toHaveLength(1);
  });
});
