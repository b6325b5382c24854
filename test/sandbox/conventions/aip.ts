// Google's API Improvement Proposals, as their REST APIs answer in proto3 JSON: a resource is named
// by its path (AIP-122: `name: "contacts/ld_…"`, no other id) with a `displayName` (AIP-148);
// lifecycle in `state` with UPPER_SNAKE values (AIP-216), `createTime`/`updateTime` and `xTime`
// (AIP-142); a list is `{<collection>: [...], nextPageToken, totalSize}` (AIP-132, `pageSize` and
// an opaque `pageToken`); a reference to another resource is its name (`agent: "agents/ag_…"`),
// a person given with the record is a summary message (`contact: {name, displayName,
// organizations: [{name, title}]}`, as the People API writes a company and a job). proto3 JSON
// leaves out every field at its default (false, 0, "", null, an empty list): an empty list is `{}`.
// Errors are google.rpc.Status: `{error: {code, message, status, details: [{"@type": …BadRequest,
// fieldViolations: [{field, description}]}, {"@type": …ErrorInfo, reason}]}}`, the HTTP status the
// spec's. An email's subject is its `title` and its text `html`; a meeting's time an `interval:
// {startTime, endTime}`; a letter's block text `text`.
import { camel, DATA_MAPS, fieldProblems, isRow, type Neutral, type Resource, type Row } from './resources';

const ENUMS = new Set(['status', 'category', 'source', 'direction', 'meeting_mode', 'decision', 'lead_status', 'type']);
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const timeKey = (k: string) => (k === 'created_at' ? 'create_time' : k === 'updated_at' ? 'update_time' : k.endsWith('_at') ? `${k.slice(0, -3)}_time` : k);
const whole = (a: Row) => [a.firstname, a.lastname].filter((x) => typeof x === 'string' && x).join(' ') || null;

const person = ({ firstname, lastname, job, company, ...a }: Row): Row => ({
  ...a,
  display_name: whole({ firstname, lastname }),
  ...(company !== undefined || job !== undefined ? { organizations: [{ name: company ?? null, title: job ?? null }] } : {}),
});

const FAMILY: Record<string, (a: Row) => Row> = {
  agents: ({ name, ...a }) => ({ ...a, display_name: name }),
  contacts: person,
  users: ({ firstname, lastname, ...a }) => ({ ...a, given_name: firstname, family_name: lastname }),
  emails: ({ subject, content, ...a }) => ({ ...a, title: subject, html: content }),
  emailDrafts: ({ subject, ...a }) => ({ ...a, title: subject }),
  letters: ({ blocks, ...a }) => ({ ...a, blocks: ((blocks as Row[] | undefined) ?? []).map((b) => ({ id: b.id, text: b.content })) }),
  calendarEvents: ({ starts_at, ends_at, ...a }) => ({ ...a, interval: { start_time: starts_at, end_time: ends_at } }),
};

/** proto3 JSON: camelCase keys, enums in capitals, defaults left out; data maps' keys as written. */
function proto(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => proto(v)).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value === null || value === false || value === 0 || value === '') return undefined;
  if (ENUMS.has(key)) return upper(value);
  if (!isRow(value)) return value;
  if (key === 'metadata') return Object.keys(value).length ? value : undefined;
  const keep = DATA_MAPS.has(key);
  const entries = Object.entries(value)
    .map(([k, v]) => [keep ? k : camel(timeKey(k === 'status' ? 'state' : k)), proto(v, keep ? '' : k)] as const)
    .filter(([, v]) => v !== undefined);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const resourceName = (r: Resource) => `${r.type}/${r.id}`;

function message(r: Resource): Row {
  const words = FAMILY[r.type] ?? ((a: Row) => a);
  // `name` is the resource's: a name of its own is its display name.
  const { name, ...own } = words(r.attrs);
  const out: Row = { name: resourceName(r), ...(name !== undefined ? { display_name: name } : {}), ...own };
  for (const [k, v] of Object.entries(r.rels)) {
    // An agent is another top-level resource: referenced by name. A person, parts: given with it.
    out[k] = Array.isArray(v) ? v.map(message) : v === null ? null : v.type === 'agents' ? resourceName(v) : message(v);
  }
  return out;
}

const token = (page: number) => Buffer.from(`page:${page}`).toString('base64url');

export function aipAnswer(neutral: Neutral): Row {
  if (neutral.kind === 'one') {
    const item = message(neutral.item);
    if (neutral.item.type === 'users') item.leads_available_service = neutral.extra.leads_available_service;
    return (proto(item) as Row | undefined) ?? {};
  }
  const p = neutral.page;
  const out: Row = { [neutral.type]: neutral.items.map(message) };
  if (p && p.page < p.last) out.next_page_token = token(p.page + 1);
  if (p) out.total_size = p.total;
  if (isRow(neutral.extra.filters_applied)) out.filters_applied = neutral.extra.filters_applied;
  return (proto(out) as Row | undefined) ?? {};
}

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'UNIMPLEMENTED',
  409: 'FAILED_PRECONDITION',
  422: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
};

export function aipError(status: number, body: Row): Row {
  const problems = status === 422 ? fieldProblems(body) : [];
  const details: Row[] = [];
  if (problems.length) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: problems.map((p) => ({ field: p.field, description: p.message })),
    });
  }
  const reason = String(body.message ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'sandbox.invalid' });
  return { error: { code: status, message: String(body.message ?? ''), status: STATUS[status] ?? 'UNKNOWN', details } };
}

/** The spec's page words from AIP-158's `pageSize` and `pageToken`. */
export function aipRequest(query: URLSearchParams): void {
  const size = query.get('pageSize') ?? query.get('page_size');
  const pageToken = query.get('pageToken') ?? query.get('page_token');
  if (size !== null && !query.has('per_page')) query.set('per_page', size);
  const page = pageToken ? /^page:(\d+)$/.exec(Buffer.from(pageToken, 'base64url').toString())?.[1] : undefined;
  if (page && !query.has('page')) query.set('page', page);
}
