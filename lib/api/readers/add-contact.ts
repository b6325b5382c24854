// The answer to adding a contact (spec 000, operation 3). Its content is not shown; what matters is
// whether processing starts (within 30 minutes) or waits for credits, and whether the person was
// there already (lib/add-contact/outcome.ts): only that is read. A 422's fields are read by
// lib/api/errors.ts (ValidationError), not here.
import type { AddContactResult } from '../schemas/contacts';
import { first, isNode, nested, normalized, type Node } from '../body/fold';
import { payloadOf } from '../body/envelope';
import { UnreadableError } from '../body/unreadable';
import { bool, code, id, text } from '../body/values';
import { dropUndefined } from './fields';
import { ID_KEYS } from './record-names';

const INSUFFICIENT_FLAGS = ['insufficient_credits', 'credits_insufficient', 'not_enough_credits', 'waiting_for_credits', 'pending_credits'];
const ENOUGH_FLAGS = ['has_credits', 'credits_sufficient', 'sufficient_credits', 'enough_credits'];
const WAITING_STATES = /credit|funds|top.?up/;
const INSUFFICIENT_WORDS =
  /insufficient|not enough|no (?:more )?credits?|out of credits?|top.?up|recharg|insuffisant|pas assez de cr[ée]dit|plus de cr[ée]dit|en attente de cr[ée]dit/i;
const STARTS_WORDS = /(?:within|in|under|sous|dans les|d'ici) ?30 ?min|processing (?:will )?start|enrichment (?:will )?start|enrichissement (?:va )?d[ée]marr/i;

function credits(sources: Node[], message: string | undefined): AddContactResult['credits'] {
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
  const root = normalized(body);
  if (!isNode(root)) throw new UnreadableError('addContact', '$', 'the answer is not a JSON object');
  const { value } = payloadOf(root);
  const data = isNode(value) ? value : root;
  // The contact created: the payload, or its `contact` when that one has the id (else it is only the person).
  const ids = [...ID_KEYS, 'contact_id'];
  const inner = nested(data, ['contact']);
  const contact = inner && (first(inner, ids, id) || !first(data, ids, id)) ? inner : data;
  const sources = [...new Set([contact, data, root])];
  const message = first(root, ['message', 'detail', 'info', 'notice'], text) ?? first(data, ['message', 'detail', 'info'], text);
  return dropUndefined({
    credits: credits(sources, message),
    duplicate: sources.map((o) => first(o, ['duplicate', 'is_duplicate', 'already_exists', 'existing'], bool)).find((b) => b !== undefined),
  });
}
