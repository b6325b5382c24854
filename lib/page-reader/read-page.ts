import { findInvitationDialog, readAlerts, type InvitationDialog } from './dialog';
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
  const dialog = findInvitationDialog(doc);
  const alerts = readAlerts(doc);
  let state: InvitationState = card?.state ?? 'unknown';
  if (alerts.weeklyLimit || dialog?.step === 'weekly-limit') state = 'weekly-limit';
  else if (dialog?.step === 'email-required') state = 'email-required';
  else if (dialog?.step === 'note-quota-reached') state = 'note-quota-reached';
  return { state, card, dialog, sentToast: alerts.sent };
}
