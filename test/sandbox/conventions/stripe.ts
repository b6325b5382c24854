// Stripe's API style (docs.stripe.com/api): every object carries `object` (its singular snake_case
// type) and an id prefixed by its type (the sandbox's own: `em_…`, `ld_…`, `ag_…`), `livemode`;
// times are epoch seconds, `created_at` is `created`. A reference to another object is its bare id
// (`agent: "ag_…"`, `contact: "ld_…"`), expandable with `expand[]=agent` (`expand[]=data.agent` on
// a list) into the object; what the record says of its person is copied beside it, as an invoice's
// `customer_name` and a session's `customer_details` are, under `contact_details` with one `name`.
// A list is `{object: "list", data, has_more, url}` (no total), paged by `limit` and the cursors
// `starting_after`/`ending_before` (an object id), a sub-list (the account's agents, a reflex's
// executions) a list object too. A deletion answers `{id, object, deleted: true}`. Errors are
// `{error: {type, code, message, param, doc_url}}`: Stripe names one `param` a time, so a 422 names
// its first field in `param` and all of them in its message. HTTP statuses stay the spec's.
import { fieldProblems, isRow, type Neutral, type Resource, type Row } from './resources';

const OBJECTS: Record<string, string> = {
  agents: 'agent',
  contacts: 'contact',
  emails: 'email',
  emailDrafts: 'email_draft',
  emailDecisions: 'email_decision',
  replies: 'reply',
  letters: 'letter',
  blocklistEntries: 'blocklist_entry',
  calendarEvents: 'calendar_event',
  reflexes: 'reflex',
  reflexExecutions: 'reflex_execution',
  agentStats: 'agent_stats',
  agentSettings: 'agent_settings',
  targetings: 'targeting',
  users: 'user',
  networkActions: 'network_action',
  weeklyStats: 'weekly_stats',
};
const objectOf = (type: string) => OBJECTS[type] ?? type;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DATA_KEYS = new Set(['messages', 'custom_variables', 'custom_messages', 'metadata']);

/** Times as epoch seconds, deep; data maps as written. */
function epochs(value: unknown, key = ''): unknown {
  if (DATA_KEYS.has(key)) return value;
  if (Array.isArray(value)) return value.map((v) => epochs(v));
  if (isRow(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === 'created_at' ? 'created' : k, epochs(v, k)]));
  return typeof value === 'string' && ISO.test(value) ? Math.floor(Date.parse(value) / 1000) : value;
}

const whole = (a: Row) => [a.firstname, a.lastname].filter((x) => typeof x === 'string' && x).join(' ') || null;
const details = ({ firstname, lastname, name, ...a }: Row): Row => ({ name: name ?? whole({ firstname, lastname }), ...a });

/** Which references to expand (`agent`, `contact`…), from `expand[]`, a list's written `data.agent`. */
const expansions = (url: URL): Set<string> =>
  new Set([...url.searchParams.getAll('expand[]'), ...url.searchParams.getAll('expand')].map((e) => e.replace(/^data\./, '')));

const list = (data: Row[], url: string, hasMore = false): Row => ({ object: 'list', data, has_more: hasMore, url });

function object(r: Resource, expand: Set<string>): Row {
  // A singleton (as Stripe's balance) has no id.
  const out: Row = { ...(r.type === 'weeklyStats' ? {} : { id: r.id }), object: objectOf(r.type), ...(epochs(r.attrs) as Row) };
  for (const [k, v] of Object.entries(r.rels)) {
    if (Array.isArray(v))
      out[k] = list(
        v.map((x) => object(x, expand)),
        `/api/api/${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
      );
    else if (v === null) out[k] = null;
    else if (expand.has(k)) out[k] = object(v, expand);
    else {
      out[k] = v.id;
      if (v.type === 'contacts' && Object.keys(v.attrs).length) out[`${k}_details`] = epochs(details(v.attrs));
    }
  }
  out.livemode = false;
  return out;
}

/** The page's size a cursor asked for: the network's `limit` is moved aside (stripeRequest). */
const sizeOf = (url: URL) => Number(url.searchParams.get('stripe_limit') ?? url.searchParams.get('limit') ?? 10);

/** The records after, or before, the cursor; undefined without a cursor, null when it is none of them. */
function window(items: Resource[], url: URL): { items: Resource[]; hasMore: boolean } | undefined | null {
  const after = url.searchParams.get('starting_after');
  const before = url.searchParams.get('ending_before');
  if (!after && !before) return undefined;
  const limit = sizeOf(url);
  const at = items.findIndex((r) => r.id === (after ?? before));
  if (at < 0) return null;
  if (after) return { items: items.slice(at + 1, at + 1 + limit), hasMore: at + 1 + limit < items.length };
  return { items: items.slice(Math.max(0, at - limit), at), hasMore: at - limit > 0 };
}

export function stripeAnswer(route: string, neutral: Neutral, url: URL): { status: number; body: Row } {
  const expand = expansions(url);
  const extra = epochs(neutral.extra) as Row;
  if (neutral.kind === 'one') return { status: 200, body: { ...object(neutral.item, expand), ...extra } };
  if (route === 'removeBlocklist') {
    const gone = neutral.items.map((r) => ({ id: r.id, object: 'blocklist_entry', deleted: true }));
    return { status: 200, body: gone.length === 1 ? gone[0]! : { ...list(gone, url.pathname), ...extra } };
  }
  const cursor = window(neutral.items, url);
  if (cursor === null) {
    const id = url.searchParams.get('starting_after') ?? url.searchParams.get('ending_before');
    const param = url.searchParams.has('starting_after') ? 'starting_after' : 'ending_before';
    return { status: 400, body: stripeError(400, { message: `No such ${objectOf(neutral.type)}: '${id}'` }, 'resource_missing', param) };
  }
  const p = neutral.page;
  const items = cursor?.items ?? neutral.items;
  const hasMore = cursor ? cursor.hasMore : p ? p.page < p.last : false;
  return {
    status: 200,
    body: {
      ...list(
        items.map((r) => object(r, expand)),
        url.pathname,
        hasMore,
      ),
      ...extra,
    },
  };
}

const CODES: Record<number, [string, string]> = {
  400: ['invalid_request_error', 'parameter_invalid'],
  401: ['invalid_request_error', 'api_key_invalid'],
  403: ['invalid_request_error', 'resource_locked'],
  404: ['invalid_request_error', 'resource_missing'],
  405: ['invalid_request_error', 'method_not_allowed'],
  409: ['invalid_request_error', 'resource_conflict'],
  422: ['invalid_request_error', 'parameter_missing'],
  429: ['invalid_request_error', 'rate_limit'],
};

export function stripeError(status: number, body: Row, code?: string, param?: string): Row {
  const problems = status === 422 ? fieldProblems(body) : [];
  const [type, fallback] = CODES[status] ?? ['api_error', 'api_error'];
  const error: Row = { type, code: code ?? (problems[0] && !problems[0].missing ? 'parameter_invalid_string' : fallback) };
  if (problems.length) {
    const missing = problems.filter((p) => p.missing).map((p) => p.field);
    const invalid = problems.filter((p) => !p.missing).map((p) => p.field);
    error.message = [missing.length ? `Missing required param: ${missing.join(', ')}.` : '', invalid.length ? `Invalid param: ${invalid.join(', ')}.` : '']
      .filter(Boolean)
      .join(' ');
    error.param = problems[0]!.field;
  } else {
    error.message = String(body.message ?? '');
    if (param) error.param = param;
  }
  error.doc_url = `https://sandbox.invalid/docs/error-codes/${String(error.code).replaceAll('_', '-')}`;
  return { error };
}

/**
 * Stripe's page words: `limit` is the page's size; with a cursor the sandbox reads its whole first
 * page (the route's largest) and `stripeAnswer` cuts the records after (or before) it.
 */
export function stripeRequest(query: URLSearchParams, path: string): void {
  const cursor = query.has('starting_after') || query.has('ending_before');
  if (cursor && path.startsWith('/api/network/')) {
    query.set('stripe_limit', query.get('limit') ?? '10');
    query.set('limit', '100');
    return;
  }
  if (cursor) {
    query.set('page', '1');
    query.set('per_page', path.endsWith('/calendar-events') ? '50' : '100');
    return;
  }
  const limit = query.get('limit');
  if (limit !== null && !query.has('per_page') && !path.startsWith('/api/network/')) query.set('per_page', limit);
}
