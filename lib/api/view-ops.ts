// The operations the extension's own pages (the options page's views, the popup) may ask the
// background to make for them. Content scripts never may (lib/messaging/protocol.ts).
import type { OperationName } from './operations';

/** Reads: answered at once, within the views' share of the request budget. */
export const VIEW_READS = [
  'listContacts',
  'agentSettings',
  'agentStats',
  'agentReflexes',
  'listEmails',
  'emailsToValidate',
  'emailsToHandle',
  'listLetters',
  'lettersToValidate',
  'listBlocklist',
  'calendarEvents',
] as const satisfies readonly OperationName[];

/** Writes: stored in the durable outbox first, as the invitations' marks are. */
export const VIEW_WRITES = [
  'addContact',
  'blockContact',
  'validateEmail',
  'rejectEmail',
  'validateResponse',
  'skipResponse',
  'validateLetter',
  'rejectLetter',
  'addToBlocklist',
  'removeFromBlocklist',
] as const satisfies readonly OperationName[];

/** The connection check's reads (issue 37): the account and the invitation loop's, then the views'. */
export const CHECK_READS = ['account', 'listActions', 'weeklyStats', ...VIEW_READS] as const satisfies readonly OperationName[];

export type ViewRead = (typeof VIEW_READS)[number];
export type CheckRead = (typeof CHECK_READS)[number];
export type ViewWrite = (typeof VIEW_WRITES)[number];

/** A request of a view, as the page names it: the table checks it before anything is sent. */
export interface ViewCall<N extends ViewRead | ViewWrite = ViewRead | ViewWrite> {
  name: N;
  params?: Record<string, string> | undefined;
  query?: Record<string, string | number | boolean> | undefined;
  body?: unknown;
}
