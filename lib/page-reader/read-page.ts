import { dialogStop, readOverlays, type InvitationDialog } from './dialog';
import { readTopCard, type TopCard } from './top-card';
import type { InvitationState } from './states';

export interface PageReading {
  state: InvitationState;
  card: TopCard | null;
  dialog: InvitationDialog | null;
  /** The page confirmed an invitation (toast). */
  sentToast: boolean;
}

/** What the profile page shows about inviting this person, from the card, dialog and alerts. */
export function readPage(doc: Document, slug: string): PageReading {
  const card = readTopCard(doc, slug);
  const { dialog, weeklyLimit, sent } = readOverlays(doc);
  const state: InvitationState = weeklyLimit ? 'weekly-limit' : ((dialog && dialogStop(dialog)) ?? card?.state ?? 'unknown');
  return { state, card, dialog, sentToast: sent };
}
