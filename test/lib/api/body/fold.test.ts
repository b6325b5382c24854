import { describe, expect, it } from 'vitest';
import { entries, first, fold, normalized, snake, some, theOneOf, variants } from '../../../../lib/api/body/fold';
import { text } from '../../../../lib/api/body/values';

describe('key spelling folded once per body', () => {
  it('makes snake, camel, Pascal, kebab and SCREAMING spellings of the same words one key', () => {
    const spellings = ['has_touchpoint_email', 'hasTouchpointEmail', 'HasTouchpointEmail', 'has-touchpoint-email', 'HAS_TOUCHPOINT_EMAIL'];
    expect(new Set(spellings.map(fold)).size).toBe(1);
    for (const key of spellings) expect(first(normalized({ [key]: 'x' }) as Record<string, unknown>, ['has_touchpoint_email'], text)).toBe('x');
  });

  it('tries the words the spec gives another word for, and no other', () => {
    expect(variants('agent_id')).toEqual(['agentid', 'campaignid']);
    expect(variants('contact_name')).toEqual(['contactname', 'leadname', 'prospectname']);
    expect(variants('has_touchpoint_network')).toEqual(['hastouchpointnetwork', 'hastouchpointlinkedin']);
    expect(variants('status')).toEqual(['status']);
  });

  it('copies a body once, keeping the keys as written for what is data', () => {
    const body = { Data: { custom_messages: { email_1: 'A', FollowUp_1: 'B' } } };
    const once = normalized(body);
    expect(normalized(body)).toBe(once);
    expect(normalized(once)).toBe(once);
    const map = ((once as Record<string, Record<string, unknown>>).data as Record<string, unknown>).custommessages as Record<string, unknown>;
    expect(entries(map)).toEqual([
      ['email_1', 'A'],
      ['FollowUp_1', 'B'],
    ]);
  });

  it('keeps the first of two spellings of one key, and nothing deeper than its bound', () => {
    expect(first(normalized({ first_name: 'A', firstName: 'B' }) as Record<string, unknown>, ['firstname'], text)).toBe('A');
    let deep: unknown = { value: 'bottom' };
    for (let i = 0; i < 20; i++) deep = { next: deep };
    expect(JSON.stringify(normalized(deep))).not.toContain('bottom');
  });

  it('lists each key once, the first of its spellings, and at most 500 keys of an object and 1,000 items of a list', () => {
    const copy = normalized({ first_name: 'A', firstName: 'B', FIRST_NAME: 'C', id: 'x' }) as Record<string, unknown>;
    expect(entries(copy)).toEqual([
      ['first_name', 'A'],
      ['id', 'x'],
    ]);
    const wide = normalized(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i]))) as Record<string, unknown>;
    expect(entries(wide)).toHaveLength(500);
    expect(entries(wide).at(-1)).toEqual(['k499', 499]);
    // A hole in a list is an item read as undefined.
    const items: unknown[] = [1];
    items[2] = 3;
    items.push(...Array(2000).fill(0));
    const list = normalized({ items }) as { items: unknown[] };
    expect(list.items).toHaveLength(1000);
    expect(1 in list.items && list.items[1] === undefined).toBe(true);
  });

  it('asks each entry in turn until one is said true of, as entries gives them, and tells the one entry of a value', () => {
    const copy = normalized({ A_b: 1, c: 2, d: 3 }) as Record<string, unknown>;
    const asked: string[] = [];
    const isTwo = (key: string, v: unknown) => {
      asked.push(`${key}=${v}`);
      return v === 2;
    };
    expect(some(copy, isTwo)).toBe(true);
    expect(asked).toEqual(['A_b=1', 'c=2']);
    // Only true stops: another value returned is no answer.
    expect(some(copy, () => 1)).toBe(false);
    expect(theOneOf(copy, (key, v) => (v === 3 ? key : undefined))).toBe('d');
    expect(theOneOf(copy, (key, v) => (v !== 2 ? key : undefined))).toBeUndefined();
    expect(theOneOf(copy, () => undefined)).toBeUndefined();
  });

  it('writes any spelling of a key in snake_case, for keys shown as they are (figures, dates)', () => {
    expect(['createdAt', 'CREATED_AT', 'created-at', 'CreatedAt', 'created_at'].map(snake)).toEqual(Array(5).fill('created_at'));
    expect(snake('HTTPStatus')).toBe('http_status');
  });

  it('drops a key longer than 100 characters, and reads one of 100 (issue 37)', () => {
    const long = `subject${'X'.repeat(94)}`;
    const at100 = `subject${'Y'.repeat(93)}`;
    const copy = normalized({ [long]: 'dropped', [at100]: 'kept', id: 'a' }) as Record<string, unknown>;
    expect(entries(copy).map(([k]) => k)).toEqual([at100, 'id']);
    expect(Object.values(copy)).not.toContain('dropped');
  });

  it('folds and writes in snake_case only the first 100 characters of a key', () => {
    const capitals = 'A'.repeat(40_000);
    expect(fold(capitals)).toBe('a'.repeat(100));
    expect(snake(`${capitals}b`)).toBe('a'.repeat(100));
    expect(snake('HTTPServerURL')).toBe('http_server_url');
  });
});
