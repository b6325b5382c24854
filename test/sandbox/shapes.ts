// Other plausible shapes of the same answers, so the views are tried against more than one reading
// of the spec (issue 23). Chosen with faults `{"shape": "nested"}` or `{"shape": "follow-ups"}`
// (POST /__sandbox/faults), or SANDBOX_SHAPE for `npm run sandbox`; absent: the sandbox's own shape.
//   nested:     people under `person` / `attendee` with one `full_name`, `company: {name}`; a sequence as
//               `sequence[{position, subject, text}]` (listed last step first); a meeting's time under
//               `slot {start, end}`.
//   follow-ups: people under `lead` with first and last names; a sequence as `subject` + `content` +
//               `follow_ups[]`; a meeting's `start` with `duration_minutes`, no end.
// Keyless steps are named by their position in `custom_messages` ("1", "2"): validate-email accepts both.

export const RESPONSE_SHAPES = ['nested', 'follow-ups'] as const;
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

type Row = Record<string, unknown>;

const fullName = (r: Row) => [r.firstname, r.lastname].filter((x) => typeof x === 'string' && x).join(' ') || null;

function person(r: Row, shape: ResponseShape, extra: Row = {}): Row {
  const company = r.company ?? null;
  return shape === 'nested'
    ? { full_name: fullName(r), company: company === null ? null : { name: company }, ...extra }
    : { first_name: r.firstname ?? null, last_name: r.lastname ?? null, company, ...extra };
}

const omit = (r: Row, keys: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

function emailToValidate(r: Row, shape: ResponseShape): Row {
  const texts = Object.values((r.messages ?? {}) as Record<string, string>);
  const base = omit(r, ['firstname', 'lastname', 'company', 'job', 'email', 'subject', 'messages']);
  if (shape === 'nested') {
    const sequence = texts.map((text, i) => ({ position: i + 1, subject: i === 0 ? r.subject : `Re: ${String(r.subject)}`, text })).reverse();
    return { ...base, person: person(r, shape, { job_title: r.job ?? null, email: r.email }), sequence };
  }
  return { ...base, lead: person(r, shape), email: r.email, subject: r.subject, content: texts[0] ?? null, follow_ups: texts.slice(1) };
}

function prospectOf(r: Row, shape: ResponseShape): Row {
  const p = (r.prospect ?? null) as Row | null;
  const base = omit(r, ['prospect']);
  return p === null ? base : { ...base, [shape === 'nested' ? 'person' : 'lead']: person(p, shape, p.status ? { status: p.status } : {}) };
}

function contact(r: Row, shape: ResponseShape): Row {
  return { ...omit(r, ['firstname', 'lastname', 'company', 'job']), person: person(r, shape, { job_title: r.job ?? null }) };
}

function meeting(r: Row, shape: ResponseShape): Row {
  const base = omit(r, ['contact_firstname', 'contact_lastname', 'contact_email', 'starts_at', 'ends_at', 'duration_minutes']);
  const who = { firstname: r.contact_firstname, lastname: r.contact_lastname };
  if (shape === 'nested') {
    return { ...base, attendee: { ...person(who, shape), email: r.contact_email }, slot: { start: r.starts_at, end: r.ends_at } };
  }
  return { ...base, lead: { ...person(who, shape), email: r.contact_email }, start: r.starts_at, duration_minutes: r.duration_minutes };
}

const RESHAPERS: Record<string, (r: Row, shape: ResponseShape) => Row> = {
  emailsToValidate: emailToValidate,
  emailsToHandle: prospectOf,
  listEmails: prospectOf,
  listLetters: prospectOf,
  lettersToValidate: prospectOf,
  listContacts: contact,
  calendarEvents: meeting,
};

/** The route's answer in the chosen named shape; other routes and shapes are left as they are. */
export function reshape(route: string, body: unknown, shape: string | undefined): unknown {
  const fn = RESHAPERS[route];
  if (!(RESPONSE_SHAPES as readonly unknown[]).includes(shape) || !fn || typeof body !== 'object' || body === null) return body;
  const data = (body as Row).data;
  if (!Array.isArray(data)) return body;
  return { ...body, data: data.map((r: unknown) => (typeof r === 'object' && r !== null ? fn(r as Row, shape as ResponseShape) : r)) };
}
