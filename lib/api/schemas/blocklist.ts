// Blocklist (spec 000, operations 19 to 21). Value shapes live in lib/api/blocklist.ts.
import * as z from 'zod/mini';
import { BLOCKLIST_TYPES, isBlocklistValue, type BlocklistType } from '../blocklist';
import { hashedIdSchema, oneOf, openEnum, pageInfoSchema, pageSchema, perPage, text, unplacedShape, unreadShape } from './common';

const SHAPES: Record<BlocklistType, string> = {
  email: 'an email address',
  domain: 'a domain name (acme.fr)',
  company: 'a company name',
  siren: '9 digits',
  address: '<firstname_slug>|<lastname_slug>|<zip> in lowercase slugs',
};

// ---- requests ----

// The blocklist's maximum per_page is not shown: the client keeps to the other lists' 100.
export const listBlocklistQuerySchema = z.object({
  type: z.optional(oneOf([...BLOCKLIST_TYPES, 'all'])),
  page: z.optional(pageSchema),
  per_page: z.optional(perPage(100)),
});

export const addBlocklistBodySchema = z
  .object({
    type: oneOf(BLOCKLIST_TYPES),
    value: text(500, 1),
  })
  .check(
    z.superRefine((entry, ctx) => {
      if (!isBlocklistValue(entry.type, entry.value)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `${entry.type} entry: expected ${SHAPES[entry.type]}`, input: entry.value });
      }
    }),
  );

export const removeBlocklistQuerySchema = z
  .object({
    id: z.optional(hashedIdSchema),
    value: z.optional(text(500, 1)),
  })
  .check(z.refine((q) => q.id !== undefined || q.value !== undefined, "Give the entry's id or its exact value"));

// ---- what the readers give back ----

const blocklistEntrySchema = z.object({
  ...unplacedShape,
  id: z.optional(z.string()),
  type: openEnum<BlocklistType>(),
  value: z.string(),
  createdAt: z.optional(z.string()),
});
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;

const blocklistSchema = z.object({ entries: z.array(blocklistEntrySchema), skipped: z.number(), ...unreadShape, page: pageInfoSchema });
export type Blocklist = z.infer<typeof blocklistSchema>;

/** The answer to adding an entry: the entry when the answer gives it back. */
const blocklistAddedSchema = z.object({ entry: z.optional(blocklistEntrySchema), message: z.optional(z.string()) });
export type BlocklistAdded = z.infer<typeof blocklistAddedSchema>;
