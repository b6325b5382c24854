// The field names spec 000 gives the answers of the REST operations, by the kind of record they
// belong to (the types of conventions/resources.ts): the only words the token draw
// (random-tokens.ts) leaves as they are. Everything else the sandbox writes is a word the spec does
// not name ("Fields of records returned by the operations, beyond those named in this document:
// not shown"), so the token draw writes it as a token.
//
// Read from: Resources and their fields (agent, contact, masking, email reply, letter, blocklist
// entry, calendar event, network action, reflex, agent statistics, account credits), the
// operations' sections (1, 2, 3's body, 5, 9, 13, 17, 20, 23 to 26) and Errors. Left out on
// purpose: query words (page, per_page, agent_filter, category, limit, period…: the spec names
// them for requests, not answers), and webhook payload fields (firstname, lastname, job, company,
// contact_firstname, amount_ht…: named for events, not for the REST records). A body field of an
// operation names the field of the record it writes (op 3: network_url, identifier, ai_context;
// op 13: content and cc of the reply; op 17: blocks; op 20: type and value; ops 24 to 26: metadata
// and message), as op 1's and op 5's answers name theirs.

export const SPEC_FIELDS: Readonly<Record<string, readonly string[]>> = {
  agents: ['status', 'is_active', 'internal_note'],
  // An agent's settings (op 4) carry the agent's status.
  agentSettings: ['status'],
  contacts: [
    'status',
    'source',
    'relevance',
    'network_url',
    'picture',
    'agent_targeting',
    'contacts',
    'value',
    'has_touchpoint_email',
    'has_touchpoint_email_answer',
    'has_touchpoint_letter',
    'has_touchpoint_network',
    'has_touchpoint_letter_flash',
    'has_returned_letter',
    'identifier',
    'ai_context',
    // Op 9's masked `email` is its person's.
    'email',
    // Op 5's answer.
    'duplicates_blocked',
    'emails_cancelled',
    'letters_cancelled',
  ],
  letters: ['status', 'address', 'blocks', 'id', 'content', 'lead_identifier'],
  blocklistEntries: ['id', 'type', 'value'],
  calendarEvents: ['status', 'meeting_mode', 'meeting_url'],
  networkActions: ['status', 'message', 'metadata'],
  reflexes: ['is_protected'],
  agentStats: ['received'],
  replies: ['status', 'type', 'cc_added', 'content', 'cc'],
};

/** Named beside the records: the account's credits (op 1, op 3's meta) and op 2's masking flag. */
export const SPEC_TOP_FIELDS: readonly string[] = ['leads_available_service', 'filters_applied', 'contacts_masked'];

/** Named in error answers (Errors: a 403's message, a 422's three fields, op 7's 400 error). */
export const SPEC_ERROR_FIELDS: readonly string[] = ['message', 'validation_errors', 'missing_fields', 'invalid_fields', 'error'];

/** Maps whose keys are data (what the client sends back or stores), kept as written with their values. */
export const DATA_KEYED = new Set(['messages', 'custom_variables', 'custom_messages', 'metadata', 'validation_errors']);

/** The words a reference to a person keeps for what it points to (an agent's is `agent`). */
export const PERSON_WORDS = ['lead', 'contact', 'prospect', 'person'] as const;

/** Every word the spec names, whatever the record: what the token draw may leave in an answer. */
export const ALL_SPEC_WORDS: ReadonlySet<string> = new Set([...Object.values(SPEC_FIELDS).flat(), ...SPEC_TOP_FIELDS, ...SPEC_ERROR_FIELDS]);
