import { dialogStop, readOverlays, type InvitationDialog } from './dialog';
import type { Prospect } from './identity';
import { readTopCard, type TopCard } from './top-card';
import type { InvitationState } from '../../network/profile-states';

export interface PageReading {
  state: InvitationState;
  card: TopCard | null;
  /** Cards are shown but none is clearly this prospect's: the assistant does nothing. */
  foreign: boolean;
  dialog: InvitationDialog | null;
  /** Every open dialog, the page's own and chat windows: what the panel must not cover. */
  dialogs: Element[];
  /** The page confirmed an invitation (toast). */
  sentToast: boolean;
  /** An invitation dialog naming someone else is open (and was not open before the flow): never filled. */
  otherDialog: boolean;
}

/** The prospect, and the dialogs open before the assistant acted: never taken for the invitation's. */
export type Who = Prospect & { foreign?: Set<Element> | undefined };

/** What the profile page shows about inviting this person, from the card, dialog and alerts. */
export function readPage(doc: Document, who: Who): PageReading {
  const card = readTopCard(doc, who);
  // Without a name from the service, the dialog's name is compared with the prospect's card's.
  const name = who.name || (card ? card.name : undefined);
  const { dialog, dialogs, weeklyLimit, sent, otherDialog } = readOverlays(doc, { ...who, name });
  const state: InvitationState = weeklyLimit ? 'weekly-limit' : ((dialog && dialogStop(dialog)) ?? (card ? card.state : 'unknown'));
  return { state, card: card || null, foreign: card === false, dialog, dialogs, sentToast: sent, otherDialog };
}
