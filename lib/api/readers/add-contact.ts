// The answer to adding a contact (spec 000, operation 3). Its content is not shown; what matters is
// whether processing starts (within 30 minutes) or waits for credits. A 422's fields are read by
// lib/api/errors.ts (ValidationError), not here.
import type { AddContactResult } from '../schemas/contacts';
import { bool, code, dropUndefined, first, ID_KEYS, isObj, nested, num, str, UnreadableError, type Obj } from './fields';

const INSUFFICIENT_FLAGS = ['insufficient_credits', 'credits_insufficient', 'not_enough_credits', 'waiting_for_credits', 'pending_credits'];
const ENOUGH_FLAGS = ['has_credits', 'credits_sufficient', 'sufficient_credits', 'enough_credits'];
const WAITING_STATES = /credit|funds|top.?up/;
const INSUFFICIENT_WORDS =
  /insufficient|not enough|no (?:more )?credits?|out of credits?|top.?up|recharg|insuffisant|pas assez de cr[ée]dit|plus de cr[ée]dit|en attente de cr[ée]dit/i;
const STARTS_WORDS = /(?:within|in|under|sous|dans les|d'ici) ?30 ?min|processing (?:will )?start|enrichment (?:will )?start|enrichissement (?:va )?d[ée]marr/i;
const INDICATOR_WORDS = new Set(['success', 'ok', 'error', 'fail']);

function credits(sources: Obj[], message: string | undefined): AddContactResult['credits'] {
  for (const o of sources) {
    if (first(o, INSUFFICIENT_FLAGS, (v) => (bool(v) === true ? true : undefined))) return 'insufficient';
    const enough = first(o, ENOUGH_FLAGS, bool);
    if (enough !== undefined) return enough ? 'enough' : 'insufficient';
    const state = first(o, ['processing_status', 'processing', 'queue_status', 'state'], code);
    if (state && WAITING_STATES.test(state)) return 'insufficient';
  }
  if (message && INSUFFICIENT_WORDS.test(message)) return 'insufficient';
  if (message && STARTS_WORDS.test(message)) return 'enough';
  return 'unknown';
}

export function readAddContactAnswer(body: unknown): AddContactResult {
  if (!isObj(body)) throw new UnreadableError('The add-contact response is not a JSON object');
  const data = isObj(body.data) ? body.data : body;
  const contact = nested(data, ['contact', 'lead', 'prospect']) ?? data;
  const sources = [...new Set([contact, data, body])];
  const message = first(body, ['message', 'detail', 'info', 'notice'], str) ?? first(data, ['message', 'detail', 'info'], str);
  const status = first(contact, ['status', 'lead_status'], code);
  return dropUndefined({
    contactId: first(contact, [...ID_KEYS, 'lead_id', 'contact_id'], str),
    identifier: first(contact, ['identifier', 'lead_identifier'], str),
    // A top-level "success" is the indicator, not the contact's status.
    status: status && !(contact === body && INDICATOR_WORDS.has(status)) ? status : undefined,
    message,
    credits: credits(sources, message),
    creditsLeft: sources
      .map((o) => first(o, ['credits_remaining', 'remaining_credits', 'credits_left', 'available_credits', 'credits'], num))
      .find((n) => n !== undefined),
    duplicate: sources.map((o) => first(o, ['duplicate', 'is_duplicate', 'already_exists', 'existing'], bool)).find((b) => b !== undefined),
  });
}
