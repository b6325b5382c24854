// The one protocol between pages, content scripts and the background.
import * as z from 'zod/mini';
import { actionIdSchema, noteSchema } from '../api/schemas';
import { FAIL_REASONS } from '../fail-reasons';

import { REASON_TEXT_MAX } from './limits';

export const requestSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('refresh') }),
  z.strictObject({ type: z.literal('saveNote'), actionId: actionIdSchema, message: noteSchema }),
  z.strictObject({ type: z.literal('markSent'), actionId: actionIdSchema }),
  z.strictObject({
    type: z.literal('markFailed'),
    actionId: actionIdSchema,
    reason: z.enum(FAIL_REASONS),
    text: z.string().check(z.maxLength(REASON_TEXT_MAX)),
  }),
  z.strictObject({ type: z.literal('openProfile'), actionId: actionIdSchema }),
  z.strictObject({
    type: z.literal('saveCredentials'),
    baseUrl: z.string().check(z.maxLength(2000)),
    /** Absent: keep the saved key. */
    apiKey: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  }),
  z.strictObject({ type: z.literal('getCredentials') }),
  z.strictObject({ type: z.literal('verifyKey') }),
  z.strictObject({
    type: z.literal('saveSettings'),
    pollMinutes: z.number().check(z.gte(0.5), z.lte(60)),
    agentFilter: z.nullable(z.string().check(z.minLength(1), z.maxLength(200))),
  }),
  z.strictObject({ type: z.literal('getWeeklyStats') }),
]);

export type Request = z.infer<typeof requestSchema>;
export type RequestType = Request['type'];
