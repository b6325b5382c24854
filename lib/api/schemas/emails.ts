// Emails (spec 000, operations 8 to 14): lists, contact emails to validate, AI replies to handle.
import * as z from 'zod/mini';
import type { ContactStatus } from '../spec-values';
import { EMAIL_VALUE } from '../blocklist';
import {
  agentRefShape,
  anything,
  recordOf,
  textWithin,
  flagSchema,
  maskableSchema,
  matching,
  oneOf,
  openEnum,
  pagedQuery,
  pageInfoSchema,
  searchSchema,
  text,
  unplacedShape,
  unreadShape,
} from './common';
import { EMAIL_CATEGORIES, type EmailCategory } from '../spec-values';

const REPLY_TYPES = ['ai_validated', 'manual'] as const;
type ReplyType = (typeof REPLY_TYPES)[number];

// ---- requests ----

// The emails list's maximum per_page is not shown: the client keeps to the other lists' 100.
export const listEmailsQuerySchema = z.object({
  ...pagedQuery(100),
  category: z.optional(oneOf(EMAIL_CATEGORIES)),
  search: z.optional(searchSchema),
  semantic_search: z.optional(flagSchema),
});

export const emailsToValidateQuerySchema = z.object(pagedQuery(100));
export const emailsToHandleQuerySchema = z.object(pagedQuery(100));

export const validateEmailBodySchema = z.object({
  custom_messages: z.optional(recordOf(textWithin(Infinity, 1), anything)),
});

export const validateResponseBodySchema = z.object({
  // An empty reply would be sent as such; absent means "the AI's reply".
  content: z.optional(text(20_000, 0, (s) => s.trim() !== '', 'The reply is empty')),
  cc: z.optional(matching(EMAIL_VALUE, 'An email address')),
});

// ---- what the readers give back ----

const leadRef = {
  leadId: z.optional(z.string()),
  contactName: z.optional(z.string()),
  company: z.optional(z.string()),
};

/** One email of the list (operation 8). */
const emailSchema = z.object({
  ...unplacedShape,
  id: z.string(),
  category: z.optional(openEnum<EmailCategory>()),
  subject: z.optional(z.string()),
  preview: z.optional(z.string()),
  from: z.optional(maskableSchema),
  to: z.optional(maskableSchema),
  at: z.optional(z.string()),
  ...leadRef,
  ...agentRefShape,
});
export type Email = z.infer<typeof emailSchema>;

const sequenceStepSchema = z.object({ key: z.string(), subject: z.optional(z.string()), body: z.string() });
export type SequenceStep = z.infer<typeof sequenceStepSchema>;

/** A contact email waiting for validation (operation 9): decided by its lead's id. */
const emailToValidateSchema = z.object({
  ...unplacedShape,
  leadId: z.string(),
  contactName: z.optional(z.string()),
  company: z.optional(z.string()),
  /** The prospect's address; masked under the masking rule. */
  email: z.optional(maskableSchema),
  subject: z.optional(z.string()),
  /** Every step of the sequence, first to last; `custom_messages` names them by `key`. */
  steps: z.array(sequenceStepSchema),
  at: z.optional(z.string()),
  ...agentRefShape,
});
export type EmailToValidate = z.infer<typeof emailToValidateSchema>;

/** A received email whose AI reply waits (operation 10): decided by the received email's id. */
const emailToHandleSchema = z.object({
  ...unplacedShape,
  emailId: z.string(),
  ...leadRef,
  leadStatus: z.optional(openEnum<ContactStatus>()),
  category: z.optional(openEnum<EmailCategory>()),
  from: z.optional(maskableSchema),
  subject: z.optional(z.string()),
  received: z.optional(z.string()),
  /** The AI's proposed reply. */
  reply: z.optional(z.string()),
  /** A forwarding copy already prepared (kept when validating without `cc`). */
  cc: z.optional(z.string()),
  at: z.optional(z.string()),
  ...agentRefShape,
});
export type EmailToHandle = z.infer<typeof emailToHandleSchema>;

const emailListSchema = z.object({ emails: z.array(emailSchema), skipped: z.number(), ...unreadShape, page: pageInfoSchema });
export type EmailList = z.infer<typeof emailListSchema>;
const emailsToValidateSchema = z.object({ emails: z.array(emailToValidateSchema), skipped: z.number(), ...unreadShape, page: pageInfoSchema });
export type EmailsToValidate = z.infer<typeof emailsToValidateSchema>;
const emailsToHandleSchema = z.object({ emails: z.array(emailToHandleSchema), skipped: z.number(), ...unreadShape, page: pageInfoSchema });
export type EmailsToHandle = z.infer<typeof emailsToHandleSchema>;

/** The reply record after validating an AI reply (operation 13). */
const replyRecordSchema = z.object({
  status: z.optional(openEnum<'waiting'>()),
  type: z.optional(openEnum<ReplyType>()),
  /** Unknown when the answer does not say. */
  ccAdded: z.optional(z.boolean()),
});
export type ReplyRecord = z.infer<typeof replyRecordSchema>;

/** The answer to validating or rejecting a contact email or a letter (operations 11, 12, 17, 18). */
const decisionSchema = z.object({
  /** When the service recorded it; the caller's own clock otherwise. */
  decidedAt: z.optional(z.string()),
  /** When it becomes final, when the service says. */
  finalAt: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type Decision = z.infer<typeof decisionSchema>;
