import { describe, expect, it } from 'vitest';
import { readSuccess, recordList, recordOf, type Expect } from '../../../../lib/api/body/envelope';
import { UnreadableError } from '../../../../lib/api/body/unreadable';

const THINGS: Expect = { op: 'listThings', what: 'things', ids: ['id'], fields: ['colour', 'size'] };
const thing = { id: 't1', colour: 'red' };

describe('the envelope and the record list, found by structure', () => {
  it.each([
    ['a bare array', [thing]],
    ['data', { success: true, data: [thing] }],
    ['result, under any key', { ok: true, result: { anything: [thing] } }],
    ['payload, two objects down', { payload: { page: { rows: [thing] } } }],
    ['response.edges[].node', { response: { edges: [{ node: thing, cursor: 'c1' }] } }],
    ['the body itself, any key', { Success: 'true', Records: [thing] }],
  ])('finds the records in %s', (_, body) => {
    expect((recordList(body, THINGS) as Array<{ id: string }>).map((t) => t.id)).toEqual(['t1']);
  });

  it('takes the array whose records carry the expected fields, not another beside it', () => {
    const body = { data: { tags: [{ id: 'g1', label: 'x' }], items: [thing, { id: 't2', size: 3 }] } };
    expect(recordList(body, THINGS)).toHaveLength(2);
  });

  it('reads an empty list as empty, and fails on records without the fields, naming the operation and where reading stopped', () => {
    expect(recordList({ data: { items: [] } }, THINGS)).toEqual([]);
    expect(() => recordList({ data: { items: [{ id: 'x', weight: 2 }] } }, THINGS)).toThrow(
      /^listThings: No list of things found: no array of records carrying colour, size…; the arrays at \$\.data\.items hold records without them \(reading stopped at \$\.data\)$/,
    );
    expect(() => recordList({ data: { count: 3 } }, THINGS)).toThrow(UnreadableError);
    expect(() => recordList('text', THINGS)).toThrow(/not JSON/);
    // Three objects down is too deep.
    expect(() => recordList({ data: { a: { b: { c: [thing] } } } }, THINGS)).toThrow(UnreadableError);
  });

  it('takes an empty array for the empty list only inside the payload, never one beside an envelope whose payload has no list', () => {
    expect(recordList({ data: [], included: [] }, THINGS)).toEqual([]);
    expect(recordList({ value: [], count: 0 }, THINGS)).toEqual([]);
    expect(() => recordList({ success: true, data: { total: 2 }, warnings: [] }, THINGS)).toThrow(UnreadableError);
    expect(() => recordList({ result: { count: 3 }, errors: [] }, THINGS)).toThrow(/No list of things found/);
  });

  it('finds the record of a single answer in the payload or below it', () => {
    expect(recordOf({ data: { thing: { colour: 'blue' } } }, ['colour'])).toEqual(expect.objectContaining({ colour: 'blue' }));
    expect(recordOf('x', ['colour'])).toBeUndefined();
  });

  it.each([
    [{ success: true }, true],
    [{ Success: 'false' }, false],
    [{ OK: 0 }, false],
    [{ status: 'success' }, true],
    [{ STATUS: 'Error' }, false],
    [{ status: 'failed', id: 'x' }, undefined],
    [{ error: true }, false],
    [[1], undefined],
  ])('reads the success indicator of %j as %s', (body, expected) => {
    expect(readSuccess(body)).toBe(expected);
  });
});
