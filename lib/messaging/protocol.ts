// The one protocol between pages, content scripts and the background.
import * as z from 'zod/mini';
import { actionIdSchema, noteSchema } from '../api/schemas';
import { VIEW_READS, VIEW_WRITES } from '../api/view-ops';
import { FAIL_REASONS } from '../fail-reasons';
import { INVITATION_STATES } from '../page-reader/states';
import { REASON_TEXT_MAX, REQUEST_CAP_RANGE, WEEKLY_CAP_RANGE } from './limits';

const viewCall = <const L extends readonly [string, ...string[]]>(names: L) =>
  z.strictObject({
    name: z.enum(names),
    params: z.optional(z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(200)))),
    query: z.optional(z.record(z.string().check(z.maxLength(40)), z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean()]))),
    // Checked against the operation's own schema (lib/api/operations.ts) before it is sent or stored.
    body: z.optional(z.unknown()),
  });

export const requestSchema = z.discriminatedUnion('type', [
  /** A read for a view of the options page: the answer's body, read by the page. */
  z.strictObject({ type: z.literal('viewRead'), call: viewCall(VIEW_READS) }),
  /** A write of a view: stored in the outbox under `item` (e.g. "email:ld_1"), then sent. */
  z.strictObject({ type: z.literal('viewWrite'), item: z.string().check(z.minLength(1), z.maxLength(200)), call: viewCall(VIEW_WRITES) }),
  z.strictObject({ type: z.literal('refresh') }),
  z.strictObject({ type: z.literal('saveNote'), actionId: actionIdSchema, message: noteSchema }),
  z.strictObject({ type: z.literal('markSent'), actionId: actionIdSchema, undoable: z.optional(z.boolean()) }),
  z.strictObject({
    type: z.literal('markFailed'),
    actionId: actionIdSchema,
    reason: z.enum(FAIL_REASONS),
    text: z.string().check(z.maxLength(REASON_TEXT_MAX)),
    undoable: z.optional(z.boolean()),
  }),
  /** The person saw the refused writes: the oldest may make room for new ones. */
  z.strictObject({ type: z.literal('refusedSeen') }),
  /** Takes back a mark still held for undo. */
  z.strictObject({ type: z.literal('undoWrite'), entryId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ type: z.literal('openProfile'), actionId: actionIdSchema }),
  z.strictObject({
    type: z.literal('saveCredentials'),
    baseUrl: z.string().check(z.maxLength(2000)),
    /** Absent: keep the saved key. */
    apiKey: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  }),
  /** Saves the address and key, then verifies them: the first run's one step. */
  z.strictObject({
    type: z.literal('connect'),
    baseUrl: z.string().check(z.maxLength(2000)),
    apiKey: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
  }),
  z.strictObject({ type: z.literal('getCredentials') }),
  z.strictObject({ type: z.literal('verifyKey') }),
  z.strictObject({
    type: z.literal('saveSettings'),
    pollMinutes: z.optional(z.number().check(z.gte(0.5), z.lte(60))),
    agentFilter: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(200)))),
    autoSend: z.optional(z.boolean()),
    weeklyCap: z.optional(z.int().check(z.gte(WEEKLY_CAP_RANGE.min), z.lte(WEEKLY_CAP_RANGE.max))),
    requestCap: z.optional(z.int().check(z.gte(REQUEST_CAP_RANGE.min), z.lte(REQUEST_CAP_RANGE.max))),
  }),
  z.strictObject({ type: z.literal('getWeeklyStats') }),
  z.strictObject({ type: z.literal('getRateStatus') }),
  /** The profile to add to an agent: the active tab's, or the link chosen from the context menu. */
  z.strictObject({ type: z.literal('profileTarget'), source: z.enum(['tab', 'link']) }),
  /** Adds that profile to an agent (op 3); the background fills the address and identifier. */
  z.strictObject({
    type: z.literal('addToAgent'),
    source: z.enum(['tab', 'link']),
    agentId: z.string().check(z.minLength(1), z.maxLength(200)),
    aiContext: z.optional(z.string().check(z.maxLength(5000))),
    custom: z.record(z.string().check(z.minLength(1), z.maxLength(64)), z.string().check(z.maxLength(1000))),
  }),
  z.strictObject({ type: z.literal('retryWrite'), entryId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ type: z.literal('discardWrite'), entryId: z.string().check(z.minLength(1), z.maxLength(100)) }),
]);

export type Request = z.infer<typeof requestSchema>;

/**
 * What a content script on the network's profile page may ask. It names no URL (the
 * background reads the sender's) and no action but the one of the profile it is on.
 */
export const contentRequestSchema = z.discriminatedUnion('type', [
  /** `newDocument`: the first of a document the tab loaded (a real navigation, not an address rewritten). */
  z.strictObject({ type: z.literal('profileSeen'), newDocument: z.optional(z.boolean()) }),
  z.strictObject({ type: z.literal('panelView') }),
  z.strictObject({ type: z.literal('saveNote'), actionId: actionIdSchema, message: noteSchema }),
  z.strictObject({
    type: z.literal('markAssisted'),
    actionId: actionIdSchema,
    outcome: z.enum(['sent', 'failed']),
    reason: z.optional(z.enum(FAIL_REASONS)),
    text: z.optional(z.string().check(z.maxLength(REASON_TEXT_MAX))),
    details: z.strictObject({
      noteIncluded: z.boolean(),
      noteLength: z.int().check(z.gte(0), z.lte(1000)),
      stateBefore: z.enum(INVITATION_STATES),
      pageLanguage: z.string().check(z.maxLength(20)),
    }),
  }),
  z.strictObject({ type: z.literal('openNext') }),
  z.strictObject({ type: z.literal('weeklyLimitReached') }),
]);

export type ContentRequest = z.infer<typeof contentRequestSchema>;
export type RequestType = Request['type'] | ContentRequest['type'];
export type AnyRequest = Request | ContentRequest;
