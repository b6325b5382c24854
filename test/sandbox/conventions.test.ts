// The service shapes written from public conventions (conventions/): each answers all 27 operations
// in its convention, its errors, an empty list and a second page included. Ids are taken from the
// sandbox's own answers, so these tests do not depend on the extension's reader.
import { describe, expect, it } from 'vitest';
import { CONVENTION_SHAPES, type ConventionShape } from './conventions/index';
import { A0, A1, A2, clocked, type Json } from './helpers';

type Res = { status: number; json: Json; headers: Record<string, string> };

/** The 27 operations, in order, each called once on a fresh demo account in the given shape. */
function callAll(shape: ConventionShape): Res[] {
  const { sb, call } = clocked();
  const own = (path: string) => call('GET', path).json.data as Json[];
  const drafts = own('/api/api/emails/to-validate?per_page=100').filter((e) => e.agent_id === A0);
  const toHandle = own('/api/api/emails/to-handle?per_page=100').find((e) => e.agent_id === A0 && e.ai_reply);
  const toSkip = own('/api/api/emails/to-handle?per_page=100').find((e) => e.agent_id === A0 && e.id !== toHandle.id);
  const letters = own('/api/api/letters/to-validate').filter((l) => l.agent_id === A0 || l.agent_id === A1);
  const contact = own(`/api/api/contacts?per_page=100&agent_filter=${A0}`).find((c) => c.status === 'nurture');
  const ready = own('/api/network/actions').filter((a) => a.agent_id !== A2);
  sb.faults = { shape };
  return [
    call('GET', '/api/api/me'),
    call('GET', '/api/api/contacts?per_page=5'),
    call('POST', `/api/api/campaigns/${A0}/contacts`, { network_url: 'https://www.linkedin.com/in/convention-1', custom_offre: 'audit' }),
    call('GET', `/api/api/campaigns/${A0}/settings`),
    call('POST', `/api/api/contacts/${contact.id}/block`),
    call('GET', `/api/api/agents/${A0}/stats?period=30d`),
    call('GET', `/api/api/agents/${A1}/reflexes`),
    call('GET', '/api/api/emails?per_page=5'),
    call('GET', '/api/api/emails/to-validate'),
    call('GET', '/api/api/emails/to-handle'),
    call('POST', `/api/api/emails/validate/${drafts[0].lead_id}`),
    call('POST', `/api/api/emails/reject/${drafts[1].lead_id}`),
    call('POST', `/api/api/emails/validate-response/${toHandle.id}`),
    call('POST', `/api/api/emails/skip-response/${toSkip.id}`),
    call('GET', '/api/api/letters?per_page=5'),
    call('GET', '/api/api/letters/to-validate'),
    call('POST', `/api/api/letters/validate/${letters[0].id}`),
    call('POST', `/api/api/letters/reject/${letters[1].id}`),
    call('GET', '/api/api/blocklist'),
    call('POST', '/api/api/blocklist', { type: 'domain', value: 'convention.example' }),
    call('DELETE', '/api/api/blocklist?value=convention.example'),
    call('GET', `/api/api/agents/${A0}/calendar-events`),
    call('GET', '/api/network/actions'),
    call('POST', `/api/network/actions/${ready[0].id}/sent`, { metadata: { method: 'manual' } }),
    call('PUT', `/api/network/actions/${ready[1].id}/message`, { message: 'Bonjour' }),
    call('POST', `/api/network/actions/${ready[2].id}/failed`, { metadata: { reason: 'not_relevant' } }),
    call('GET', '/api/network/weekly-stats'),
  ];
}

const LISTS = new Set([2, 7, 8, 9, 10, 15, 16, 19, 22, 23]);

/** What every answer of the convention looks like: never the sandbox's own `{success, data}`. */
const CONVENTION: Record<ConventionShape, (res: Res, op: number) => void> = {
  jsonapi: (res, op) => {
    expect(res.headers['content-type']).toBe('application/vnd.api+json');
    const resources = LISTS.has(op) || op === 21 ? res.json.data : [res.json.data];
    expect(Array.isArray(resources)).toBe(true);
    for (const r of resources) {
      expect(Object.keys(r).sort()).toEqual(expect.arrayContaining(['attributes', 'id', 'type']));
      expect(r.attributes).not.toHaveProperty('type');
      expect(r.attributes).not.toHaveProperty('id');
    }
  },
  odata: (res, op) => {
    if (op === 21) return void expect([res.status, res.json]).toEqual([204, null]);
    expect(res.json['@odata.context']).toMatch(/\$metadata#/);
    if (LISTS.has(op)) expect(Array.isArray(res.json.value)).toBe(true);
    else expect(typeof res.json.id).toBe('string');
  },
  aip: (res, op) => {
    const resources = LISTS.has(op) ? (Object.values(res.json).find(Array.isArray) as Json[]) : op === 21 ? [] : [res.json];
    for (const r of resources) {
      expect(r.name).toMatch(/^[a-zA-Z]+\/[^/]+$/);
      expect(r).not.toHaveProperty('id');
    }
  },
  hal: (res, op) => {
    if (op === 21) return void expect([res.status, res.json]).toEqual([204, null]);
    expect(res.headers['content-type']).toBe('application/hal+json');
    const lists = res.json._embedded ? (Object.values(res.json._embedded) as Json[][]) : [];
    const resources = LISTS.has(op) ? lists[0]! : [res.json];
    expect(Array.isArray(resources)).toBe(true);
    for (const r of resources) {
      expect(r).not.toHaveProperty('id');
      expect(r._links.self.href).toMatch(/^http:\/\/[^/]+\/api\/(api|network)\/.+/);
    }
    expect(JSON.stringify(res.json)).not.toMatch(/\d{2}:\d{2}(\.\d+)?Z"/);
  },
  stripe: (res, op) => {
    const resources = LISTS.has(op) ? res.json.data : [res.json];
    if (LISTS.has(op)) expect(res.json).toMatchObject({ object: 'list', has_more: expect.any(Boolean), url: expect.stringMatching(/^\/api\//) });
    for (const r of resources) {
      expect(r.object).toMatch(/^[a-z_]+$/);
      if (r.object !== 'weekly_stats') expect(r.id).toMatch(/^[a-z]{2}_\w+$/);
    }
    if (op === 21) expect(res.json).toMatchObject({ object: 'blocklist_entry', deleted: true });
    expect(JSON.stringify(res.json)).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
  },
};

describe.each(CONVENTION_SHAPES)('the %s shape', (shape) => {
  it('answers each of the 27 operations in its convention, without the sandbox own envelope', () => {
    const answers = callAll(shape);
    expect(answers).toHaveLength(27);
    answers.forEach((res, i) => {
      expect(res.status, `op ${i + 1}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
      expect(res.json ?? {}, `op ${i + 1}`).not.toHaveProperty('success');
      CONVENTION[shape](res, i + 1);
    });
  });

  it('keeps the sandbox rules: an add answered in the shape is stored', () => {
    const { sb, call } = clocked();
    sb.faults = { shape };
    expect(call('POST', `/api/api/campaigns/${A0}/contacts`, { network_url: 'https://www.linkedin.com/in/convention-2', custom_offre: 'x' }).status).toBe(201);
    const book = [...sb.accounts.values()][0]!.book;
    expect(book.contacts.some((c) => c.network_url === 'https://www.linkedin.com/in/convention-2')).toBe(true);
  });
});

describe('errors in each convention', () => {
  const errorsOf = (shape: ConventionShape) => {
    const { sb, call } = clocked();
    sb.faults = { shape };
    return {
      invalid: call('POST', `/api/api/campaigns/${A0}/contacts`, { identifier: 'x' }),
      missing: call('POST', '/api/api/emails/validate/ld_nobody'),
      paused: call('POST', `/api/api/campaigns/${A2}/contacts`, { network_url: 'https://www.linkedin.com/in/convention-3' }),
      older: call('GET', `/api/api/agents/${A2}/reflexes`),
      unauthenticated: call('GET', '/api/api/me', undefined, null),
    };
  };

  it('JSON:API: errors[] with status, title, detail, and a pointer for each field of a 422', () => {
    const e = errorsOf('jsonapi');
    expect(e.invalid.status).toBe(422);
    expect(e.invalid.json.errors.map((x: Json) => x.source.pointer)).toEqual(['/data/attributes/networkUrl', '/data/attributes/custom_offre']);
    expect(e.missing.json.errors[0]).toMatchObject({ status: '404', title: 'Not Found', detail: 'Contact not found' });
    expect(e.paused.json.errors[0]).toMatchObject({ status: '403', detail: 'Agent paused' });
    expect(e.older.status).toBe(400);
    expect(e.unauthenticated.json.errors[0]).toMatchObject({ status: '401', detail: 'Unauthenticated.' });
  });

  it('OData: error {code, message, details[{code, target, message}]}', () => {
    const e = errorsOf('odata');
    expect(e.invalid.json.error).toMatchObject({ code: 'ValidationFailed', target: 'networkUrl' });
    expect(e.invalid.json.error.details.map((d: Json) => [d.code, d.target])).toEqual([
      ['MissingProperty', 'networkUrl'],
      ['MissingProperty', 'custom_offre'],
    ]);
    expect(e.missing.json).toEqual({ error: { code: 'NotFound', message: 'Contact not found' } });
    expect(e.paused.json.error).toMatchObject({ code: 'Forbidden', message: 'Agent paused' });
    expect(e.older.json.error.code).toBe('BadRequest');
  });

  it('AIP: google.rpc.Status with fieldViolations for a 422', () => {
    const e = errorsOf('aip');
    expect(e.invalid.json.error).toMatchObject({ code: 422, status: 'INVALID_ARGUMENT' });
    expect(e.invalid.json.error.details[0].fieldViolations.map((v: Json) => v.field)).toEqual(['network_url', 'custom_offre']);
    expect(e.missing.json.error).toMatchObject({ code: 404, status: 'NOT_FOUND', message: 'Contact not found' });
    expect(e.paused.json.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED', message: 'Agent paused' });
    expect(e.unauthenticated.json.error.status).toBe('UNAUTHENTICATED');
  });
});

describe('empty lists and pages in each convention', () => {
  const NONE = '/api/api/contacts?search=zzzzzz-nobody';

  it('JSON:API: an empty data[], and a second page by page[number] with prev and next links', () => {
    const { sb, call } = clocked();
    sb.faults = { shape: 'jsonapi' };
    expect(call('GET', NONE).json).toMatchObject({ data: [], meta: { page: { total: 0 } } });
    const second = call('GET', '/api/api/contacts?page[number]=2&page[size]=10').json;
    expect(second.data).toHaveLength(10);
    expect(second.meta.page).toMatchObject({ currentPage: 2, perPage: 10 });
    expect(second.links.prev).toContain('page%5Bnumber%5D=1');
    expect(second.links.next).toContain('page%5Bnumber%5D=3');
    const bySpec = call('GET', '/api/api/contacts?page=2&per_page=10').json;
    expect(bySpec.data.map((r: Json) => r.id)).toEqual(second.data.map((r: Json) => r.id));
  });

  it('OData: value [] with a count of 0, and a second page by $skip, its nextLink carrying $top and $skip', () => {
    const { sb, call } = clocked();
    sb.faults = { shape: 'odata' };
    expect(call('GET', NONE).json).toMatchObject({ '@odata.count': 0, value: [] });
    expect(call('GET', NONE).json).not.toHaveProperty('@odata.nextLink');
    const first = call('GET', '/api/api/contacts?$top=10').json;
    expect(first['@odata.nextLink']).toMatch(/\?\$top=10&\$skip=10$/);
    const second = call('GET', '/api/api/contacts?$top=10&$skip=10').json;
    expect(second.value).toHaveLength(10);
    expect(second['@odata.nextLink']).toMatch(/\$skip=20$/);
    expect(second.value[0].id).not.toBe(first.value[0].id);
  });

  it('AIP: an empty list is {} (proto3 leaves it out), and a second page by its opaque token', () => {
    const { sb, call } = clocked();
    sb.faults = { shape: 'aip' };
    expect(call('GET', NONE).json).toEqual({ filtersApplied: expect.any(Object) });
    const first = call('GET', '/api/api/contacts?pageSize=10').json;
    expect(first.contacts).toHaveLength(10);
    const second = call('GET', `/api/api/contacts?pageSize=10&pageToken=${first.nextPageToken}`).json;
    expect(second.contacts).toHaveLength(10);
    expect(second.contacts[0].name).not.toBe(first.contacts[0].name);
    expect(second.nextPageToken).not.toBe(first.nextPageToken);
  });
});
