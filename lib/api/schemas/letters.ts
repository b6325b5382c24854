// Letters (spec 000, operations 15 to 18).
import * as z from 'zod/mini';
import { agentRefShape, oneOf, openEnum, pagedQuery, pageInfoSchema, searchSchema, text, unplacedShape, unreadShape } from './common';
import { LETTER_CATEGORIES, type LetterCategory, type LetterStatus } from '../spec-values';

// ---- requests ----

export const listLettersQuerySchema = z.object({
  ...pagedQuery(100),
  category: z.optional(oneOf(LETTER_CATEGORIES)),
  search: z.optional(searchSchema),
  lead_identifier: z.optional(text(255, 1)),
});

export const lettersToValidateQuerySchema = z.object(pagedQuery(100));

/** A content block as sent back: its id as the service gave it (text or integer), and its text. */
export type LetterBlock = { id: string | number; content: string };

const isBlock = (b: unknown): boolean => {
  if (typeof b !== 'object' || b === null) return false;
  const { id, content } = b as Record<string, unknown>;
  const idOk = typeof id === 'string' ? id.length >= 1 && id.length <= 200 : Number.isInteger(id);
  return idOk && typeof content === 'string';
};

export const validateLetterBodySchema = z.object({
  // A custom check rather than z.array and z.union, which would add ~0.4 kB to the background.
  blocks: z.optional(
    z.custom<LetterBlock[]>((v) => Array.isArray(v) && v.length > 0 && v.every(isBlock), 'Blocks: a non-empty list of {id, content}, id text or integer'),
  ),
});

// ---- what the readers give back ----

/** The address block: masked under the masking rule, else its lines as the letter prints them. */
const letterAddressSchema = z.union([z.object({ masked: z.literal(true) }), z.object({ masked: z.literal(false), lines: z.array(z.string()) })]);
export type LetterAddress = z.infer<typeof letterAddressSchema>;

const letterSchema = z.object({
  ...unplacedShape,
  id: z.string(),
  status: z.optional(openEnum<LetterStatus>()),
  category: z.optional(openEnum<LetterCategory>()),
  /** The unique identifier given when the contact was added. */
  leadIdentifier: z.optional(z.string()),
  contactName: z.optional(z.string()),
  company: z.optional(z.string()),
  address: z.optional(letterAddressSchema),
  /** Content blocks, ids as strings (a number id is sent back as the number it was). */
  blocks: z.array(z.object({ id: z.string(), content: z.string(), numericId: z.optional(z.boolean()) })),
  previewUrl: z.optional(z.string()),
  /** Every `..._at` date of the record, by its key. */
  dates: z.record(z.string(), z.string()),
  ...agentRefShape,
});
export type Letter = z.infer<typeof letterSchema>;

const letterListSchema = z.object({ letters: z.array(letterSchema), skipped: z.number(), ...unreadShape, page: pageInfoSchema });
export type LetterList = z.infer<typeof letterListSchema>;
