/** Reason codes offered when a person marks an invitation failed. */
export const FAIL_REASONS = ['profile_unavailable', 'already_connected', 'email_required', 'weekly_limit', 'not_relevant', 'other'] as const;

export type FailReason = (typeof FAIL_REASONS)[number];
