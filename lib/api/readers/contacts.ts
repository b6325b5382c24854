// Contacts (spec 000, operations 2 and 5) as the Contacts view reads them: each record with what
// the rules could not place (lib/api/body/unplaced.ts); the record's rules are in contact-list.ts.
import { withUnplaced } from '../body/unplaced';
import type { BlockResult, ContactList } from '../schemas/contacts';
import { first } from '../body/fold';
import { recordOf } from '../body/envelope';
import { count } from '../body/values';
import { dropUndefined } from './fields';
import type { Asked } from './pagination';
import { readContact, readList, type PerformanceOf } from './contact-list';

/** A page of contacts, each with what the rules could not place (the Contacts view shows it). */
export function readContactList(body: unknown, asked?: Asked, performanceOf?: PerformanceOf): ContactList {
  return readList(
    body,
    withUnplaced((raw) => readContact(raw, performanceOf)),
    asked,
  );
}

const BLOCK_COUNTS = ['duplicates_blocked', 'emails_cancelled', 'letters_cancelled'];

/** The answer to blocking a contact (operation 5). */
export function readBlockResult(body: unknown): BlockResult {
  const o = recordOf(body, BLOCK_COUNTS) ?? {};
  return dropUndefined({
    duplicatesBlocked: first(o, ['duplicates_blocked', 'duplicates'], count),
    emailsCancelled: first(o, ['emails_cancelled', 'cancelled_emails'], count),
    lettersCancelled: first(o, ['letters_cancelled', 'cancelled_letters'], count),
  });
}
