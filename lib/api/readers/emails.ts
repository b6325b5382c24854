// Emails (spec 000, operations 8, 9, 10 and 13). Only the spec's masking rule, the categories and
// the reply record's fields are known; the rest is listed in docs/api-assumptions.md.
import type { Email, EmailList, EmailsToHandle, EmailsToValidate, EmailToHandle, EmailToValidate, ReplyRecord } from '../schemas/emails';
import {
  agentRef,
  bool,
  code,
  companyName,
  date,
  dropUndefined,
  first,
  ID_KEYS,
  isObj,
  nested,
  payload,
  PERSON_KEYS,
  personName,
  readEach,
  recordsIn,
  str,
  type Obj,
} from './fields';
import { maskable, recordMasked } from './masking';
import { readPage, type Asked } from './pagination';
import { readSequence } from './sequence';

const EMAIL_LIST_KEYS = ['emails', 'messages', 'mails'];
const DATE_KEYS = ['received_at', 'sent_at', 'date', 'created_at', 'at'];
const TEXT_KEYS = ['content', 'body', 'text', 'body_text', 'message'];

/** The lead an email is about: flat (`lead_id`) or nested (`lead: {...}`). */
function leadOf(raw: Obj, selfIsLead = false) {
  const lead = nested(raw, PERSON_KEYS);
  return {
    lead,
    fields: dropUndefined({
      leadId:
        first(raw, ['lead_id', 'contact_id', 'prospect_id', 'lead_hashed_id'], str) ??
        (lead ? first(lead, ID_KEYS, str) : selfIsLead ? first(raw, ID_KEYS, str) : undefined),
      contactName:
        (lead ? personName(lead) : undefined) ?? personName(raw, ['lead_name', 'contact_name', 'prospect_name', ...(selfIsLead ? ['full_name', 'name'] : [])]),
      company: (lead ? companyName(lead) : undefined) ?? companyName(raw),
    }),
  };
}

const preview = (raw: Obj) => first(raw, ['snippet', 'preview', 'excerpt', 'summary'], str) ?? first(raw, TEXT_KEYS, str)?.slice(0, 300);

function readEmail(raw: unknown): Email | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, [...ID_KEYS, 'email_id', 'message_id'], str);
  if (!id) return undefined;
  const masked = recordMasked(raw);
  return dropUndefined({
    id,
    category: first(raw, ['category', 'email_category'], code),
    subject: first(raw, ['subject', 'title'], str),
    preview: preview(raw),
    from: maskable(raw, ['from', 'from_email', 'sender', 'sender_email'], masked),
    to: maskable(raw, ['to', 'to_email', 'recipient', 'recipient_email'], masked),
    at: first(raw, DATE_KEYS, date),
    ...leadOf(raw).fields,
    ...agentRef(raw),
  });
}

export function readEmailList(body: unknown, asked?: Asked): EmailList {
  const list = recordsIn(body, EMAIL_LIST_KEYS, 'emails');
  const { items, skipped } = readEach(list, readEmail);
  return { emails: items, skipped, page: readPage(body, list.length, asked) };
}

/**
 * A contact email to validate; decided by its lead's id, so `lead_id` (or the nested lead's id)
 * comes before the record's own `id`, which is taken as the lead's only when nothing else names one.
 */
function readEmailToValidate(raw: unknown): EmailToValidate | undefined {
  if (!isObj(raw)) return undefined;
  const { lead, fields } = leadOf(raw, true);
  if (!fields.leadId) return undefined;
  const masked = recordMasked(raw) || (lead !== undefined && recordMasked(lead));
  return dropUndefined({
    ...fields,
    leadId: fields.leadId,
    email:
      maskable(raw, ['email', 'to', 'to_email', 'recipient', 'email_address'], masked) ??
      (lead ? maskable(lead, ['email', 'email_address'], masked) : undefined),
    subject: first(raw, ['subject', 'title'], str),
    steps: readSequence(raw),
    at: first(raw, ['generated_at', ...DATE_KEYS], date),
    ...agentRef(raw),
  });
}

export function readEmailsToValidate(body: unknown, asked?: Asked): EmailsToValidate {
  const list = recordsIn(body, ['emails', 'leads', 'contacts', 'to_validate'], 'emails to validate');
  const { items, skipped } = readEach(list, readEmailToValidate);
  return { emails: items, skipped, page: readPage(body, list.length, asked) };
}

/** The AI's proposed reply: a text, or the text of a nested reply object. */
function proposedReply(raw: Obj): string | undefined {
  for (const k of ['ai_response', 'ai_reply', 'suggested_reply', 'proposed_reply', 'draft', 'response', 'reply']) {
    const v = raw[k];
    const text = str(v) ?? (isObj(v) ? first(v, TEXT_KEYS, str) : undefined);
    if (text) return text;
  }
  return undefined;
}

/** A received email whose AI reply waits; decided by the received email's id. */
function readEmailToHandle(raw: unknown): EmailToHandle | undefined {
  if (!isObj(raw)) return undefined;
  const emailId = first(raw, ['email_id', 'received_email_id', ...ID_KEYS], str);
  if (!emailId) return undefined;
  const { lead, fields } = leadOf(raw);
  return dropUndefined({
    emailId,
    ...fields,
    leadStatus: first(raw, ['lead_status', 'contact_status'], code) ?? (lead ? first(lead, ['status'], code) : undefined),
    category: first(raw, ['category'], code),
    from: maskable(raw, ['from', 'from_email', 'sender', 'sender_email'], recordMasked(raw)),
    subject: first(raw, ['subject', 'title'], str),
    received: first(raw, ['received_content', 'received_body', ...TEXT_KEYS], str),
    reply: proposedReply(raw),
    cc: first(raw, ['cc', 'cc_email', 'forward_to', 'forwarding_email', 'prepared_cc'], str),
    at: first(raw, DATE_KEYS, date),
    ...agentRef(raw),
  });
}

export function readEmailsToHandle(body: unknown, asked?: Asked): EmailsToHandle {
  const list = recordsIn(body, ['emails', 'replies', 'to_handle'], 'emails to handle');
  const { items, skipped } = readEach(list, readEmailToHandle);
  return { emails: items, skipped, page: readPage(body, list.length, asked) };
}

const INDICATOR_WORDS = new Set(['success', 'ok', 'error', 'fail']);

/** The reply record after validating an AI reply (operation 13); what it lacks stays unknown. */
export function readReplyRecord(body: unknown): ReplyRecord {
  const o = payload(body, ['reply', 'response', 'email_response'], 'reply');
  const status = first(o, ['status', 'reply_status'], code);
  return dropUndefined({
    status: status && !(o === body && INDICATOR_WORDS.has(status)) ? status : undefined,
    type: first(o, ['type', 'reply_type'], code),
    // cc_added may sit beside a nested reply rather than in it.
    ccAdded: [o, isObj(body) ? body.data : undefined, body]
      .filter(isObj)
      .map((x) => first(x, ['cc_added', 'ccAdded'], bool))
      .find((b) => b !== undefined),
  });
}
