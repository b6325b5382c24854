// Words by family (issue 37): for each field the readers need that the spec does not name, the
// words APIs use for it, in the spec's spelling (every key case is read: lib/api/body/fold.ts). The
// one table; docs/api-assumptions.md ("Words by family") says the same.
export const FAMILY = {
  /** An agent's (or any named record's) name. */
  name: ['name', 'display_name', 'full_name', 'label', 'title', 'agent_name'],
  /** A company: a text, or an object with a name or a label. */
  company: ['company', 'company_name', 'organization', 'organisation', 'employer', 'account'],
  /** An email's subject. */
  subject: ['subject', 'heading', 'title', 'topic'],
  /** A text shown whole (an email's body). */
  body: ['content', 'body', 'text', 'body_text', 'message', 'html'],
  /** The object a meeting's start and end may sit under. */
  when: ['slot', 'when', 'time_slot', 'period', 'schedule'],
} as const;
