// What the assisted send records before the extension takes its tab elsewhere (the open-next key,
// Next): the outcome it saw and has not recorded yet, as the face's focused mark would
// (lib/page/assist/offers.ts), so that nothing is lost with the page. The person's key asked it;
// nothing else is ever recorded so. Pure.
import type { FailReason } from '../../invitations/fail-reasons';
import type { RequestState } from '../../messaging/request-state';
import type { InvitationState } from '../../network/profile-states';
import { type Ending, reasonOf, STOP_STATES } from './endings';

/** Wait: the page is confirming the person's Send, or a mark is on its way. */
export const WAIT = 'wait';

export type SettleStep = typeof WAIT | { outcome: 'sent' | 'failed'; reason?: FailReason | undefined } | null;

/** What the page showed that its focused mark records: pending is recorded sent; connected and follow only, failed with their reason. */
const RECORDED: Ending[] = ['pending', 'connected', 'follow-only'];

/** The session as the step reads it (its snapshot). */
interface Seen {
  state: InvitationState;
  phase: { name: string; ending?: Ending };
  mark: RequestState;
}

/** The step that settles this session, or null when nothing is left to record (or nothing the page showed may be taken for it). */
export function settleStep({ state, phase, mark }: Seen): SettleStep {
  if (phase.name === 'confirming' || mark.phase === 'busy') return WAIT;
  if (mark.phase === 'done') return null;
  // An ending of the attempt, or what the page shows while nothing is under way (as offersOf reads it).
  const ending = phase.name === 'ended' ? phase.ending : phase.name === 'idle' && STOP_STATES.includes(state) ? (state as Ending) : undefined;
  if (!ending || !RECORDED.includes(ending)) return null;
  return ending === 'pending' ? { outcome: 'sent' } : { outcome: 'failed', reason: reasonOf(ending) };
}
