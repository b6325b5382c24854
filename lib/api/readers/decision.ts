// The answer to validating or rejecting a contact email or a letter (spec 000, operations 11, 12,
// 17, 18), and to skipping a reply or removing a blocklist entry: beyond the success indicator the
// client checks, only dates and a message may be there. lib/invitations/grace.ts turns the dates into minutes.
import type { Decision } from '../schemas/emails';
import { first, isNode, normalized } from '../body/fold';
import { nodesIn, payloadOf } from '../body/envelope';
import { text, time } from '../body/values';
import { dropUndefined } from './fields';

const DECIDED_KEYS = ['decided_at', 'validated_at', 'rejected_at', 'skipped_at', 'updated_at'];
const FINAL_KEYS = ['definitive_at', 'final_at', 'finalized_at', 'cancellable_until', 'undo_until', 'can_undo_until', 'grace_until', 'grace_period_ends_at'];

/**
 * Never fails: the decision was accepted whatever else the answer holds. A date is taken from the
 * record the answer is about, or one or two objects below it (`data.email_validation.decided_at`),
 * the spec's name first wherever it is.
 */
export function readDecision(body: unknown): Decision {
  const root = normalized(body);
  if (!isNode(root)) return {};
  const { value } = payloadOf(root);
  const where = nodesIn(isNode(value) ? value : root, 2);
  const at = (names: string[]) => {
    for (const name of names)
      for (const o of where) {
        const t = first(o, [name], time);
        if (t) return t;
      }
    return undefined;
  };
  return dropUndefined({ decidedAt: at(DECIDED_KEYS), finalAt: at(FINAL_KEYS), message: first(root, ['message', 'detail'], text) });
}
