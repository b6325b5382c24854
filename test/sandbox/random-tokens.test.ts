// The token draw (random-tokens.ts) checked on the raw JSON of the 27 operations: no word the spec
// does not name is left as a key, ids are prefixed strings or numbers, references keep their word,
// some answers have cycles, the same seed answers the same. What the extension reads of it is the
// readers' property test, not this file's.
import { describe, expect, it } from 'vitest';
import { allOperations } from './all-operations';
import { A0, A1, A2, clocked, type Json } from './helpers';
import { numericId } from './numeric-ids';
import { drawShape } from './random-shape';
import { drawTokens, ID_SUFFIXES, REFERENCE_FORMS, token } from './random-tokens';
import { ALL_SPEC_WORDS, DATA_KEYED, PERSON_WORDS } from './spec-fields';

const SEEDS = Array.from({ length: 24 }, (_, i) => i * 7919 + 3);
const REFERENCE = /^(agent|lead|contact|prospect|person)(_id|Id)?$/;
const PERSON = /^(lead|contact|prospect|person)(_id|Id)?$/;
/** Keys that are data: the steps of a sequence, custom variables, the marks' metadata, a 422's fields. */
const DATA_KEY = /^(email_\d+|follow_up_\d+|custom_\w+|method|reason|network_url)$/;
const isRow = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every key of a value, deep. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (isRow(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}

/** The words of the sandbox's own answers the spec does not name (data maps' keys left out). */
function ownWords(): Set<string> {
  const { call } = clocked();
  const words = new Set<string>();
  const visit = (value: unknown, key = ''): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    if (!isRow(value) || DATA_KEYED.has(key)) return;
    for (const [k, v] of Object.entries(value)) {
      if (!ALL_SPEC_WORDS.has(k)) words.add(k);
      visit(v, k);
    }
  };
  for (const path of ['/api/api/me', '/api/api/contacts?include_emails=true', '/api/api/emails', '/api/api/emails/to-validate', '/api/api/letters']) {
    visit(call('GET', path).json);
  }
  for (const path of [`/api/api/campaigns/${A0}/settings`, `/api/api/agents/${A1}/reflexes`, `/api/api/agents/${A0}/calendar-events`, '/api/network/actions']) {
    visit(call('GET', path).json);
  }
  visit(call('GET', '/api/network/weekly-stats').json);
  visit(call('GET', `/api/api/agents/${A0}/stats`).json);
  return words;
}

/** The list's records: the first array of objects met breadth first, edges unwrapped, wrappers opened. */
function recordsOf(json: Json, seed: number, route: string): Json[] {
  const included = token(seed, 'included');
  const queue: Array<[string, unknown]> = Object.entries(json);
  while (queue.length) {
    const [key, value] = queue.shift()!;
    if (key === included) continue;
    if (Array.isArray(value) && value.every(isRow)) {
      const node = token(seed, 'node');
      const wrapper = drawShape(seed, route).extra?.recordWrapper;
      return value.map((r) => (node in r ? r[node] : r)).map((r) => (wrapper && token(seed, wrapper) in r ? { ...r[token(seed, wrapper)], id: r.id } : r));
    }
    if (isRow(value)) queue.push(...Object.entries(value));
  }
  return [];
}

describe('the token draw of the random shape', () => {
  const words = ownWords();

  it('draws every reference form, suffix, person word and both id forms over the seeds, the same for the same seed', () => {
    const drawn = SEEDS.flatMap((seed) => ['listEmails', 'listActions', 'account'].map((route) => drawTokens(seed, route)));
    expect(new Set(drawn.map((d) => d.reference)).size).toBe(REFERENCE_FORMS.length);
    expect(new Set(drawn.map((d) => d.suffix)).size).toBe(ID_SUFFIXES.length);
    expect(new Set(drawn.map((d) => d.personWord)).size).toBe(PERSON_WORDS.length);
    expect(new Set(drawn.map((d) => d.ids))).toEqual(new Set(['prefixed', 'numeric']));
    expect(drawTokens(5, 'listEmails')).toEqual(drawTokens(5, 'listEmails'));
    expect(token(5, 'subject')).toMatch(/^[a-z][a-z0-9]{5}$/);
    expect(token(5, 'subject')).not.toBe(token(6, 'subject'));
  });

  it.each(SEEDS)('leaves no key the spec does not name in any of the 27 answers, seed %i', (seed) => {
    for (const answer of allOperations({ shape: 'random', seed, tokens: true })) {
      expect(answer.status, `${answer.route}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
      for (const key of keysOf(answer.json)) {
        const allowed = ALL_SPEC_WORDS.has(key) || REFERENCE.test(key) || key === 'id' || key === 'type' || DATA_KEY.test(key);
        if (allowed) continue;
        expect(key, `${answer.route}: ${key}`).toMatch(/^[a-z][a-z0-9]{5}$/);
        expect(words.has(key), `${answer.route}: ${key} is the sandbox own word`).toBe(false);
      }
      expect(JSON.stringify(answer.json), answer.route).not.toMatch(/"(success|data|meta|items|included|current_page|agent_name|subject|firstname)":/);
    }
  });

  it('writes every id as a prefixed string or a number, both per route over the seeds, and reads a number back in a path and a filter', () => {
    const forms = new Map<string, Set<string>>();
    for (const seed of SEEDS.slice(0, 8)) {
      for (const answer of allOperations({ shape: 'random', seed, tokens: true })) {
        const ids: unknown[] = [];
        const visit = (v: unknown): void => {
          if (Array.isArray(v)) {
            for (const x of v) visit(x);
            return;
          }
          if (!isRow(v)) return;
          // A letter's blocks are named by their id ("greeting"), which the client sends back as read.
          if ('id' in v && !('content' in v)) ids.push(v.id);
          for (const x of Object.values(v)) visit(x);
        };
        visit(answer.json);
        for (const id of ids) {
          expect(typeof id === 'number' ? Number.isInteger(id) && id > 0 : /^[a-z]{2}_\w+$/.test(String(id)), `${answer.route}: ${id}`).toBe(true);
          forms.set(answer.route, (forms.get(answer.route) ?? new Set()).add(typeof id));
        }
      }
    }
    expect([...forms.values()].filter((f) => f.size === 2).length).toBeGreaterThanOrEqual(15);

    const seed = SEEDS.find((s) => drawTokens(s, 'listActions').ids === 'numeric' && drawTokens(s, 'account').ids === 'numeric')!;
    const { sb, call } = clocked();
    sb.faults = { shape: 'random', seed, tokens: true };
    const action = recordsOf(call('GET', '/api/network/actions').json, seed, 'listActions')[0];
    expect(typeof action.id).toBe('number');
    expect(call('POST', `/api/network/actions/${action.id}/sent`, {}).status).toBe(200);
    expect(sb.action([...sb.accounts.values()][0]!.actions.find((a) => numericId(a.id) === action.id)!.id)?.status).toBe('sent');
    const own = clocked().call('GET', `/api/api/contacts?per_page=100&agent_filter=${A0}`).json.data.length;
    expect(recordsOf(call('GET', `/api/api/contacts?per_page=100&agent_filter=${numericId(A0)}`).json, seed, 'listContacts')).toHaveLength(own);
  });

  it('keeps a word for what a reference points to: agent and the person word, as a bare id, an object with an id, or {type, id} found among the included records', () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      const { sb, call } = clocked();
      sb.faults = { shape: 'random', seed, tokens: true };
      const draws = drawTokens(seed, 'listActions');
      const json = call('GET', '/api/network/actions').json;
      const included = (json[token(seed, 'included')] ?? []) as Json[];
      for (const r of recordsOf(json, seed, 'listActions')) {
        const person = Object.keys(r).find((k) => PERSON.test(k))!;
        const agent = Object.keys(r).find((k) => /^agent(_id|Id)?$/.test(k))!;
        expect(person.startsWith(draws.personWord), JSON.stringify(r)).toBe(true);
        for (const [key, word] of [
          [person, draws.personWord],
          [agent, 'agent'],
        ] as const) {
          const ref = r[key];
          if (draws.reference === 'bare') expect(['string', 'number']).toContain(typeof ref);
          if (draws.reference === 'object') expect(ref).toHaveProperty('id');
          if (draws.reference === 'typed') {
            expect(Object.keys(ref).sort()).toEqual(['id', 'type']);
            expect(ref.type).toBe(word);
            expect(included.some((x) => x.type === word && x.id === ref.id)).toBe(true);
          }
        }
      }
      seen.add(draws.reference);
    }
    expect(seen.size).toBe(3);
  });

  it('has cycles for some seeds: an included or embedded person points back at the record that references it', () => {
    const cyclic = SEEDS.filter((seed) => {
      const { sb, call } = clocked();
      sb.faults = { shape: 'random', seed, tokens: true };
      const json = call('GET', '/api/api/emails?per_page=25').json;
      const records = recordsOf(json, seed, 'listEmails');
      const ids = new Set(records.map((r) => r.id).filter((id) => id !== undefined));
      const people = [...((json[token(seed, 'included')] ?? []) as Json[]), ...records.map((r) => r[Object.keys(r).find((k) => PERSON.test(k)) ?? ''])];
      return people.some((p) => isRow(p) && Object.values(p).some((v) => [v].flat().some((x) => isRow(x) && 'type' in x && ids.has(x.id))));
    });
    expect(cyclic.length).toBeGreaterThanOrEqual(3);
  });

  it('gives the emails to validate no id of their own, only their lead person id, and keeps the spec email', () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const { sb, call } = clocked();
      sb.faults = { shape: 'random', seed, tokens: true };
      const draws = drawTokens(seed, 'emailsToValidate');
      const json = call('GET', '/api/api/emails/to-validate').json;
      const records = recordsOf(json, seed, 'emailsToValidate');
      expect(records).toHaveLength(5);
      for (const r of records) {
        expect(r).not.toHaveProperty('id');
        const ref = r[Object.keys(r).find((k) => PERSON.test(k))!];
        const id = isRow(ref) ? ref.id : ref;
        expect(draws.ids === 'numeric' ? typeof id === 'number' : /^ld_/.test(id)).toBe(true);
      }
      expect(JSON.stringify(json)).toContain('"email":"bruno.caron@eurexposervices.example"');
    }
  });

  it('answers the same for the same seed, and otherwise for another', () => {
    const text = (seed: number) => JSON.stringify(allOperations({ shape: 'random', seed, tokens: true }).map((a) => a.json));
    expect(text(11)).toBe(text(11));
    expect(text(11)).not.toBe(text(12));
  });

  it('writes errors with the spec words for them and every other key a token', () => {
    const { sb, call } = clocked();
    sb.faults = { shape: 'random', seed: 4, tokens: true };
    const res = call('POST', `/api/api/campaigns/${A0}/contacts`, { identifier: 'x' });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({
      missing_fields: ['network_url', 'custom_offre'],
      invalid_fields: [],
      validation_errors: { network_url: expect.any(String) },
    });
    expect(Object.keys(res.json).filter((k) => !ALL_SPEC_WORDS.has(k))).toEqual([token(4, 'success')]);
    expect(call('POST', `/api/api/campaigns/${A2}/contacts`, { network_url: 'https://www.linkedin.com/in/tokens-2' }).json.message).toBe('Agent paused');
  });
});
