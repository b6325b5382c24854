import { describe, expect, it } from 'vitest';
import { readSuccess, recordList, recordOf, type Expect } from '../../../../lib/api/body/envelope';
import { UnreadableError } from '../../../../lib/api/body/unreadable';

const THINGS: Expect = { op: 'listThings', what: 'things', ids: ['id'], fields: ['colour', 'size'] };
const thing = { id: 't1', colour: 'red' };

const ref = (type: string, id: string) => ({ type, id });
/** The member of `o` at `path`. */
const at = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((x, k) => (x as Record<string, unknown>)[k], o);
/** A thing naming the first of `levels` included records, each naming the next twice (`left`, `right`). */
const diamond = (levels: number) => ({
  data: [{ type: 'things', id: 't1', attributes: { colour: 'red' }, relationships: { first: { data: ref('links', 'r0') } } }],
  included: Array.from({ length: levels }, (_, i) => ({
    type: 'links',
    id: `r${i}`,
    attributes: { name: `r${i}` },
    relationships: { left: { data: ref('links', `r${i + 1}`) }, right: { data: ref('links', `r${i + 1}`) } },
  })),
});

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

  it('names in the paths of its error no key that looks like a value', () => {
    const body = { data: { 'jean.dupont@example.com': { items: [{ id: 'x', weight: 2 }] }, k8Xq2mZ7: [{ id: 'y', weight: 1 }] } };
    expect(() => recordList(body, THINGS)).toThrow(/the arrays at \$\.data\.\(key\), \$\.data\.\(key\)\.items hold records without them/);
    expect(() => recordList(body, THINGS)).not.toThrow(/jean|k8X/);
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

  it('reads an included that points back at the list, and a record that names itself, leaving the reference that closes the loop', () => {
    const body = {
      data: [
        {
          type: 'things',
          id: 't1',
          attributes: { colour: 'red' },
          relationships: { maker: { data: ref('makers', 'm1') }, self: { data: ref('things', 't1') } },
        },
      ],
      included: [{ type: 'makers', id: 'm1', attributes: { name: 'Ann' }, relationships: { things: { data: [ref('things', 't1')] } } }],
    };
    const [t] = recordList(body, THINGS);
    expect(t).toMatchObject({ id: 't1', colour: 'red', maker: { id: 'm1', name: 'Ann' }, self: { id: 't1', colour: 'red' } });
    expect(at(t, 'maker', 'things', '0')).toMatchObject({ id: 't1', colour: 'red', maker: ref('makers', 'm1') });
    expect(Object.keys(at(t, 'self', 'self') as object)).toEqual(['type', 'id']);
  });

  it('prepares a record named twice at one depth once, and follows references at most three records down', () => {
    const [t] = recordList(diamond(5), THINGS);
    expect(at(t, 'first', 'left')).toBe(at(t, 'first', 'right'));
    expect(at(t, 'first', 'left', 'left')).toMatchObject({ id: 'r2', name: 'r2' });
    expect(Object.keys(at(t, 'first', 'left', 'left', 'left') as object)).toEqual(['type', 'id']);
  });

  it('reads 30 levels of included records that each name the next twice', () => {
    expect(recordList(diamond(30), THINGS)).toMatchObject([{ id: 't1', colour: 'red', first: { id: 'r0' } }]);
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
