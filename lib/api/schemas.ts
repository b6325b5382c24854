import * as z from 'zod/mini';
import { NOTE_MAX, noteLength } from './note-length';
import { anything, hashedIdSchema, oneOf, recordOf, text, unplacedShape, whole, unreadShape } from './schemas/common';

// Extension pages forbid eval; zod must not try to compile its parsers.
z.config({ jitless: true });

const ACTION_STATUSES = ['pending', 'generating', 'ready', 'sent', 'failed'] as const;
const actionStatusSchema = oneOf(ACTION_STATUSES);

const prospectSchema = z.object({
  name: z.optional(z.string()),
  headline: z.optional(z.string()),
  company: z.optional(z.string()),
  profileUrl: z.optional(z.string()),
  picture: z.optional(z.string()),
});
export type Prospect = z.infer<typeof prospectSchema>;

/** A network action as the extension keeps it, whatever the service's spelling. */
const networkActionSchema = z.object({
  id: z.string(),
  status: z.optional(z.string()),
  message: z.nullable(z.string()),
  agentId: z.optional(z.string()),
  agentName: z.optional(z.string()),
  prospect: prospectSchema,
  createdAt: z.optional(z.string()),
  /** What the reading rules could not place (optional: a snapshot stored before it reads as it is). */
  ...unplacedShape,
});
export type NetworkAction = z.infer<typeof networkActionSchema>;

const agentSchema = z.object({
  id: z.string(),
  name: z.optional(z.string()),
  status: z.string(),
  isActive: z.boolean(),
  internalNote: z.nullable(z.string()),
  /** Its billing plan as the answer words it, when it does (read by lib/api/readers/masking.ts). */
  plan: z.optional(z.string()),
});
export type Agent = z.infer<typeof agentSchema>;

const accountSchema = z.object({
  user: z.object({
    id: z.optional(z.string()),
    name: z.optional(z.string()),
    email: z.optional(z.string()),
    company: z.optional(z.string()),
  }),
  agents: z.array(agentSchema),
  /** Records of the agents' list that could not be read as an agent (no id or status): counted, for the connection check. */
  unreadAgents: z.optional(z.number()),
});
export type Account = z.infer<typeof accountSchema>;

const weeklyStatsSchema = z.object({
  total: z.optional(z.number()),
  days: z.array(z.object({ date: z.string(), sent: z.number() })),
  agents: z.array(z.object({ id: z.optional(z.string()), name: z.string(), sent: z.number() })),
  figures: z.record(z.string(), z.number()),
});
export type WeeklyStats = z.infer<typeof weeklyStatsSchema>;

const actionListSchema = z.object({
  actions: z.array(networkActionSchema),
  skipped: z.number(),
  ...unreadShape,
});
export type ActionList = z.infer<typeof actionListSchema>;

// ---- what the extension sends: checked before anything leaves ----

export const listActionsQuerySchema = z.object({
  status: z.optional(actionStatusSchema),
  limit: z.optional(whole(1, 100)),
  agent_filter: z.optional(text(undefined, 1)),
});

// Custom checks rather than z.nullable, which would cost the background ~0.15 kB gzip.
export const noteSchema = z
  .custom<string | null>((v) => v === null || typeof v === 'string', 'Text or null')
  .check(z.refine((s) => typeof s !== 'string' || noteLength(s) <= NOTE_MAX, `At most ${NOTE_MAX} characters`));

export const messageBodySchema = z.object({ message: noteSchema });

const metadataSchema = recordOf(anything, anything);
export const markBodySchema = z.object({ metadata: z.optional(metadataSchema) });

/** A network action's id: checked as any identifier of the service is. */
export const actionIdSchema = hashedIdSchema;
