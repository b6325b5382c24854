// The spec's enumerations (spec 000, Resources), without zod: the options views and the popup
// import them, and a zod import would add the whole validator to their chunks.

export const STAT_PERIODS = ['7d', '14d', '30d', '60d', '90d', '120d', '180d', '365d'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];
export const CONTACT_STATUSES = [
  'enrich',
  'neutral',
  'contact',
  'validation',
  'nurture',
  'won',
  'lost',
  'later',
  'noanswer',
  'error',
  'block',
  'cancelled',
] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_SOURCES = ['network_auto', 'network_manual', 'competitor', 'smart_auto', 'inbound_email', 'manual'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const EMAIL_CATEGORIES = [
  'received',
  'sent',
  'to_handle',
  'interested',
  'not_interested',
  'neutral',
  'block',
  'auto_reply',
  'antispam',
  'unattributed',
] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export const LETTER_CATEGORIES = [
  'to_validate',
  'validated',
  'rejected',
  'error',
  'insufficient_funds',
  'in_preparation',
  'transiting',
  'delivered',
  'returned',
  'scanned',
  'not_scanned',
] as const;
export type LetterCategory = (typeof LETTER_CATEGORIES)[number];
export const LETTER_STATUSES = ['validating', 'generating', 'printing', 'sending', 'transiting', 'delivered', 'returned', 'cancelled', 'error'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];
export const MEETING_STATUSES = ['success', 'failed', 'calendar_disconnected'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_MODES = ['visio', 'phone'] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];
