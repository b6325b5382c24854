// Words by family (issue 37): for each field a view shows, the words APIs use for it, in the spec's
// spelling first (every key case is read: lib/api/body/fold.ts; the spec's word aliases too). The
// one table; docs/api-assumptions.md ("Words by family") says the same, with the families only one
// reader uses, which stay in that reader.
export const FAMILY = {
  /** An agent's (or any named record's) name; a text shaped as a resource name is no name. */
  name: ['name', 'display_name', 'full_name', 'label', 'title', 'agent_name'],
  /** A company: a text, an object with a name or a label, or a list of them (the first). */
  company: ['company', 'company_name', 'organization', 'organisation', 'organization_name', 'organizations', 'employer', 'account'],
  /** A person's headline. */
  job: ['job', 'headline', 'job_title', 'title', 'position', 'occupation', 'role'],
  /** A person's profile address on the network. */
  profile: ['network_url', 'profile_url', 'network_profile_url', 'public_profile_url', 'network'],
  picture: ['picture', 'avatar', 'photo_url', 'picture_url', 'profile_picture'],
  /** An email's subject. */
  subject: ['subject', 'heading', 'title', 'topic'],
  /** A text shown whole (an email's body, a step's, a block's). */
  body: ['content', 'body', 'text', 'body_text', 'message', 'html'],
  /** A letter's blocks. */
  blocks: ['blocks', 'content_blocks', 'contents', 'parts', 'sections', 'paragraphs'],
  /** The object a meeting's start and end may sit under. */
  when: ['slot', 'when', 'time_slot', 'period', 'schedule', 'interval'],
  start: ['starts_at', 'start', 'start_at', 'start_time', 'start_date', 'begins_at', 'scheduled_at', 'meeting_at', 'event_date', 'datetime', 'date'],
  end: ['ends_at', 'end', 'end_at', 'end_time', 'end_date', 'finishes_at'],
  /** A record's state. */
  status: ['status', 'state'],
  /** Whether a record runs; the second list names it negated (`is_paused: true` is not active). */
  active: ['is_active', 'active', 'enabled', 'is_enabled', 'is_running', 'running'],
  inactive: ['is_paused', 'paused', 'disabled', 'is_disabled', 'stopped', 'is_stopped'],
} as const;
