// Replies to received emails (spec 000, ops 13 and 14, Email reply and Contact transitions).
import type { Account } from './state';
import type { Email } from './records';
import { findContact } from './contact-view';
import { toHandle } from './emails';
import { assertWritable, invalid, notFound, ok, Problems, type Answer, type Call } from './rules';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function receivedEmail(account: Account, id: string): Email {
  const email = account.book.emails.find((e) => e.id === id && e.direction === 'inbound');
  if (!email) throw notFound('Email');
  assertWritable(account, email.agent_id);
  return email;
}

/**
 * Op 13. `cc` counts only when the email is `interested` or the lead already `won`; then the lead
 * becomes `won` unless it is `lost`, `block` or `cancelled`, where only the copy is added. Without
 * `cc`, a prepared forwarding copy (or the one of the reply being edited) is kept.
 */
export function validateResponse({ account, id, body, now }: Call): Answer {
  const email = receivedEmail(account, id);
  const editing = email.reply?.status === 'waiting';
  if (!toHandle(email) && !editing) throw invalid('status', 'This email has no reply waiting for validation.');
  const problems = new Problems();
  const { content, cc } = body;
  if (content !== undefined && content !== null && (typeof content !== 'string' || content.trim() === '')) {
    problems.bad('content', 'The content must be a non-empty string.');
  }
  if (cc !== undefined && cc !== null && (typeof cc !== 'string' || !EMAIL_SHAPE.test(cc))) problems.bad('cc', 'The cc must be a valid email address.');
  if ((content === undefined || content === null) && !editing && email.ai_reply === null)
    problems.miss('content', 'This email has no AI reply: give the content of the reply.');
  problems.check();

  const lead = email.lead_id ? findContact(account, email.lead_id) : undefined;
  const text = typeof content === 'string' ? content : editing ? email.reply!.content : email.ai_reply!;
  const type = text === email.ai_reply ? 'ai_validated' : 'manual';
  let copy: string | null = editing ? email.reply!.cc : email.prepared_cc;
  if (typeof cc === 'string') {
    const counts = email.classification === 'interested' || lead?.status === 'won';
    copy = counts ? cc : null;
    if (counts && lead && !['lost', 'block', 'cancelled'].includes(lead.status)) {
      lead.status = 'won';
      lead.updated_at = now;
    }
  }
  email.handled = true;
  email.reply = { status: 'waiting', type, cc_added: copy !== null, cc: copy, content: text, at: now };
  return ok({
    message: 'Reply validated; it will be sent by the scheduled sending process.',
    data: {
      email_id: email.id,
      lead_id: email.lead_id,
      lead_status: lead?.status ?? null,
      status: email.reply.status,
      type,
      cc_added: email.reply.cc_added,
      cc: copy,
      content: text,
    },
  });
}

/** Op 14: handled, no reply sent. */
export function skipResponse({ account, id }: Call): Answer {
  const email = receivedEmail(account, id);
  if (!toHandle(email)) throw invalid('status', 'This email has no reply waiting for handling.');
  email.handled = true;
  return ok({ message: 'Email marked as handled.', data: { email_id: email.id, handled: true, reply: null } });
}
