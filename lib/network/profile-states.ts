/** The states the page reader tells apart; the sandbox build shows them on the panel's host as data-invitation-state (see docs/page-states.md). */
export const INVITATION_STATES = [
  'connect',
  'connect-in-more',
  'pending',
  'connected',
  'follow-only',
  'own-profile',
  'email-required',
  'note-quota-reached',
  'weekly-limit',
  'sent',
  'unknown',
] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
