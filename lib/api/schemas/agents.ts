// Agents (spec 000, operations 4, 6 and 7): settings' fields, statistics, reflexes.
import * as z from 'zod/mini';
import { STAT_PERIODS } from '../spec-values';
import { oneOf, unplacedShape, unreadShape } from './common';

export const agentStatsQuerySchema = z.object({ period: z.optional(oneOf(STAT_PERIODS)) });

// ---- what the readers give back ----

const fieldSpecSchema = z.object({
  /** The key to send in the add-contact body. */
  name: z.string(),
  label: z.optional(z.string()),
  type: z.optional(z.string()),
  description: z.optional(z.string()),
  required: z.boolean(),
});
export type FieldSpec = z.infer<typeof fieldSpecSchema>;

/** What operation 4 says about adding a contact to the agent. */
const agentSettingsSchema = z.object({
  /** Every field named, required ones first; network_url is always among them. */
  fields: z.array(fieldSpecSchema),
  /** Variables its emails and letters use (`{custom}` names, without braces). */
  used: z.array(z.string()),
  /** The same, by kind of message, when the answer tells them apart. */
  usedIn: z.optional(z.object({ emails: z.array(z.string()), letters: z.array(z.string()) })),
  /** Billed under the performance model (its contacts are masked until a sending); unknown when not said. */
  performance: z.optional(z.boolean()),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

const agentStatsSchema = z.object({
  period: z.optional(z.string()),
  /** Real replies from prospects only (automatic messages excluded). */
  received: z.optional(z.number()),
  /** Every number of the answer, keyed by its path (`emails.sent`). */
  figures: z.record(z.string(), z.number()),
});
export type AgentStats = z.infer<typeof agentStatsSchema>;

const reflexSchema = z.object({
  ...unplacedShape,
  id: z.optional(z.string()),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  /** false when paused; unknown when the answer does not say. */
  active: z.optional(z.boolean()),
  /** A base reflex of the agent: it can be paused, not deleted. */
  isProtected: z.boolean(),
  triggers: z.optional(z.number()),
  figures: z.record(z.string(), z.number()),
  executions: z.array(
    z.object({
      prospectName: z.optional(z.string()),
      company: z.optional(z.string()),
      analysis: z.optional(z.string()),
      at: z.optional(z.string()),
    }),
  ),
});
export type Reflex = z.infer<typeof reflexSchema>;

const reflexListSchema = z.object({ reflexes: z.array(reflexSchema), skipped: z.number(), ...unreadShape });
export type ReflexList = z.infer<typeof reflexListSchema>;
