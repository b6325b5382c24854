// The account's records beyond network actions (spec 000, Resources): what each agent is configured
// with, contacts, emails, letters, blocklist, bookings, reflexes and credits. Times are epoch ms.

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

/** What an agent is set up with; none of it is in op 1's answer. */
export interface AgentProfile {
  billing: 'subscription' | 'performance';
  /** Agents created before this sandbox's reflex cut-off answer op 7 with 400. */
  created_at: number;
  source: ContactSource;
  letters_enabled: boolean;
  network_enabled: boolean;
  calendar_synced: boolean;
  /** The language its generated invitation notes are written in. */
  language: 'fr' | 'en';
  /** `{custom}` variables its emails or letters use: each is a required body field of op 3. */
  custom_variables: Array<{ name: string; label: string; used_in: Array<'emails' | 'letters'> }>;
  email_fields: string[];
  letter_fields: string[];
}

interface ContactPoint {
  type: 'email' | 'phone';
  value: string;
}

/** Touchpoints the records below cannot show (seeded history); the records add theirs. */
export interface Touchpoints {
  email: boolean;
  email_answer: boolean;
  letter: boolean;
  network: boolean;
  letter_flash: boolean;
  returned_letter: boolean;
}

export interface Contact {
  id: string;
  identifier: string;
  agent_id: string;
  firstname: string | null;
  lastname: string | null;
  job: string | null;
  company: string | null;
  status: ContactStatus;
  source: ContactSource;
  relevance: number | null;
  network_url: string | null;
  picture: string | null;
  agent_targeting: { id: string; name: string } | null;
  contacts: ContactPoint[];
  touchpoints: Touchpoints;
  ai_context: string | null;
  custom_variables: Record<string, string>;
  /** Postal identity, when known (letters, blocklist `address`). */
  postal: { line1: string; zip: string; city: string; country: string } | null;
  created_at: number;
  updated_at: number;
  /** Op 3's pipeline: when the sandbox turns it into a ready invitation; null when not scheduled. */
  process_at: number | null;
  waiting_for_credits: boolean;
  /** The first email waiting for validation (status `validation`), its messages by step. */
  draft: { subject: string; messages: Record<string, string> } | null;
  decision: Decision | null;
}

/** A validate or reject inside the 60-minute grace period (contact emails and letters). */
interface Decision {
  kind: 'validated' | 'rejected';
  at: number;
}

const EMAIL_CLASSES = ['interested', 'not_interested', 'neutral', 'block', 'auto_reply', 'antispam'] as const;
export type EmailClass = (typeof EMAIL_CLASSES)[number];

export interface Email {
  id: string;
  direction: 'inbound' | 'outbound';
  /** null for inbound mail matching no contact (`unattributed`). */
  lead_id: string | null;
  agent_id: string | null;
  from: string;
  to: string;
  subject: string;
  content: string;
  /** Inbound only: how the service read it. */
  classification: EmailClass | null;
  /** Outbound: `scheduled` follow-ups can be cancelled by a block; `sent` ones are proof of sending. */
  status: 'received' | 'scheduled' | 'sent' | 'cancelled';
  at: number;
  /** Inbound waiting for handling: the AI's prepared reply and forwarding copy. */
  ai_reply: string | null;
  prepared_cc: string | null;
  handled: boolean;
  reply: { status: 'waiting' | 'cancelled'; type: 'ai_validated' | 'manual'; cc_added: boolean; cc: string | null; content: string; at: number } | null;
}

const LETTER_STATUSES = ['validating', 'generating', 'printing', 'sending', 'transiting', 'delivered', 'returned', 'cancelled', 'error'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

export interface Letter {
  id: string;
  lead_id: string;
  agent_id: string;
  status: LetterStatus;
  insufficient_funds: boolean;
  blocks: Array<{ id: string; content: string }>;
  address: { firstname: string; lastname: string; company: string | null; line1: string; line2: string | null; zip: string; city: string; country: string };
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  delivered_at: number | null;
  scanned_at: number | null;
  decision: Decision | null;
}

export const BLOCKLIST_TYPES = ['email', 'domain', 'company', 'siren', 'address'] as const;
export type BlocklistType = (typeof BLOCKLIST_TYPES)[number];

export interface BlocklistEntry {
  id: string;
  type: BlocklistType;
  value: string;
  created_at: number;
}

export interface CalendarEvent {
  id: string;
  agent_id: string;
  lead_id: string | null;
  meeting_mode: 'visio' | 'phone';
  meeting_url: string | null;
  phone: string | null;
  status: 'success' | 'failed' | 'calendar_disconnected';
  contact_email: string;
  starts_at: number;
  duration_minutes: number;
  created_at: number;
}

export interface Reflex {
  id: string;
  agent_id: string;
  name: string;
  description: string;
  status: 'active' | 'paused';
  is_protected: boolean;
  created_at: number;
  executions: Array<{ id: string; lead_id: string; prospect_name: string; company: string; ai_analysis: string; executed_at: number }>;
}

export interface AccountBook {
  profiles: Record<string, AgentProfile>;
  /**
   * Spec 000, Account credits: the count of contact credits CONSUMED by manually added network
   * contacts (op 3). It grows with each contact processed; it is not what is left.
   */
  leads_available_service: number;
  /**
   * The credits still to spend, which the spec names no field for: the sandbox keeps it to decide
   * whether an added contact is processed or waits for a top-up, and shows it only in its controls.
   */
  credits: number;
  contacts: Contact[];
  emails: Email[];
  letters: Letter[];
  blocklist: BlocklistEntry[];
  events: CalendarEvent[];
  reflexes: Reflex[];
  /** Counter for the ids the sandbox makes. */
  next: number;
  /**
   * How op 4 answers (controls: /__sandbox/settings-shape): `flat` lists (default), `lists` under
   * `fields: {required, optional}` with `templates: {emails: {variables}, letters}`, or
   * `unreadable` (no field list a client can find).
   */
  settings_shape?: SettingsShape;
}

export type SettingsShape = 'flat' | 'lists' | 'unreadable';

export const GRACE_MS = 60 * 60_000;
/** Op 3's pipeline in sandbox time: about a minute from added contact to ready invitation. */
export const PROCESSING_MS = 60_000;
/** Agents created before this date are "older" (op 7 answers 400). */
export const REFLEXES_SINCE = Date.parse('2025-01-01T00:00:00Z');
