// The one protocol between pages, content scripts and the background.
import * as z from 'zod/mini';
import { actionIdSchema, noteSchema } from '../api/schemas';
import { hashedIdSchema, oneOf, recordOf, text, textWithin, whole, within } from '../api/schemas/common';
import { CHECK_READS, VIEW_READS, VIEW_WRITES } from '../api/view-ops';
import { FAIL_REASONS } from '../invitations/fail-reasons';
import { INVITATION_STATES } from '../network/profile-states';
import { NOTE_IN_DIALOG_MAX, OLD_AFTER_DAYS_RANGE, REASON_TEXT_MAX, REQUEST_CAP_RANGE, WEEKLY_CAP_RANGE, WITHDRAWALS_PER_MINUTE_RANGE } from './limits';

const key40 = textWithin(40);
/** true or false: a custom check rather than z.boolean, one schema type fewer in the background. */
const yesNo = z.custom<boolean>((v) => typeof v === 'boolean');
const tabIdOf = whole(0);
/** A tab the desk names (the one it follows); without it, the active tab. */
const tabId = z.optional(tabIdOf);
/** 1 to 200 characters (an agent's id, a slug, an outbox item): one schema, as an identifier's. */
const idText = hashedIdSchema;
const entryId = text(100, 1);
const queryValue = (v: unknown): v is string | number | boolean => typeof v === 'number' || typeof v === 'boolean' || textWithin(500)(v);

// Records are custom checks (recordOf), and each kind of message has its own schema, found by its
// `type`: zod's record, union and discriminated union would cost the background ~1.5 kB gzip.
const viewCall = <const L extends readonly [string, ...string[]]>(names: L) =>
  z.strictObject({
    name: oneOf(names),
    params: z.optional(recordOf(key40, textWithin(200))),
    query: z.optional(recordOf(key40, queryValue)),
    // Checked against the operation's own schema (lib/api/operations.ts) before it is sent or stored.
    body: z.optional(z.custom<unknown>()),
  });

/** The fields of each kind of message, by its `type`. */
type Shapes = Record<string, z.core.$ZodShape>;

/** A message of one of the kinds of `T`, as its schema gives it. */
type MessageOf<T extends Shapes> = {
  [K in keyof T & string]: z.infer<z.ZodMiniObject<{ type: z.ZodMiniEnum<{ [V in K]: V }> } & T[K], z.core.$strict>>;
}[keyof T & string];

/** What checking a message gives: the message, or a refusal. */
type Parsed<T> = { success: true; data: T } | { success: false };

/**
 * A protocol: the schema of each kind of message (strict: no field but its own), and the check of
 * a message against the schema of its `type`. A type that is not the table's own is refused.
 */
function protocol<const T extends Shapes>(shapes: T) {
  const schemas: Record<string, z.ZodMiniType> = {};
  for (const [type, shape] of Object.entries(shapes)) schemas[type] = z.strictObject({ type: oneOf([type]), ...shape });
  return {
    types: Object.keys(shapes) as (keyof T & string)[],
    safeParse(message: unknown): Parsed<MessageOf<T>> {
      const type = (message as { type?: unknown } | null | undefined)?.type;
      const schema = typeof type === 'string' && Object.hasOwn(schemas, type) ? schemas[type] : undefined;
      const result = schema && z.safeParse(schema, message);
      return result?.success ? { success: true, data: result.data as MessageOf<T> } : { success: false };
    },
  };
}

export const requestSchema = protocol({
  /** A read for a view of the options page: the answer's body, read by the page. */
  viewRead: { call: viewCall(VIEW_READS) },
  /** The connection check (issue 37): one read operation (an agent's, of `agentId`), its body as it came. */
  checkRead: { name: oneOf(CHECK_READS), agentId: z.optional(idText) },
  /** A write of a view: stored in the outbox under `item` (e.g. "email:ld_1"), then sent. */
  /** `seen`: what the person saw of the email or letter validated (lib/views/seen.ts; absent: sent without the check). */
  viewWrite: { item: idText, call: viewCall(VIEW_WRITES), seen: z.optional(text(32, 1)) },
  refresh: {},
  /** `base`: the note the editor started from (absent: sent without the check). */
  saveNote: { actionId: actionIdSchema, message: noteSchema, base: z.optional(noteSchema) },
  markSent: { actionId: actionIdSchema, undoable: z.optional(yesNo) },
  markFailed: {
    actionId: actionIdSchema,
    reason: oneOf(FAIL_REASONS),
    text: text(REASON_TEXT_MAX),
    undoable: z.optional(yesNo),
  },
  /** The person saw the refused writes: the oldest may make room for new ones. */
  refusedSeen: {},
  /** Takes back a mark still held for undo. */
  undoWrite: { entryId },
  /**
   * Opens the action's profile: its tab comes forward, or a new one opens, with the in-page panel;
   * in the tab named (the desk's Open: the next invitation where the person works).
   */
  openProfile: { actionId: actionIdSchema, tabId },
  /**
   * The popup's This profile, the desk's Prepare: the assisted send comes to the tab (the active one,
   * or the desk's), still showing `slug`, and prepares there; with the desk's note (saved), and
   * whether the person chose to invite past their weekly cap.
   */
  prepareHere: { slug: idText, tabId, note: z.optional(noteSchema), pastCap: z.optional(yesNo) },
  /** Saves the address and key, then verifies them: the first run's one step. */
  connect: {
    baseUrl: text(2000),
    apiKey: z.optional(text(500, 1)),
  },
  getCredentials: {},
  verifyKey: {},
  saveSettings: {
    pollMinutes: z.optional(within(0.5, 60)),
    agentFilter: z.optional(z.custom<string | null>((v) => v === null || textWithin(200, 1)(v))),
    autoSend: z.optional(yesNo),
    letMeClick: z.optional(yesNo),
    weeklyCap: z.optional(whole(WEEKLY_CAP_RANGE.min, WEEKLY_CAP_RANGE.max)),
    requestCap: z.optional(whole(REQUEST_CAP_RANGE.min, REQUEST_CAP_RANGE.max)),
    oldAfterDays: z.optional(whole(OLD_AFTER_DAYS_RANGE.min, OLD_AFTER_DAYS_RANGE.max)),
    withdrawalsPerMinute: z.optional(whole(WITHDRAWALS_PER_MINUTE_RANGE.min, WITHDRAWALS_PER_MINUTE_RANGE.max)),
  },
  getWeeklyStats: {},
  /** The work that waits, kept 10 minutes old or more: the background reads it again (lib/background/waiting-reads.ts). */
  readWaitingWork: {},
  getRateStatus: {},
  /** The profile to add to an agent: the active tab's, or the link chosen from the context menu. */
  profileTarget: { source: oneOf(['tab', 'link']), tabId },
  /**
   * Whether the profile `slug` is already a contact (op 2, searched by `name`, the tab's title's, else
   * the slug's words): the background reads the list and answers what the page shows.
   */
  knownContact: { slug: idText, name: z.optional(text(200)) },
  /** The agent's own fields the add form asks for (op 4, read and kept an hour by the background). */
  agentFields: { agentId: idText },
  /**
   * Adds that profile to an agent (op 3); the background fills the address and identifier, and
   * answers with the receipt and what the answer means for the person (`outcome`).
   */
  addToAgent: {
    source: oneOf(['tab', 'link']),
    /** The profile the form showed: nothing is added when the tab now shows another. */
    slug: idText,
    agentId: idText,
    aiContext: z.optional(text(5000)),
    custom: recordOf(textWithin(64, 1), textWithin(1000)),
    tabId,
  },
  /**
   * The desk's Sent invitations view, sent while it is shown: the old invitations still pending (the
   * service's sent actions read at most once an hour), and those the tab's Sent page lists, if given.
   */
  sentInvitations: { tabId },
  /** One withdrawal, for one click of the person's: `slug`'s row on the Sent page the tab shows. */
  withdraw: { tabId: tabIdOf, slug: idText },
  /** The extension's keyboard shortcuts as the browser set them (the desk's help, the popup). */
  shortcuts: {},
  /** "This page was read wrong": opens the report page for the active tab's profile (or the desk's tab's). */
  reportPage: { tabId },
  retryWrite: { entryId },
  discardWrite: { entryId },
  /** The writes made for the service the person left: sent to the new one (`send`), or discarded. */
  heldWrites: { send: yesNo },

  /** Forget everything: the key, settings, caches, drafts and every write (About and privacy). */
  forgetEverything: {},
});

export type Request = Extract<ReturnType<typeof requestSchema.safeParse>, { success: true }>['data'];

/**
 * What a content script on the network's pages may ask. It names no URL (the background reads the
 * sender's) and no action but the one its tab was brought to (lib/background/tab-invitations.ts).
 */
export const contentRequestSchema = protocol({
  /**
   * The loader: the tab's address changed (a profile, or off profiles). `newDocument`: the first it
   * says of a document the tab loaded. Answered the same whatever the ready list holds.
   */
  profileSeen: { newDocument: z.optional(yesNo) },
  panelView: {},
  /** `base`: the note the editor started from (absent: sent without the check). */
  saveNote: { actionId: actionIdSchema, message: noteSchema, base: z.optional(noteSchema) },
  markAssisted: {
    actionId: actionIdSchema,
    outcome: oneOf(['sent', 'failed']),
    reason: z.optional(oneOf(FAIL_REASONS)),
    text: z.optional(text(REASON_TEXT_MAX)),
    details: z.strictObject({
      noteIncluded: yesNo,
      noteLength: whole(0, 1000),
      stateBefore: oneOf(INVITATION_STATES),
      pageLanguage: text(20),
      /** The text of the page's note box at Send, when it was not the saved note (metadata only). */
      noteInDialog: z.optional(text(NOTE_IN_DIALOG_MAX)),
    }),
  },
  openNext: {},
  /** The panel's Open the desk (Chrome): the background opens it in the tab's window, in the listener. */
  openDesk: {},
  weeklyLimitReached: {},
  /** "This page was read wrong": opens the report page for the sender's tab. */
  reportPage: {},
});

export type ContentRequest = Extract<ReturnType<typeof contentRequestSchema.safeParse>, { success: true }>['data'];
export type RequestType = Request['type'] | ContentRequest['type'];
export type AnyRequest = Request | ContentRequest;
