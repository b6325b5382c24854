// Words by family (issue 37): for each field a view shows, the words APIs use for it, in the spec's
// spelling first (every key case is read: lib/api/body/fold.ts; the spec's word aliases too). The
// one table; docs/api-assumptions.md ("Words by family") says the same, with the families only one
// reader uses, which stay in that reader.
/** An agent's (or any named record's) name; a text shaped as a resource name is no name. */
export const NAME = ['name', 'display_name', 'full_name', 'label', 'title', 'agent_name'] as const;
/** A company: a text, an object with a name or a label, or a list of them (the first). */
export const COMPANY = ['company', 'company_name', 'organization', 'organisation', 'organization_name', 'organizations', 'employer', 'account'] as const;
/** A person's headline. */
export const JOB = ['job', 'headline', 'job_title', 'title', 'position', 'occupation', 'role'] as const;
/** A person's profile address on the network. */
export const PROFILE = ['network_url', 'profile_url', 'network_profile_url', 'public_profile_url', 'network'] as const;
export const PICTURE = ['picture', 'avatar', 'photo_url', 'picture_url', 'profile_picture'] as const;
/** An email's subject. */
export const SUBJECT = ['subject', 'heading', 'title', 'topic'] as const;
/** A text shown whole (an email's body, a step's, a block's). */
export const BODY = ['content', 'body', 'text', 'body_text', 'message', 'html'] as const;
/** A letter's blocks. */
export const BLOCKS = ['blocks', 'content_blocks', 'contents', 'parts', 'sections', 'paragraphs'] as const;
/** The object a meeting's start and end may sit under. */
export const WHEN = ['slot', 'when', 'time_slot', 'period', 'schedule', 'interval'] as const;
export const START = [
  'starts_at',
  'start',
  'start_at',
  'start_time',
  'start_date',
  'begins_at',
  'scheduled_at',
  'meeting_at',
  'event_date',
  'datetime',
  'date',
] as const;
export const END = ['ends_at', 'end', 'end_at', 'end_time', 'end_date', 'finishes_at'] as const;
/** A record's state. */
export const STATUS = ['status', 'state'] as const;
/** Whether a record runs; the second list names it negated (`is_paused: true` is not active). */
export const ACTIVE = ['is_active', 'active', 'enabled', 'is_enabled', 'is_running', 'running'] as const;
export const INACTIVE = ['is_paused', 'paused', 'disabled', 'is_disabled', 'stopped', 'is_stopped'] as const;
