// How many contact emails, letters and AI replies wait for the person, for the popup's header and
// the options page's Overview: read with the background's poll when 10 minutes old (three
// requests, 0.3 a minute), so that opening either costs none; a page reads them itself only when
// the background could not.
import { recordList, type Expect } from '../api/body/envelope';
import { EMAILS_TO_HANDLE, EMAILS_TO_VALIDATE } from '../api/readers/emails';
import { LETTERS } from '../api/readers/letters';
import { readPage } from '../api/readers/pagination';

export const WAITING_MAX_AGE_MS = 10 * 60_000;
/** One page is asked for: beyond it the header says "100+". */
export const WAITING_PAGE = 100;

export interface WaitingCount {
  count: number;
  /** More than `count` wait (a full page and no total given). */
  more: boolean;
}

export type WaitingKind = 'emails' | 'letters' | 'replies';

/** The operation that lists each queue (its first page is asked for, WAITING_PAGE long). */
export const WAITING_READS = { emails: 'emailsToValidate', letters: 'lettersToValidate', replies: 'emailsToHandle' } as const;

/** Where each queue opens on its first item (the options page's address). */
export const QUEUE_HASH: Record<WaitingKind, string> = { emails: 'emails/to-validate', replies: 'emails/replies', letters: 'letters/to-validate' };

export interface WaitingWork {
  emails: WaitingCount | null;
  letters: WaitingCount | null;
  /** AI replies to handle; absent in what older versions stored. */
  replies?: WaitingCount | null;
  fetchedAt: number;
}

/** Each queue's records, as its reader finds them; a count needs only their ids. */
const counted = (x: Expect): Expect => ({ ...x, op: x.op === LETTERS.op ? 'lettersToValidate' : x.op, fields: [...x.fields, ...x.ids] });
const RECORDS: Record<WaitingKind, Expect> = { emails: counted(EMAILS_TO_VALIDATE), letters: counted(LETTERS), replies: counted(EMAILS_TO_HANDLE) };

/** The count a queue's first page says: its total when given, else what it holds. */
export function waitingCount(body: unknown, what: WaitingKind): WaitingCount {
  const list = recordList(body, RECORDS[what]);
  const page = readPage(body, list.length, { page: 1, perPage: WAITING_PAGE });
  return page.total !== undefined ? { count: page.total, more: false } : { count: list.length, more: page.hasNext };
}

export const waitingStale = (w: WaitingWork | null, now: number): boolean => !w || now - w.fetchedAt >= WAITING_MAX_AGE_MS || w.fetchedAt > now;

/**
 * The three queues' first pages read through `view` (the background's service, or a page asking
 * it), counted: what to keep, or null when none could be read. A queue not read this time is null:
 * nothing is said about it rather than something wrong.
 */
export async function readWaitingWork(
  view: (name: (typeof WAITING_READS)[WaitingKind], query: { per_page: number }) => Promise<unknown>,
  now: number,
): Promise<WaitingWork | null> {
  const read = (what: WaitingKind) =>
    view(WAITING_READS[what], { per_page: WAITING_PAGE }).then(
      (body) => waitingCount(body, what),
      () => null,
    );
  const [emails, letters, replies] = await Promise.all([read('emails'), read('letters'), read('replies')]);
  return emails || letters || replies ? { emails, letters, replies, fetchedAt: now } : null;
}
