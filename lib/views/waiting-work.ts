// How many contact emails, letters and AI replies wait for the person, for the popup's header and
// the options page's Overview: read with the background's poll when 10 minutes old (three
// requests, 0.3 a minute), so that opening either costs none; a page reads them itself only when
// the background could not.
import type { WaitingWork } from '../store/shapes';
export type { WaitingCount, WaitingWork } from '../store/shapes';

export const WAITING_MAX_AGE_MS = 10 * 60_000;
/** One page is asked for: beyond it the header says "100+". */
export const WAITING_PAGE = 100;

export type WaitingKind = 'emails' | 'letters' | 'replies';

/** The operation that lists each queue (its first page is asked for, WAITING_PAGE long). */
export const WAITING_READS = { emails: 'emailsToValidate', letters: 'lettersToValidate', replies: 'emailsToHandle' } as const;

/** Where each queue opens on its first item (the options page's address). */
export const QUEUE_HASH: Record<WaitingKind, string> = { emails: 'emails/to-validate', replies: 'emails/replies', letters: 'letters/to-validate' };

export const waitingStale = (w: WaitingWork | null, now: number): boolean => !w || now - w.fetchedAt >= WAITING_MAX_AGE_MS || w.fetchedAt > now;
