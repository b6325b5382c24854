// Names several readers share, and what the records of the work that waits carry (contact emails
// and letters to validate, replies to handle): apart from the readers, so that the popup and the
// Overview, which only count those records (lib/views/waiting-work.ts), load none of them.
import type { Expect } from '../body/envelope';
import { BLOCKS } from '../body/families';
import { holds, isEmailAddress, isWords } from '../body/value-shapes';
import type { Node } from '../body/fold';

/** An email by its values, whatever its keys' words: an address and a sentence (a subject, a text). */
export const emailFits = (o: Node): boolean => holds(o, isEmailAddress) && holds(o, isWords);

/** Where a record names the person it is about (`contact` also as `lead` and `prospect`). */
export const PERSON_KEYS = ['contact', 'person', 'profile', 'attendee', 'recipient'];

/** A record's own identifier, in the spec's spelling and its synonyms. */
export const ID_KEYS = ['id', 'hashed_id', 'uuid'];

/** What the contact emails to validate (op 9) carry: one record a lead. */
export const EMAILS_TO_VALIDATE: Expect = {
  op: 'emailsToValidate',
  what: 'emails to validate',
  ids: ['contact_id', 'contact_hashed_id', ...ID_KEYS],
  // The lead it is about is what a decision needs: a record naming one is an email to validate.
  fields: [
    'contact_id',
    'subject',
    'messages',
    'sequence',
    'steps',
    'emails',
    'custom_messages',
    'content',
    'email',
    'firstname',
    'lastname',
    'full_name',
    ...PERSON_KEYS,
  ],
};

/** What the replies to handle (op 10) carry. */
export const EMAILS_TO_HANDLE: Expect = {
  op: 'emailsToHandle',
  what: 'emails to handle',
  ids: ['email_id', 'received_email_id', ...ID_KEYS],
  fields: ['subject', 'from', 'content', 'body', 'ai_reply', 'ai_response', 'suggested_reply', 'category', 'contact_id', 'contact'],
  fits: emailFits,
};

/** What the records of a list of letters carry. */
export const LETTERS: Expect = {
  op: 'listLetters',
  what: 'letters',
  ids: [...ID_KEYS, 'letter_id'],
  fields: [...BLOCKS, 'address', 'contact_identifier', 'category', 'pdf_url', 'preview_url', 'content', 'contact', 'person', 'recipient'],
};
