// Issue 37's draws of the random shape (random-wide.ts), checked on the answers themselves: the
// reader's side is an end-to-end file of branch i37-shapes, not yet in npm test (docs/api-assumptions.md, Conventions tried).
import { describe, expect, it } from 'vitest';
import { A0, clocked, type Json } from './helpers';
import { drawShape } from './random-shape';
import { ERROR_FORMS, RECORD_WRAPPERS, RELATED } from './random-wide';

const SEEDS = Array.from({ length: 60 }, (_, i) => i * 7919 + 1);
const ROUTE = 'listContacts';
const seedWhere = (test: (d: ReturnType<typeof drawShape>) => boolean) => SEEDS.find((s) => test(drawShape(s, ROUTE)))!;

describe('the random shape, issue 37 draws', () => {
  it('draws every wrapper, related layout, family and error form over the seeds, the same for the same seed, and the classic shape unchanged', () => {
    const extra = SEEDS.map((s) => drawShape(s, ROUTE).extra!);
    expect(new Set(extra.map((e) => e.recordWrapper)).size).toBe(RECORD_WRAPPERS.length);
    expect(new Set(extra.map((e) => e.related)).size).toBe(RELATED.length);
    expect(new Set(extra.map((e) => e.errorForm)).size).toBe(ERROR_FORMS.length);
    expect(new Set(extra.map((e) => e.family)).size).toBe(4);
    expect(extra.some((e) => e.zeroBased) && extra.some((e) => e.noIndicator)).toBe(true);
    expect(drawShape(5, ROUTE)).toEqual(drawShape(5, ROUTE));
    const { extra: _e, ...classic } = drawShape(5, ROUTE);
    expect(drawShape(5, ROUTE, false)).toEqual(classic);
  });

  it('puts a record fields in the drawn wrapper beside its id', () => {
    const seed = seedWhere((d) => d.extra?.recordWrapper === 'attributes' && d.keyCase === 'snake' && d.extra.related !== 'referenced');
    const { sb, call } = clocked();
    sb.faults = { shape: 'random', seed };
    const text = JSON.stringify(call('GET', '/api/api/contacts').json);
    expect(text).toMatch(/\{"id":"ld_[^"]+","attributes":\{/);
  });

  it('gives the agents once beside the list and references them by type and id', () => {
    const seed = seedWhere((d) => d.extra?.related === 'referenced' && d.keyCase === 'snake' && !d.extra.recordWrapper);
    const { sb, call } = clocked();
    sb.faults = { shape: 'random', seed };
    const text = JSON.stringify(call('GET', '/api/api/contacts').json);
    expect(text).toContain(`"agent":{"type":"agent","id":"${A0}"}`);
    expect(text).toContain(`"included":[{"type":"agent","id":"${A0}","name":"Prospection SaaS France"}`);
  });

  it('answers without a success indicator, and reports 0-based pages', () => {
    const quiet = seedWhere((d) => d.extra?.noIndicator === true && d.keyCase === 'snake');
    const { sb, call } = clocked();
    sb.faults = { shape: 'random', seed: quiet };
    expect(JSON.stringify(call('GET', '/api/api/contacts').json)).not.toMatch(/"(success|ok)":|"status":"success"/);
    sb.faults = { shape: 'random', seed: seedWhere((d) => d.extra?.zeroBased === true && d.paging === 'sized') };
    expect(JSON.stringify(call('GET', '/api/api/contacts?page=2&per_page=10').json)).toMatch(/"page":"?1"?,"page.?size":"?10"?/i);
  });

  it.each(ERROR_FORMS)('writes a 422 in the %s form, naming each field', (form) => {
    const seed = SEEDS.find((s) => drawShape(s, 'addContact').extra?.errorForm === form && drawShape(s, 'addContact').keyCase === 'snake')!;
    const { sb, call } = clocked();
    sb.faults = { shape: 'random', seed };
    const res = call('POST', `/api/api/campaigns/${A0}/contacts`, {});
    expect(res.status).toBe(422);
    const text = JSON.stringify(res.json as Json);
    expect(text).toMatch(/network_url|networkUrl/);
    expect(text).toContain('custom_offre');
  });
});
