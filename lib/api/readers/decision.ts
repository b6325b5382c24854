// The answer to validating or rejecting a contact email or a letter (spec 000, operations 11, 12,
// 17, 18), and to skipping a reply or removing a blocklist entry: beyond the success indicator the
// client checks, only dates and a message may be there. lib/grace.ts turns the dates into minutes.
import type { Decision } from '../schemas/emails';
import { date, dropUndefined, first, isObj, payload, str } from './fields';

const DECIDED_KEYS = ['decided_at', 'validated_at', 'rejected_at', 'skipped_at', 'updated_at'];
const FINAL_KEYS = ['definitive_at', 'final_at', 'finalized_at', 'cancellable_until', 'undo_until', 'can_undo_until', 'grace_until', 'grace_period_ends_at'];

/** Never fails: the decision was accepted whatever else the answer holds. */
export function readDecision(body: unknown): Decision {
  if (!isObj(body)) return {};
  const o = payload(body, ['email', 'letter', 'lead', 'entry'], 'decision');
  return dropUndefined({
    decidedAt: first(o, DECIDED_KEYS, date),
    finalAt: first(o, FINAL_KEYS, date),
    message: isObj(body) ? first(body, ['message', 'detail'], str) : undefined,
  });
}
