import type { FailReason } from '../../lib/fail-reasons';
import type { InvitationState } from '../../lib/page-reader/states';

/** How an assisted attempt can end without a confirmed send. */
export type Ending =
  | Extract<InvitationState, 'pending' | 'connected' | 'own-profile' | 'follow-only' | 'email-required' | 'note-quota-reached' | 'weekly-limit' | 'unknown'>
  | 'connect-unavailable'
  | 'dialog-missing'
  | 'dialog-closed'
  | 'no-confirmation';

export const ENDINGS: Ending[] = ['pending', 'connected', 'own-profile', 'follow-only', 'email-required', 'note-quota-reached', 'weekly-limit', 'unknown', 'connect-unavailable', 'dialog-missing', 'dialog-closed', 'no-confirmation'];

/** The reason code offered first when the person marks such an ending failed. */
export function reasonOf(ending: Ending): FailReason {
  switch (ending) {
    case 'connected':
      return 'already_connected';
    case 'own-profile':
      return 'not_relevant';
    case 'email-required':
      return 'email_required';
    case 'weekly-limit':
      return 'weekly_limit';
    case 'follow-only':
    case 'connect-unavailable':
    case 'dialog-missing':
      return 'profile_unavailable';
    default:
      return 'other';
  }
}
