import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { text } from '../../../../lib/api/schemas/common';

/** What the client reads of a refusal (lib/api/client.ts): the first issue's code, origin, bound and words. */
const firstIssue = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0] as unknown as Record<string, unknown>;
  return { ok: false, code: issue.code, origin: issue.origin, minimum: issue.minimum, maximum: issue.maximum, message: issue.message, path: issue.path };
};

const values = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom('a', ' ', '😀', '\ud83d', 'é'), maxLength: 8 }),
  fc.constantFrom<unknown>(undefined, null, 3, true, {}, ['a']),
);

describe('text: one custom check refusing what z.string with its length checks refused', () => {
  it('accepts and refuses as z.string().check(z.minLength, z.maxLength), first issue alike (code points counted)', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 6 }), (value, min, max) => {
        const zod = z.object({ f: z.string().check(z.minLength(min), z.maxLength(max)) });
        const ours = z.object({ f: text(max, min) });
        expect(firstIssue(ours, { f: value })).toEqual(firstIssue(zod, { f: value }));
      }),
    );
  });

  it('with a refine: the refine refuses before the length, in its own words, as z.string().check(z.refine, z.maxLength) did', () => {
    const notBlank = (s: string) => s.trim() !== '';
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 6 }), (value, max) => {
        const zod = z.string().check(z.refine(notBlank, 'The reply is empty'), z.maxLength(max));
        expect(firstIssue(text(max, 0, notBlank, 'The reply is empty'), value)).toEqual(firstIssue(zod, value));
      }),
    );
  });
});
