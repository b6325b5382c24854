// What the assisted send records before the extension takes its tab elsewhere (the open-next key,
// Next): the outcome it saw and has not recorded yet, as the face's focused mark would, so that
// nothing is lost with the page. The person's key asked it; nothing else is ever recorded so. Pure.
import type { FailReason } from '../../invitations/fail-reasons';
import type { Ending } from './endings';
import { offersOf } from './offers';
import type { AssistSnapshot } from './session';

/** Wait: the page is confirming the person's Send, or a mark is on its way. */
export const WAIT = 'wait';

export type SettleStep = typeof WAIT | { outcome: 'sent' | 'failed'; reason?: FailReason | undefined } | null;

/** What the page showed that its focused mark records: pending is recorded sent; connected and follow only, failed with their reason. */
const RECORDED: Ending[] = ['pending', 'connected', 'follow-only'];

/** The step that settles this session, or null when nothing is left to record (or nothing the page showed may be taken for it). */
export function settleStep(snapshot: Pick<AssistSnapshot, 'state' | 'phase' | 'flags' | 'mark'>): SettleStep {
  if (snapshot.phase.name === 'confirming' || snapshot.mark.phase === 'busy') return WAIT;
  if (snapshot.mark.phase === 'done') return null;
  const { ending, reason } = offersOf(snapshot, false);
  if (!ending || !RECORDED.includes(ending)) return null;
  return ending === 'pending' ? { outcome: 'sent' } : { outcome: 'failed', reason };
}
