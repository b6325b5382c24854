// Validating or rejecting a contact's first email (spec 000, ops 11 and 12): either can be undone by
// the other for 60 minutes of sandbox time; then a validated email is sent and a rejected contact
// deleted, and both operations answer as for a decision that is final.
import type { Account } from './state';
import type { Contact } from './records';
import { GRACE_MS } from './records';
import { decisionJson, findContact } from './contact-view';
import { assertWritable, invalid, newId, notFound, ok, Problems, type Answer, type Call } from './rules';

function waitingContact(account: Account, id: string): Contact {
  const lead = findContact(account, id);
  if (!lead) throw notFound('Contact');
  assertWritable(account, lead.agent_id);
  if (lead.status !== 'validation' || !lead.draft) throw invalid('status', 'This contact has no email waiting for validation, or the decision is final.');
  return lead;
}

function decide(lead: Contact, kind: 'validated' | 'rejected', now: number) {
  // Repeating the same decision does not restart its 60 minutes; the other decision does.
  if (lead.decision?.kind !== kind) lead.decision = { kind, at: now };
  lead.updated_at = now;
}

/** Op 11. `custom_messages` replaces the named personalised messages (keys of `messages`). */
export function validateEmail({ account, id, body, now }: Call): Answer {
  const lead = waitingContact(account, id);
  const custom = body.custom_messages;
  const problems = new Problems();
  const replacements: Record<string, string> = {};
  if (custom !== undefined && custom !== null) {
    if (typeof custom !== 'object' || Array.isArray(custom)) problems.bad('custom_messages', 'The custom_messages must be an object.');
    else {
      const keys = Object.keys(lead.draft!.messages);
      for (const [named, text] of Object.entries(custom)) {
        // A step given without its key (other response shapes, shapes.ts) is named by its position.
        const key = named in lead.draft!.messages ? named : (keys[Number(named) - 1] ?? named);
        if (!(key in lead.draft!.messages))
          problems.bad(`custom_messages.${named}`, `Unknown message "${named}"; expected one of: ${keys.join(', ')} (or 1 to ${keys.length}).`);
        else if (typeof text !== 'string' || text.trim() === '') problems.bad(`custom_messages.${named}`, 'Each custom message must be a non-empty string.');
        else replacements[key] = text;
      }
    }
  }
  problems.check();
  Object.assign(lead.draft!.messages, replacements);
  decide(lead, 'validated', now);
  return ok({
    message: 'Email validated; it is sent after 60 minutes and can be rejected until then.',
    data: { lead_id: lead.id, ...decisionJson(lead.decision), messages: lead.draft!.messages },
  });
}

/** Op 12. */
export function rejectEmail({ account, id, now }: Call): Answer {
  const lead = waitingContact(account, id);
  decide(lead, 'rejected', now);
  return ok({
    message: 'Email rejected; the contact is deleted after 60 minutes and can be validated until then.',
    data: { lead_id: lead.id, ...decisionJson(lead.decision) },
  });
}

/** Decisions older than 60 minutes become final: the email goes out, or the contact goes. */
export function finalizeEmailDecisions(account: Account, now: number): void {
  const { book } = account;
  for (const lead of [...book.contacts]) {
    if (!lead.decision || now < lead.decision.at + GRACE_MS) continue;
    const at = lead.decision.at + GRACE_MS;
    if (lead.decision.kind === 'rejected') {
      book.contacts = book.contacts.filter((c) => c !== lead);
      book.emails = book.emails.filter((e) => e.lead_id !== lead.id || e.direction === 'inbound');
      continue;
    }
    const to = lead.contacts.find((p) => p.type === 'email')?.value ?? '';
    const steps = Object.entries(lead.draft?.messages ?? {});
    steps.forEach(([, content], i) => {
      book.emails.push({
        id: newId(book, 'em'),
        direction: 'outbound',
        lead_id: lead.id,
        agent_id: lead.agent_id,
        from: 'agent@demo-sales.example',
        to,
        subject: i === 0 ? lead.draft!.subject : `Re: ${lead.draft!.subject}`,
        content,
        classification: null,
        status: i === 0 ? 'sent' : 'scheduled',
        at: at + i * 3 * 86_400_000,
        ai_reply: null,
        prepared_cc: null,
        handled: true,
        reply: null,
      });
    });
    lead.status = 'nurture';
    lead.draft = null;
    lead.decision = null;
    lead.updated_at = at;
  }
}
