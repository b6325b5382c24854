import { readDecision } from '../../lib/api/readers/decision';
import { decisionsItem } from '../../lib/store/storage';
import { decisionKey, decisionOp, recordDecision, type ReviewKind, type Verdict } from '../../lib/views/decisions';
import { useViewWrite, type WriteState } from './use-view-write';

const PARAM: Record<ReviewKind, string> = { email: 'leadId', letter: 'letterId' };

/**
 * Validates or rejects a contact email or a letter through the outbox; once the service took it,
 * the decision is kept with its time so the view can offer the opposite one for 60 minutes.
 * Answers 'saved', 'queued' (the service is away: sent later), 'changed' (a validation refused
 * because the record changed since `seen` was shown: read again) or undefined (refused, shown).
 */
export function useDecide(): [
  WriteState,
  (kind: ReviewKind, id: string, verdict: Verdict, label: string, body?: unknown, seen?: string) => Promise<'saved' | 'queued' | 'changed' | undefined>,
] {
  const [state, run] = useViewWrite();
  async function decide(kind: ReviewKind, id: string, verdict: Verdict, label: string, body?: unknown, seen?: string) {
    let changed = false;
    const call = { name: decisionOp(kind, verdict), params: { [PARAM[kind]]: id }, body };
    const receipt = await run(decisionKey(kind, id), call, seen === undefined ? undefined : { text: seen, changed: () => (changed = true) });
    if (!receipt) return changed ? 'changed' : undefined;
    if (receipt.state !== 'saved') return 'queued';
    const answered = readDecision(receipt.answer).decidedAt;
    const at = answered ? Math.min(Date.parse(answered), Date.now()) : Date.now();
    await decisionsItem.setValue(recordDecision(await decisionsItem.getValue(), { kind, id, verdict, at, label }, Date.now()));
    return 'saved';
  }
  return [state, decide];
}
