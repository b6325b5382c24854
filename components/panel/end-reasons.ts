import type { FailReason } from '../../lib/fail-reasons';

/** How an assisted attempt can end without a confirmed send. */
export type Ending =
  | 'pending'
  | 'connected'
  | 'own-profile'
  | 'follow-only'
  | 'email-required'
  | 'note-quota-reached'
  | 'weekly-limit'
  | 'connect-unavailable'
  | 'dialog-missing'
  | 'dialog-closed'
  | 'no-confirmation'
  | 'unknown';

/** The reason code offered first when the person marks such an ending failed. */
export const REASON_OF: Record<Ending, FailReason> = {
  pending: 'other',
  connected: 'already_connected',
  'own-profile': 'not_relevant',
  'follow-only': 'profile_unavailable',
  'email-required': 'email_required',
  'note-quota-reached': 'other',
  'weekly-limit': 'weekly_limit',
  'connect-unavailable': 'profile_unavailable',
  'dialog-missing': 'profile_unavailable',
  'dialog-closed': 'other',
  'no-confirmation': 'other',
  unknown: 'other',
};

/** Message key of each ending, under panel.ending. */
export const ENDING_KEY: Record<Ending, string> = {
  pending: 'panel.ending.pending',
  connected: 'panel.ending.connected',
  'own-profile': 'panel.ending.ownProfile',
  'follow-only': 'panel.ending.followOnly',
  'email-required': 'panel.ending.emailRequired',
  'note-quota-reached': 'panel.ending.noteQuota',
  'weekly-limit': 'panel.ending.weeklyLimit',
  'connect-unavailable': 'panel.ending.connectUnavailable',
  'dialog-missing': 'panel.ending.dialogMissing',
  'dialog-closed': 'panel.ending.dialogClosed',
  'no-confirmation': 'panel.ending.noConfirmation',
  unknown: 'panel.ending.unknown',
};
