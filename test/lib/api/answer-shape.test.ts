// The answer's shape (issue 37): keys and types, never a value, bounded whatever the answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeShape, readWithShape, shapeNote } from '../../../lib/api/answer-shape';
import { UnreadableError } from '../../../lib/api/body/unreadable';

/** A value's type, drawn first; its value drawn after, so one skeleton gives many answers. */
type Skeleton = { t: 'string' | 'time' | 'number' | 'boolean' | 'null' } | { t: 'list'; items: Skeleton[] } | { t: 'object'; keys: [string, Skeleton][] };

const KEY = fc.oneof(
  fc.constantFrom('id', 'type', 'attributes', 'data', 'name', 'created_at', 'Display Name', 'meta', 'items', 'node'),
  fc.string({ unit: fc.constantFrom(...'abcXYZ_-019 '.split('')), minLength: 1, maxLength: 12 }),
);

const { skeleton } = fc.letrec<{ skeleton: Skeleton }>((tie) => ({
  skeleton: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Skeleton>({ t: 'string' }, { t: 'time' }, { t: 'number' }, { t: 'boolean' }, { t: 'null' }),
    fc.record({ t: fc.constant('list' as const), items: fc.array(tie('skeleton'), { maxLength: 4 }) }),
    fc.record({ t: fc.constant('object' as const), keys: fc.uniqueArray(fc.tuple(KEY, tie('skeleton')), { maxLength: 6, selector: ([k]) => k }) }),
  ),
}));

/** Strings carry a mark no key and no word of the shape has; numbers are none a length could be. */
const MARK = '§';
const STRING = fc.string({ maxLength: 20 }).map((s) => `${MARK}${s.replaceAll(MARK, '')}x`);
const TIME = fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
const NUMBER = fc.oneof(
  fc.integer({ min: 1_000_000, max: 2 ** 31 }),
  fc.double({ min: 1.0001, max: 1e9, noNaN: true }).filter((n) => !Number.isInteger(n)),
);

function drawn(s: Skeleton): fc.Arbitrary<unknown> {
  switch (s.t) {
    case 'string':
      return STRING;
    case 'time':
      return TIME;
    case 'number':
      return NUMBER;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'list':
      return fc.tuple(...s.items.map(drawn));
    case 'object':
      return fc.tuple(...s.keys.map(([, v]) => drawn(v))).map((values) => Object.fromEntries(s.keys.map(([k], i) => [k, values[i]])));
  }
}

const answers = skeleton.chain((s) => fc.tuple(drawn(s), drawn(s)));

describe('describeShape', () => {
  it('gives keys and types, the length of lists, and the members of their records merged', () => {
    const body = {
      success: true,
      data: [
        { id: 'ld_1', type: 'contact', attributes: { name: 'Ann Lee', created_at: '2025-03-01T10:00:00Z', score: 7, done: false, note: null } },
        { id: 'ld_2', type: 'contact', attributes: { name: 'Bo', tags: ['a', 'b'] } },
      ],
    };
    expect(describeShape(body)).toBe(
      [
        'object',
        '  success: boolean',
        '  data: list (2) of object',
        '    id: string',
        '    type: string',
        '    attributes: object',
        '      name: string',
        '      created_at: time',
        '      score: number',
        '      done: boolean',
        '      note: null',
        '      tags: list (2) of string',
      ].join('\n'),
    );
  });

  it('shows keys that look like values (ids used as keys) as one "(key)" line with their count', () => {
    const shape = describeShape({ byId: { ld_12345: { a: 1 }, 'ann@example.com/x': { a: 2 }, '42': { b: true } } });
    // The first one's shape (integer-like keys come first in a JavaScript object).
    expect(shape).toBe(['object', '  byId: object', '    (key) ×3: object', '      b: boolean'].join('\n'));
    expect(shape).not.toMatch(/12345|ann|42/);
  });

  it.each([
    ['an email address', 'jean.dupont@example.com'],
    ['an address', 'https://example.com/in/jean'],
    ['a domain', 'example.com'],
    ['a token mixing letters and digits', 'k8Xq2mZ7'],
    ['a hex token', 'deadbeef01'],
    ['a uuid', 'f47ac10b-58cc-4372-a567-0e02b2c3d479'],
    ['a token of letters in mixed case', 'XkQwErTyUiOpAsDf'],
    ['a long number', 'n48213'],
    ['a key over 40 characters', 'a_key_written_by_no_one_as_a_field_name_ever'],
  ])('never prints %s used as a key', (_, key) => {
    const shape = describeShape({ data: { [key]: 1, name: 'x' } });
    expect(shape).toBe(['object', '  data: object', '    (key): number', '    name: string'].join('\n'));
  });

  it('shows as written the keys that are names, in any spelling', () => {
    const keys = ['created_at', 'hasTouchpointEmail', 'Display Name', '@type', '$ref', 'line2', 'items_v2', 'XMLHttpRequest', 'SCREAMING_CASE'];
    expect(describeShape(Object.fromEntries(keys.map((k) => [k, 1])))).toBe(['object', ...keys.map((k) => `  ${k}: number`)].join('\n'));
  });

  it('shows the keys of a map, all of one shape other than a name, as one "(key)" line with their count', () => {
    const byName = Object.fromEntries(['Jean Dupont', 'Ann Lee', 'Bo Li', 'Eva Moreau', 'Li Wei'].map((k) => [k, { sent: 1 }]));
    expect(describeShape({ byName })).toBe(['object', '  byName: object', '    (key) ×5: object', '      sent: number'].join('\n'));
    const byId = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`ld_${i}`, true]));
    expect(describeShape(byId)).toBe(['object', '  (key) ×6: boolean'].join('\n'));
    // Four keys of one shape may be a record's fields.
    expect(describeShape({ line1: 1, line2: 2 })).toBe(['object', '  line1: number', '  line2: number'].join('\n'));
  });

  it('never takes a text over 64 characters for a time, 80,000 spaces included', () => {
    expect(describeShape({ a: `${' '.repeat(60)}2025-03-01`, b: ' '.repeat(80_000), c: `${' '.repeat(80_000)}x`, d: ' 2025-03-01 ' })).toBe(
      ['object', '  a: string', '  b: string', '  c: string', '  d: time'].join('\n'),
    );
  });

  it('merges the items of a list no deeper than it shows them', () => {
    const nested = (depth: number) => {
      let o: Record<string, unknown> = { leaf: 1 };
      for (let i = 0; i < depth; i++) o = { down: o };
      return o;
    };
    expect(describeShape([nested(50_000), nested(50_000)]).split('\n')).toHaveLength(6);
  });

  it('names a mix of types in a list, and an empty list or object as such', () => {
    expect(describeShape({ a: [1, 'x', null], b: [], c: {} })).toBe(
      ['object', '  a: list (3) of number | string | null', '  b: list (0)', '  c: object (empty)'].join('\n'),
    );
  });

  it('tells a time from text and from a number, in any common format', () => {
    expect(describeShape({ a: '2025-03-01', b: '2025-03-01 10:00:00', c: 'soon', d: '1741000000', e: 1741000000 })).toBe(
      ['object', '  a: time', '  b: time', '  c: string', '  d: string', '  e: number'].join('\n'),
    );
  });

  it('stops at 6 levels and 40 keys an object, and says how many keys it did not show', () => {
    let deep: unknown = { leaf: 'x' };
    for (let i = 0; i < 20; i++) deep = { down: deep };
    const shape = describeShape(deep);
    expect(shape.split('\n').length).toBeLessThanOrEqual(8);
    expect(shape).toMatch(/object \(1 keys\)$/);
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`key_${String.fromCharCode(97 + (i % 26))}${i}`, i]));
    expect(describeShape(wide)).toMatch(/… 60 more keys$/);
  });

  it('puts the operation name before the shape in the technical note', () => {
    expect(shapeNote('listContacts', { data: [] })).toBe("\n\nThe answer's shape (listContacts):\nobject\n  data: list (0)");
  });

  it('adds the shape, with the operation, to an answer the rules could not place, and only to that', () => {
    const unreadable = () => {
      throw new UnreadableError('listEmails', '$', 'No list of emails found');
    };
    expect(() => readWithShape('listEmails', { rows: [] }, unreadable)).toThrow(
      "No list of emails found (reading stopped at $)\n\nThe answer's shape (listEmails):\nobject\n  rows: list (0)",
    );
    expect(() =>
      readWithShape('listEmails', {}, () => {
        throw new TypeError('a fault of ours');
      }),
    ).toThrow(/^a fault of ours$/);
    expect(readWithShape('listEmails', { a: 1 }, (b) => b)).toEqual({ a: 1 });
  });

  it('never contains a string or number value of the answer (property)', () => {
    fc.assert(
      fc.property(answers, ([answer]) => {
        const shape = describeShape(answer);
        expect(shape).not.toContain(MARK);
        const numbers: number[] = [];
        JSON.stringify(answer, (_, v: unknown) => {
          if (typeof v === 'number') numbers.push(v);
          return v;
        });
        for (const n of numbers) expect(shape).not.toContain(String(n));
      }),
    );
  });

  it('is the same for two answers of one skeleton whatever their values (property)', () => {
    fc.assert(
      fc.property(answers, ([a, b]) => {
        expect(describeShape(a)).toBe(describeShape(b));
      }),
    );
  });

  it('stays within 302 lines and 30,000 characters whatever the answer (property)', () => {
    const big = fc.anything({ maxDepth: 12, maxKeys: 60, size: 'medium', withNullPrototype: true });
    fc.assert(
      fc.property(big, (answer) => {
        const shape = describeShape(answer);
        expect(shape.split('\n').length).toBeLessThanOrEqual(302);
        expect(shape.length).toBeLessThanOrEqual(30_000);
      }),
      { numRuns: 40 },
    );
    const huge = { data: Array.from({ length: 300 }, (_, i) => Object.fromEntries(Array.from({ length: 60 }, (_, j) => [`f${j}_${i}`, { x: [i] }]))) };
    expect(describeShape(huge).split('\n').length).toBeLessThanOrEqual(302);
  });
});
