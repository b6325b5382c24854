import { describe, expect, it } from 'vitest';
import { DEFAULT_METHODS } from './app';
import { A0, A1, clocked, MINUTE, type Json } from './helpers';
import { DEMO_KEY } from './seed';

/** Every operation of spec 000 with the sandbox's default method, and a harmless request. */
const OPS: Array<[number, string, string, unknown?]> = [
  [1, 'GET', '/api/api/me'],
  [2, 'GET', '/api/api/contacts'],
  [3, 'POST', `/api/api/campaigns/${A1}/contacts`, { network_url: 'https://www.linkedin.com/in/route-check' }],
  [4, 'GET', `/api/api/campaigns/${A0}/settings`],
  [5, 'POST', '/api/api/contacts/ld_tomGrd16/block'],
  [6, 'GET', `/api/api/agents/${A0}/stats`],
  [7, 'GET', `/api/api/agents/${A0}/reflexes`],
  [8, 'GET', '/api/api/emails'],
  [9, 'GET', '/api/api/emails/to-validate'],
  [10, 'GET', '/api/api/emails/to-handle'],
  [11, 'POST', '/api/api/emails/validate/ld_leonMrc1'],
  [12, 'POST', '/api/api/emails/reject/ld_aurPtj2'],
  [13, 'POST', '/api/api/emails/validate-response/em_in01'],
  [14, 'POST', '/api/api/emails/skip-response/em_in05'],
  [15, 'GET', '/api/api/letters'],
  [16, 'GET', '/api/api/letters/to-validate'],
  [17, 'POST', '/api/api/letters/validate/lt_val01'],
  [18, 'POST', '/api/api/letters/reject/lt_val02'],
  [19, 'GET', '/api/api/blocklist'],
  [20, 'POST', '/api/api/blocklist', { type: 'domain', value: 'route-check.example' }],
  [21, 'DELETE', '/api/api/blocklist?id=bl_em02'],
  [22, 'GET', `/api/api/agents/${A0}/calendar-events`],
  [23, 'GET', '/api/network/actions'],
  [24, 'POST', '/api/network/actions/na_unknown/sent'],
  [25, 'PUT', '/api/network/actions/na_unknown/message'],
  [26, 'POST', '/api/network/actions/na_unknown/failed'],
  [27, 'GET', '/api/network/weekly-stats'],
];

describe('sandbox routes of the 27 operations', () => {
  it('answers every operation with its default method, with the success indicator', () => {
    const { call } = clocked();
    for (const [op, method, path, body] of OPS) {
      const res = call(method, path, body);
      // 24 to 26 on an unknown action: routed (404 from the handler, not from routing).
      const expected = op >= 24 && op <= 26 ? 404 : op === 3 || op === 20 ? 201 : 200;
      expect([op, res.status], JSON.stringify(res.json)).toEqual([op, expected]);
      expect(typeof res.json.success).toBe('boolean');
    }
  });

  it('answers 405 with Allow for another method, and Allow lists the three methods of /blocklist', () => {
    const { call } = clocked();
    for (const [op, method, path] of OPS) {
      // No route answers PATCH by default.
      const res = call('PATCH', path);
      expect([op, res.status]).toEqual([op, 405]);
      expect(res.headers.allow, String(op)).toContain(method);
    }
    expect(call('PUT', '/api/api/blocklist').headers.allow).toBe('GET, POST, DELETE');
  });

  it('lets a test choose another method per route', () => {
    const { call } = clocked({ methods: { validateEmail: 'PUT', removeBlocklist: 'POST', addBlocklist: 'PUT' } });
    expect(call('POST', '/api/api/emails/validate/ld_leonMrc1').status).toBe(405);
    expect(call('PUT', '/api/api/emails/validate/ld_leonMrc1').status).toBe(200);
    expect(call('POST', '/api/api/blocklist', { id: 'bl_em02' }).json.data.by).toBe('id');
    expect(call('PUT', '/api/api/blocklist', { type: 'company', value: 'Routes Inc' }).status).toBe(201);
    expect(DEFAULT_METHODS.listContacts).toBe('GET');
  });

  it('answers 401 without a valid key on the new routes, by header or api_key', () => {
    const { call } = clocked();
    expect(call('GET', '/api/api/contacts', undefined, null).status).toBe(401);
    expect(call('GET', '/api/api/emails', undefined, 'nope').status).toBe(401);
    expect(call('GET', `/api/api/letters?api_key=${DEMO_KEY}`, undefined, null).status).toBe(200);
  });

  it('answers 404 for the aliases the spec does not state', () => {
    const { call } = clocked();
    expect(call('GET', `/api/api/agents/${A0}/settings`).status).toBe(404);
    expect(call('GET', `/api/api/campaigns/${A0}/reflexes`).status).toBe(404);
    expect(call('GET', `/api/api/campaigns/${A0}/stats`).status).toBe(200);
    expect(call('GET', `/api/api/campaigns/${A0}/calendar-events`).status).toBe(200);
  });
});

describe('sandbox rate limit across every operation', () => {
  it('shares 100 requests a minute per user between all operations', () => {
    const { call, advance } = clocked();
    const reads = OPS.filter(([, method]) => method === 'GET');
    for (let i = 0; i < 100; i++) {
      const [, method, path] = reads[i % reads.length]!;
      expect(call(method, path).status).not.toBe(429);
    }
    for (const [, method, path, body] of OPS) expect(call(method, path, body).status).toBe(429);
    advance(MINUTE);
    expect(call('GET', '/api/api/blocklist').status).toBe(200);
  });
});

describe('sandbox controls', () => {
  it('pauses, cancels and resumes an agent at runtime: writes answer 403, reads still 200', () => {
    const { call } = clocked();
    const res = call('POST', `/__sandbox/agents/${A1}`, { status: 'paused' }, null);
    expect(res.json.data).toMatchObject({ id: A1, status: 'paused', is_active: false });
    expect(call('GET', '/api/api/me').json.data.agents.find((a: Json) => a.id === A1).status).toBe('paused');
    expect(call('POST', '/api/api/emails/reject/ld_kevTrn3').json).toEqual({ success: false, message: 'Agent paused' });
    expect(call('GET', '/api/api/emails/to-validate').status).toBe(200);
    call('POST', `/__sandbox/agents/${A1}`, { status: 'active' }, null);
    expect(call('POST', '/api/api/emails/reject/ld_kevTrn3').status).toBe(200);
    expect(call('POST', '/__sandbox/agents/ag_nope', { status: 'paused' }, null).status).toBe(404);
    expect(call('POST', `/__sandbox/agents/${A1}`, { status: 'draft' }, null).status).toBe(400);
  });

  it('moves sandbox time forward for the demo: a grace period can run out without waiting', () => {
    const { call } = clocked();
    call('POST', '/api/api/letters/reject/lt_val02');
    expect(call('POST', '/__sandbox/clock', { advanceMinutes: 61 }, null).json.now).toBe('2026-03-10T10:01:00.000Z');
    expect(call('GET', '/__sandbox/clock', undefined, null).json.now).toBe('2026-03-10T10:01:00.000Z');
    expect(call('POST', '/api/api/letters/validate/lt_val02').status).toBe(404);
    expect(call('POST', '/__sandbox/clock', { advanceMinutes: -5 }, null).status).toBe(400);
  });

  it('sets the credits left of the demo account by default, leaving the count consumed as it was', () => {
    const { call } = clocked();
    const consumed = call('GET', '/api/api/me').json.data.leads_available_service;
    expect(call('POST', '/__sandbox/credits', { credits: 0 }, null).json.data).toEqual({ credits: 0, leads_available_service: consumed });
    const added = call('POST', `/api/api/campaigns/${A1}/contacts`, { network_url: 'https://www.linkedin.com/in/no-credit' }).json;
    expect(added.data.processing).toBe('waiting_for_credits');
    expect(added.meta.leads_available_service).toBe(consumed);
    expect(call('POST', '/__sandbox/credits', { credits: -1 }, null).status).toBe(400);
    // The count consumed is the service's, not a balance to set.
    expect(call('POST', '/__sandbox/credits', { leads_available_service: 5 }, null).status).toBe(400);
  });
});
