// A validation is sent on the email or letter the person saw (issue 51): before the outbox sends
// it, the to-validate list is read once (counted in the request budget like note-check.ts's read)
// and, when the record's texts changed since they were shown, nothing is sent: the write is refused
// and the view shows the new version for review. Spec 000 offers no precondition on a write (no
// ETag, version or updated-at), so this read is the only check there is.
import { SeenChangedError } from '../api/errors';
import { readEmailsToValidate } from '../api/readers/emails';
import { readLetterList } from '../api/readers/letters';
import type { OutboxEntry } from '../outbox/outbox';
import { emailSeen, letterSeen } from '../views/seen';
import type { Service } from './service';

/** The most one page of the to-validate lists holds (spec 000 ops 9 and 16). */
const PER_PAGE = 100;

/** What the service shows now of the record a validation names, as seen.ts writes it; undefined when not listed. */
async function seenNow(service: Service, entry: OutboxEntry & { op: 'call' }): Promise<string | undefined> {
  const { name, params } = entry.body;
  const query = { per_page: PER_PAGE } as const;
  if (name === 'validateEmail') {
    const list = await service.read('emailsToValidate', { query }, (b) => readEmailsToValidate(b, { page: 1, perPage: PER_PAGE }));
    const email = list.emails.find((e) => e.leadId === params?.leadId);
    return email && emailSeen(email);
  }
  const list = await service.read('lettersToValidate', { query }, (b) => readLetterList(b, { page: 1, perPage: PER_PAGE }));
  const letter = list.letters.find((l) => l.id === params?.letterId);
  return letter && letterSeen(letter);
}

/**
 * Throws a SeenChangedError when the email or letter a validation names no longer shows what the
 * person saw. A validation stored without `seen` (an earlier version's, or a rejection) or a record
 * the list does not show is sent as it is: the service judges. A read that cannot be made now
 * throws its own error, and the write waits as it says.
 */
export async function checkSeen(service: Service, entry: OutboxEntry): Promise<void> {
  if (entry.op !== 'call' || entry.seen === undefined) return;
  if (entry.body.name !== 'validateEmail' && entry.body.name !== 'validateLetter') return;
  const now = await seenNow(service, entry);
  if (now !== undefined && now !== entry.seen) throw new SeenChangedError();
}
