import type { FailReason } from '../../invitations/fail-reasons';
import type { InvitationState } from '../../network/profile-states';

/** How an assisted attempt can end without a confirmed send. */
export type Ending =
  | Extract<InvitationState, 'pending' | 'connected' | 'own-profile' | 'follow-only' | 'email-required' | 'note-quota-reached' | 'weekly-limit' | 'unknown'>
  | 'connect-unavailable'
  | 'dialog-missing'
  | 'dialog-closed'
  | 'no-confirmation'
  | 'foreign-dialog'
  /** Guided, the browser's editing command did not put the note in the page's box. */
  | 'note-not-typed'
  /** A Send the assistant cannot take for the person's (moved, covered, or Pending with no click of theirs counted). */
  | 'not-sure'
  /** The person gave up a guided flow (Later): not shown, the panel says "later". */
  | 'gave-up';

export const ENDINGS: Ending[] = [
  'pending',
  'connected',
  'own-profile',
  'follow-only',
  'email-required',
  'note-quota-reached',
  'weekly-limit',
  'unknown',
  'connect-unavailable',
  'dialog-missing',
  'dialog-closed',
  'no-confirmation',
  'foreign-dialog',
  'note-not-typed',
  'not-sure',
];

const REASONS: Partial<Record<Ending, FailReason>> = {
  connected: 'already_connected',
  'own-profile': 'not_relevant',
  'email-required': 'email_required',
  'weekly-limit': 'weekly_limit',
  'follow-only': 'profile_unavailable',
  'connect-unavailable': 'profile_unavailable',
  'dialog-missing': 'profile_unavailable',
};

/** The reason code offered first when the person marks such an ending failed. */
export const reasonOf = (ending: Ending): FailReason => REASONS[ending] ?? 'other';

/** What the page alone can show that ends an attempt before it starts (the faces' endings while idle too). */
export const STOP_STATES: InvitationState[] = ['pending', 'connected', 'own-profile', 'follow-only', 'weekly-limit', 'email-required'];
