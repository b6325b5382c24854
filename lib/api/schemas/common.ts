// Request pieces shared by the account's operations (spec 000, General rules 6 to 8), and the
// shapes every list reader gives back.
import * as z from 'zod/mini';

/**
 * One of `values`: a zod custom check rather than z.enum, whose schema type would cost the
 * background bytes for a list it checks the same way (docs/performance.md).
 */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const T extends readonly (string | number)[]>(values: T) {
  return z.custom<T[number]>((v) => (values as readonly unknown[]).includes(v), `One of ${values.join(', ')}`);
}

/**
 * A string of `min` to `max` characters, counted by code point as zod's length checks count them,
 * that passes `also`: one custom check rather than z.string with z.minLength, z.maxLength and
 * z.refine, whose schema types cost the background bytes (docs/performance.md). It reports the
 * first issue zod's would, with the same code, origin and bound: the client reads `too_big` to say
 * how long a field may be (lib/api/client.ts).
 */
export const text = (max = Number.POSITIVE_INFINITY, min = 0, also?: (s: string) => boolean, message?: string) =>
  z.custom<string>().check(
    z.superRefine((input, ctx) => {
      if (typeof input !== 'string') return ctx.addIssue({ code: 'invalid_type', expected: 'string', input, continue: false });
      const length = [...input].length;
      if (length < min) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input });
      else if (also && !also(input)) ctx.addIssue({ code: 'custom', message, input });
      else if (length > max) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input });
    }),
  );

/** A hashed identifier (format not shown): checked as a network action's id is (lib/api/schemas.ts). */
export const hashedIdSchema = text(200, 1);

/**
 * A number from `min` to `max` that passes `also`: one custom check, not z.number with z.gte and
 * z.lte, which would bring their schema types into the background for these few fields.
 */
export const within = (min: number, max: number, also: (n: number) => boolean = Number.isFinite) =>
  z.custom<number>(
    (v) => typeof v === 'number' && also(v) && v >= min && v <= max,
    `${also === Number.isFinite ? 'A number' : 'A whole number'} from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`,
  );

/**
 * A whole number from `min` to `max`: a custom check rather than z.int, whose number formats cost
 * the background more bytes for the same answer (docs/performance.md).
 */
export const whole = (min: number, max = Number.MAX_SAFE_INTEGER) => within(min, max, Number.isSafeInteger);

export const pageSchema = whole(1);

/** `per_page` within the limit the spec gives for that list. */
export const perPage = (max: number) => whole(1, max);

export const searchSchema = text(500, 1);

/**
 * A boolean query parameter is written 1 or 0: a Laravel-style `boolean` rule (the service's
 * validation bodies suggest one) refuses the strings "true" and "false" in a query. (One of two
 * numbers, not a transform of a boolean nor a literal: zod's pipe and transform would cost the
 * background ~1 kB, its literal ~0.15 kB; `oneOf` is the check the word lists use already.)
 */
export const flagSchema = oneOf([0, 1]);

/** A string that matches `pattern` (a refine: zod's regex and string formats cost the background). */
export const matching = (pattern: RegExp, message: string) => text(undefined, 0, (s) => pattern.test(s), message);

/** A string of `min` to `max` characters (counted as zod's maxLength counts them: by code point). */
export const textWithin =
  (max: number, min = 0) =>
  (v: unknown): v is string =>
    typeof v === 'string' && v.length >= min && (v.length <= max || [...v].length <= max);

/**
 * A plain object whose every key passes `key` and every value `value`: a custom check rather than
 * z.record, whose parser costs the background ~0.7 kB gzip.
 */
export const recordOf = <V>(key: (k: string) => boolean, value: (v: unknown) => v is V, message?: string) =>
  z.custom<Record<string, V>>((v) => {
    if (typeof v !== 'object' || v === null) return false;
    const proto = Object.getPrototypeOf(v);
    return (proto === Object.prototype || proto === null) && Object.entries(v).every(([k, x]) => key(k) && value(x));
  }, message);

/** Any value, for a record of values of any kind. */
export const anything = (_: unknown): _ is unknown => true;

/** page, per_page and agent_filter, as most lists take them. */
export const pagedQuery = (max: number) => ({
  page: z.optional(pageSchema),
  per_page: z.optional(perPage(max)),
  agent_filter: z.optional(hashedIdSchema),
});

/** Where the next page is, read from whichever pagination the service gives (or none). */
export const pageInfoSchema = z.object({
  page: z.optional(z.number()),
  perPage: z.optional(z.number()),
  total: z.optional(z.number()),
  lastPage: z.optional(z.number()),
  hasNext: z.boolean(),
  /** The page to ask for next, when there is one. */
  nextPage: z.optional(z.number()),
  /** How `hasNext` was decided: from the service's own metadata, or because the page was full. */
  basis: oneOf(['metadata', 'page-full', 'none']),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/**
 * A value the service may mask (performance plans, before the first sending): either masked, and
 * then nothing of it is kept, or its value.
 */
export const maskableSchema = z.union([z.object({ masked: z.literal(true) }), z.object({ masked: z.literal(false), value: z.string() })]);
export type Maskable = z.infer<typeof maskableSchema>;

// Record schemas serve only their types: the background bundle must be able to drop them, so the
// helpers below say they have no side effects and shapes are plain objects, not `.shape` reads.

/** An enum of the spec that keeps, as a string, a value the spec does not list. */
/* @__NO_SIDE_EFFECTS__ */
export function openEnum<T extends string>() {
  return z.custom<T | (string & {})>();
}

/** The agent a record belongs to. */
export const agentRefShape = {
  agentId: z.optional(z.string()),
  agentName: z.optional(z.string()),
};

/** What the reading rules could not place in a record, as labelled lines (lib/api/body/unplaced.ts). */
export const unplacedShape = {
  extra: z.optional(z.array(z.object({ label: z.string(), value: z.string() }))),
};

/** The records of a list the rules could not act on (no identifier), each as its labelled lines: shown, never dropped. */
export const unreadShape = {
  unread: z.optional(z.array(z.array(z.object({ label: z.string(), value: z.string() })))),
};
