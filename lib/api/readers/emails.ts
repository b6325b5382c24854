// Emails (spec 000, operations 8, 9, 10 and 13). Only the spec's masking rule, the categories and
// the reply record's fields are known; the rest is read by the rules of docs/api-assumptions.md.
import { withUnplaced } from '../body/unplaced';
import type { Email, EmailList, EmailsToHandle, EmailsToValidate, EmailToHandle, EmailToValidate, ReplyRecord } from '../schemas/emails';
import { first, isNode, nested, normalized, type Node } from '../body/fold';
import { payloadOf, recordList, type Expect } from '../body/envelope';
import { BOUND, bool, code, id, text } from '../body/values';
import { agentRef, bodyText, companyName, dateAt, dropUndefined, emailKey, personName, personOf, readEach, unlessTooLong } from './fields';
import { EMAILS_TO_HANDLE, EMAILS_TO_VALIDATE, emailFits, ID_KEYS } from './record-names';
import { maskable, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';
import { readSequence } from './sequence';
import { BODY, SUBJECT } from '../body/families';
import { idByValue, leadRefId, ownId } from '../body/identity';
import { isEmailAddress, isLine, isLongText, isWords, theOne } from '../body/value-shapes';

const DATE_KEYS = ['received_at', 'sent_at', 'date', 'created_at', 'at'];
const TEXT_KEYS = BODY;
const FROM = ['from', 'from_email', 'sender', 'sender_email'];
/** The subject: by its words, else the one short line of words beside a long text (issue 49). */
const subjectOf = (o: Node, byValue = true) =>
  first(o, SUBJECT, (v) => text(v, BOUND.subject)) ??
  (byValue && theOne(o, isLongText) !== undefined
    ? text(
        theOne(o, (v) => isLine(v) && isWords(v) && !isLongText(v)),
        BOUND.subject,
      )
    : undefined);
/** A text shown whole (a received email, its body): by its words, else the one long text of the record. */
const longTextOf = (o: Node, names: readonly string[]) => first(o, names, bodyText) ?? bodyText(theOne(o, isLongText));
/** A sender: by its words, else the one email address of the record. */
function senderOf(o: Node, masked: boolean) {
  const found = maskable(o, FROM, masked);
  const address = found || masked ? undefined : text(theOne(o, isEmailAddress));
  return found ?? (address === undefined ? undefined : { masked: false as const, value: address });
}

/** What the records of the emails list (op 8) carry. */
const EMAILS: Expect = {
  op: 'listEmails',
  what: 'emails',
  ids: [...ID_KEYS, 'email_id', 'message_id'],
  fields: ['subject', 'category', 'from', 'to', 'content', 'body', 'snippet', 'direction', 'contact_id', 'contact'],
  fits: emailFits,
};

/** The lead an email is about: flat (`lead_id`) or nested (`lead: {...}`). */
function leadOf(raw: Node, selfIsLead = false) {
  const lead = personOf(raw);
  return {
    lead,
    fields: dropUndefined({
      // The lead's own reference first (ops 11 and 12 ask its id), the record's id only without one.
      leadId:
        first(raw, ['contact_id', 'contact_hashed_id'], id) ??
        leadRefId(raw) ??
        (lead ? first(lead, ID_KEYS, id) : selfIsLead ? (first(raw, ID_KEYS, id) ?? idByValue(raw)) : undefined),
      contactName: (lead ? personName(lead) : undefined) ?? personName(raw, ['contact_name', ...(selfIsLead ? ['full_name', 'name'] : [])]),
      company: (lead ? companyName(lead) : undefined) ?? companyName(raw),
    }),
  };
}

const preview = (raw: Node) => first(raw, ['snippet', 'preview', 'excerpt', 'summary'], (v) => text(v, 300)) ?? first(raw, TEXT_KEYS, (v) => text(v, 300));

function readEmail(record: unknown): Email | undefined {
  if (!isNode(record)) return undefined;
  const emailId = ownId(record, EMAILS.ids);
  if (!emailId) return undefined;
  const masked = recordMasked(record);
  return dropUndefined({
    id: emailId,
    category: first(record, ['category', 'email_category'], code),
    subject: subjectOf(record),
    preview: preview(record),
    from: senderOf(record, masked),
    to: maskable(record, ['to', 'to_email', 'recipient', 'recipient_email'], masked),
    at: dateAt(record, DATE_KEYS),
    ...leadOf(record).fields,
    ...agentRef(record),
  });
}

export function readEmailList(body: unknown, asked?: Asked): EmailList {
  const list = recordList(body, EMAILS);
  const { items, skipped, unread } = readEach(list, withUnplaced(readEmail), asked?.perPage);
  return { emails: items, skipped, unread, page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}

/**
 * A contact email to validate; decided by its lead's id, so `lead_id` (or the nested lead's id)
 * comes before the record's own `id`, which is taken as the lead's only when nothing else names one.
 */
function readEmailToValidate(record: unknown): EmailToValidate | undefined {
  if (!isNode(record)) return undefined;
  const { lead, fields } = leadOf(record, true);
  if (!fields.leadId) return undefined;
  const masked = recordMasked(record) || (lead !== undefined && recordMasked(lead));
  const steps = unlessTooLong(() => readSequence(record));
  if (!steps) return undefined;
  return dropUndefined({
    ...fields,
    leadId: fields.leadId,
    email:
      maskable(record, ['email', 'to', 'to_email', 'recipient', 'email_address', emailKey(record) ?? 'email'], masked) ??
      (lead ? maskable(lead, ['email', 'email_address', emailKey(lead) ?? 'email'], masked) : undefined),
    // Not by value: the row shows its steps' subjects, so a line placed here would be seen nowhere.
    subject: subjectOf(record, false) ?? steps[0]?.subject,
    steps,
    at: dateAt(record, ['generated_at', ...DATE_KEYS]),
    ...agentRef(record),
  });
}

export function readEmailsToValidate(body: unknown, asked?: Asked): EmailsToValidate {
  const list = recordList(body, EMAILS_TO_VALIDATE);
  const { items, skipped, unread } = readEach(list, withUnplaced(readEmailToValidate), asked?.perPage);
  return { emails: items, skipped, unread, page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}

/** The AI's proposed reply: a text, or the text of a nested reply object. */
function proposedReply(raw: Node): string | undefined {
  return first(
    raw,
    ['ai_response', 'ai_reply', 'suggested_reply', 'proposed_reply', 'draft', 'response', 'reply'],
    (v) => text(v, BOUND.body) ?? (isNode(v) ? first(v, TEXT_KEYS, bodyText) : undefined),
  );
}

/** A received email whose AI reply waits; decided by the received email's id. */
function readEmailToHandle(record: unknown): EmailToHandle | undefined {
  if (!isNode(record)) return undefined;
  const emailId = ownId(record, EMAILS_TO_HANDLE.ids);
  if (!emailId) return undefined;
  const { lead, fields } = leadOf(record);
  return dropUndefined({
    emailId,
    ...fields,
    leadStatus: first(record, ['contact_status'], code) ?? (lead ? first(lead, ['status'], code) : undefined),
    category: first(record, ['category'], code),
    from: senderOf(record, recordMasked(record)),
    subject: subjectOf(record),
    received: longTextOf(record, ['received_content', 'received_body', ...TEXT_KEYS]),
    reply: proposedReply(record),
    cc: first(record, ['cc', 'cc_email', 'forward_to', 'forwarding_email', 'prepared_cc'], text),
    at: dateAt(record, DATE_KEYS),
    ...agentRef(record),
  });
}

export function readEmailsToHandle(body: unknown, asked?: Asked): EmailsToHandle {
  const list = recordList(body, EMAILS_TO_HANDLE);
  const { items, skipped, unread } = readEach(list, withUnplaced(readEmailToHandle), asked?.perPage);
  return { emails: items, skipped, unread, page: readPage(body, Math.min(list.length, asked?.perPage ?? 100), asked) };
}

const INDICATOR_WORDS = new Set(['success', 'ok', 'error', 'fail']);

/** The reply record after validating an AI reply (operation 13): flat, under the payload or a nested reply; what it lacks stays unknown. */
export function readReplyRecord(body: unknown): ReplyRecord {
  const root = normalized(body);
  if (!isNode(root)) return {};
  const { value } = payloadOf(root);
  const data = isNode(value) ? value : root;
  const reply = nested(data, ['reply', 'response', 'email_response']) ?? nested(root, ['reply', 'email_response']) ?? data;
  const status = first(reply, ['status', 'reply_status'], code);
  return dropUndefined({
    status: status && !(reply === root && INDICATOR_WORDS.has(status)) ? status : undefined,
    type: first(reply, ['type', 'reply_type'], code),
    // cc_added may sit beside a nested reply rather than in it.
    ccAdded: [reply, data, root].map((x) => first(x, ['cc_added'], bool)).find((b) => b !== undefined),
  });
}
