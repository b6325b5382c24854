// Contacts (spec 000, operations 2 to 5): what is sent, and what the readers give back.
import * as z from 'zod/mini';
import { profileSlug } from '../../network/profile-url';
import {
  agentRefShape,
  flagSchema,
  hashedIdSchema,
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
import { CONTACT_STATUSES, CONTACT_SOURCES, type ContactStatus, type ContactSource } from '../spec-values';

// ---- requests ----

export const listContactsQuerySchema = z.object({
  ...pagedQuery(100),
  search: z.optional(searchSchema),
  status_filter: z.optional(oneOf(CONTACT_STATUSES)),
  source_filter: z.optional(oneOf(CONTACT_SOURCES)),
  targeting_filter: z.optional(hashedIdSchema),
  // Values not shown: a field name, nothing that could carry another parameter.
  sort_field: z.optional(matching(/^[a-z][a-z0-9_.]{0,63}$/i, 'A field name')),
  sort_direction: z.optional(oneOf(['asc', 'desc'])),
  include_emails: z.optional(flagSchema),
  semantic_search: z.optional(flagSchema),
});

/** The shape the spec gives: https://www.<host>/in/<slug>, on the network's hosts. */
const addContactUrlSchema = text(
  undefined,
  0,
  (url) => /^https:\/\/www\.[a-z0-9.-]+\/in\/[^/?#\s]+\/?$/i.test(url) && profileSlug(url) !== null,
  'A profile address https://www.linkedin.com/in/<slug>',
);

/** Custom variables the agent requires (operation 4) ride along as extra string fields. */
export const addContactBodySchema = z.catchall(
  z.object({
    network_url: addContactUrlSchema,
    identifier: z.optional(text(255)),
    ai_context: z.optional(text(5000)),
  }),
  text(),
);

// ---- what the readers give back ----

const touchpointSchema = z.object({ done: z.boolean(), at: z.optional(z.string()) });

const contactSchema = z.object({
  ...unplacedShape,
  id: z.string(),
  name: z.optional(z.string()),
  headline: z.optional(z.string()),
  company: z.optional(z.string()),
  status: z.optional(openEnum<ContactStatus>()),
  source: z.optional(openEnum<ContactSource>()),
  /** 1 to 10; null until scored. */
  relevance: z.nullable(z.number()),
  profileUrl: z.optional(maskableSchema),
  picture: z.optional(z.string()),
  identifier: z.optional(z.string()),
  targeting: z.optional(z.string()),
  ...agentRefShape,
  coordinates: z.array(z.object({ type: z.optional(z.string()), value: maskableSchema })),
  touchpoints: z.object({
    emailSent: touchpointSchema,
    emailAnswered: touchpointSchema,
    letterDelivered: touchpointSchema,
    letterReturned: touchpointSchema,
    qrScanned: touchpointSchema,
    networkInvitationSent: touchpointSchema,
  }),
  createdAt: z.optional(z.string()),
});
export type Contact = z.infer<typeof contactSchema>;

const contactListSchema = z.object({
  contacts: z.array(contactSchema),
  skipped: z.number(),
  ...unreadShape,
  /** `filters_applied.contacts_masked`: the account has a performance-plan agent, so values may be masked. */
  contactsMasked: z.boolean(),
  page: pageInfoSchema,
});
export type ContactList = z.infer<typeof contactListSchema>;

/** The answer to adding a contact (operation 3): what happens next, as far as it says (lib/add-contact/outcome.ts). */
const addContactResultSchema = z.object({
  /** enough: processing starts within 30 minutes; insufficient: stored, processed after a top-up. */
  credits: oneOf(['enough', 'insufficient', 'unknown']),
  duplicate: z.optional(z.boolean()),
});
export type AddContactResult = z.infer<typeof addContactResultSchema>;

/** The answer to blocking a contact (operation 5); a count the answer lacks stays unknown. */
const blockResultSchema = z.object({
  duplicatesBlocked: z.optional(z.number()),
  emailsCancelled: z.optional(z.number()),
  lettersCancelled: z.optional(z.number()),
});
export type BlockResult = z.infer<typeof blockResultSchema>;
