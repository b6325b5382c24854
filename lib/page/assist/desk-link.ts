// The desk's line to the assisted send in a tab: a port the desk opens to the tab's injected script
// (tabs.connect, which only the extension's own pages can call; the page sees nothing of it). Down
// it go the desk's controls, up it the session's snapshot at each change. Prepare itself goes
// through the background, as the popup's Prepare here does: it gives the tab its grant and loads
// the script first (lib/background/panel-tabs.ts, `ask`).
import type { FailReason } from '../../invitations/fail-reasons';
import type { Offer } from './offers';
import type { AssistSession, AssistSnapshot } from './session';

export const DESK_PORT = 'desk';

/** What the desk asks of the session: a control of the assisted send, or a mark by hand. */
export type DeskCommand =
  | { type: 'offer'; offer: Extract<Offer, 'later' | 'editNote' | 'sendWithoutNote' | 'sendNow'> }
  | { type: 'mark'; outcome: 'sent' | 'failed'; reason?: FailReason | undefined; text?: string | undefined };

/** What the session tells the desk: where it is (null: no invitation in this tab any more). */
export interface DeskUpdate {
  snapshot: AssistSnapshot | null;
}

/** Does what the desk asked; anything else (a malformed message) is ignored. */
export function applyDeskCommand(session: AssistSession, command: DeskCommand): void {
  if (command.type === 'mark') void session.markByHand(command.outcome, command.reason, command.text);
  else if (command.offer === 'later') session.setPhase({ name: 'later' });
  else if (command.offer === 'editNote') session.setPhase({ name: 'idle' });
  else if (command.offer === 'sendWithoutNote') void session.prepare(true);
  else if (command.offer === 'sendNow') session.sendNow();
}
