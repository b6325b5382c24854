// Spring Data REST's HAL (application/hal+json, RFC draft-kelly-json-hal): a record carries no id
// field, its identity is its `_links.self.href` (an absolute URL), and its related records are
// `_links.<rel>.href` (their own URLs, as a projection would link them) with their data, when the
// record brings it, in its `_embedded.<rel>`; a list is `{_embedded: {<collection>: [...]}, _links:
// {self, first, prev, next, last}, page: {size, totalElements, totalPages, number}}`, `number`
// 0-based and the links written with Spring's `page` (0-based) and `size`; an empty list keeps its
// `_embedded` with an empty array (as Spring Data REST renders one). Jackson's camelCase fields;
// times as Spring Boot writes a java.util.Date (`2026-03-10T09:00:00.000+00:00`). A write's own
// words (its message, the credits consumed) sit beside the record's fields. Errors as Spring
// Boot's `{timestamp, status, error, message, path}`, a 422 adding binding `errors: [{objectName,
// field, rejectedValue, defaultMessage, code}]`. Creating answers 201 with a Location header; a
// deletion 204 without a body. The records' actions are links too (`validate`, `reject`, `block`…).
import { camel, camelDeep, fieldProblems, isRow, type Neutral, type Resource, type Row, HTTP_REASONS } from './resources';

const SPRING_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?Z$/;
const springTime = (v: unknown) => {
  const m = typeof v === 'string' ? SPRING_TIME.exec(v) : null;
  return m ? `${m[1]}${(m[2] ?? '.000').slice(0, 4).padEnd(4, '0')}+00:00` : v;
};

/** Every ISO time in a value as Spring Boot writes it. */
function times(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(times);
  if (isRow(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, times(v)]));
  return springTime(value);
}

/** Where each type of record lives: its self link, from which a client learns its id. */
const PATHS: Record<string, (id: string) => string> = {
  agents: (id) => `/api/api/agents/${id}`,
  contacts: (id) => `/api/api/contacts/${id}`,
  emails: (id) => `/api/api/emails/${id}`,
  emailDrafts: (id) => `/api/api/emails/to-validate/${id}`,
  emailDecisions: (id) => `/api/api/emails/decisions/${id}`,
  replies: (id) => `/api/api/emails/${id}/reply`,
  letters: (id) => `/api/api/letters/${id}`,
  blocklistEntries: (id) => `/api/api/blocklist/${id}`,
  calendarEvents: (id) => `/api/api/calendar-events/${id}`,
  reflexes: (id) => `/api/api/reflexes/${id}`,
  reflexExecutions: (id) => `/api/api/reflex-executions/${id}`,
  agentStats: (id) => `/api/api/agents/${id}/stats`,
  agentSettings: (id) => `/api/api/campaigns/${id}/settings`,
  targetings: (id) => `/api/api/targetings/${id}`,
  users: (id) => `/api/api/users/${id}`,
  networkActions: (id) => `/api/network/actions/${id}`,
  weeklyStats: () => '/api/network/weekly-stats',
};

/** The operations a record offers, as Spring HATEOAS affordances would link them. */
const ACTIONS: Record<string, Record<string, (id: string) => string>> = {
  contacts: { block: (id) => `/api/api/contacts/${id}/block` },
  emailDrafts: { validate: (id) => `/api/api/emails/validate/${id}`, reject: (id) => `/api/api/emails/reject/${id}` },
  emails: { validateResponse: (id) => `/api/api/emails/validate-response/${id}`, skipResponse: (id) => `/api/api/emails/skip-response/${id}` },
  letters: { validate: (id) => `/api/api/letters/validate/${id}`, reject: (id) => `/api/api/letters/reject/${id}` },
  networkActions: {
    sent: (id) => `/api/network/actions/${id}/sent`,
    failed: (id) => `/api/network/actions/${id}/failed`,
    message: (id) => `/api/network/actions/${id}/message`,
  },
};

const halSelf = (r: Resource, origin: string) => `${origin}${(PATHS[r.type] ?? ((id: string) => `/api/api/${r.type}/${id}`))(r.id)}`;
const href = (url: string) => ({ href: url });

/** A record as Spring Data REST writes it: its fields, its `_embedded` related records, its `_links`. */
function entity(r: Resource, origin: string): Row {
  const self = halSelf(r, origin);
  const links: Row = { self: href(self) };
  const embedded: Row = {};
  for (const [k, v] of Object.entries(r.rels)) {
    if (v === null) continue;
    const rel = camel(k);
    if (Array.isArray(v)) {
      embedded[rel] = v.map((x) => entity(x, origin));
    } else {
      links[rel] = href(halSelf(v, origin));
      if (Object.keys(v.attrs).length || Object.keys(v.rels).length) embedded[rel] = entity(v, origin);
    }
  }
  for (const [name, path] of Object.entries(ACTIONS[r.type] ?? {})) links[name] = href(`${origin}${path(r.id)}`);
  const own = times(camelDeep(r.attrs)) as Row;
  return { ...own, ...(Object.keys(embedded).length ? { _embedded: embedded } : {}), _links: links };
}

/** The request's address with Spring's page words (0-based `page`, `size`), the spec's dropped. */
function pageHref(url: URL, origin: string, zeroBased: number, size: number): string {
  const q = new URLSearchParams(url.search);
  for (const k of ['page', 'per_page', 'size']) q.delete(k);
  q.set('page', String(zeroBased));
  q.set('size', String(size));
  return `${origin}${url.pathname}?${q.toString()}`;
}

export function halAnswer(neutral: Neutral, url: URL, origin: string): { body: Row; location?: string } {
  const extra = times(camelDeep(neutral.extra)) as Row;
  if (neutral.kind === 'one') {
    return { body: { ...extra, ...entity(neutral.item, origin) }, location: halSelf(neutral.item, origin) };
  }
  const out: Row = { _embedded: { [neutral.type]: neutral.items.map((r) => entity(r, origin)) } };
  const p = neutral.page;
  if (!p) return { body: { ...out, _links: { self: href(`${origin}${url.pathname}${url.search}`) }, ...extra } };
  const last = Math.max(1, p.last);
  const links: Row = { first: href(pageHref(url, origin, 0, p.perPage)) };
  if (p.page > 1) links.prev = href(pageHref(url, origin, p.page - 2, p.perPage));
  links.self = href(pageHref(url, origin, p.page - 1, p.perPage));
  if (p.page < last) links.next = href(pageHref(url, origin, p.page, p.perPage));
  links.last = href(pageHref(url, origin, last - 1, p.perPage));
  links.profile = href(`${origin}/api/profile/${neutral.type}`);
  return { body: { ...out, _links: links, page: { size: p.perPage, totalElements: p.total, totalPages: p.last, number: p.page - 1 }, ...extra } };
}

export function halError(status: number, body: Row, url: URL, now: string): Row {
  const problems = status === 422 ? fieldProblems(body) : [];
  const out: Row = {
    timestamp: springTime(now),
    status,
    error: HTTP_REASONS[status] ?? 'Internal Server Error',
    message: String(body.message ?? ''),
    path: url.pathname,
  };
  if (problems.length) {
    out.errors = problems.map((p) => ({
      objectName: 'request',
      field: p.field,
      rejectedValue: null,
      defaultMessage: p.message,
      code: p.missing ? 'NotNull' : 'Invalid',
    }));
  }
  return out;
}

/** Spring's page words: `size`, and with it a 0-based `page`; a `page` alone is the spec's (1-based). */
export function halRequest(query: URLSearchParams): void {
  const size = query.get('size');
  if (size === null || query.has('per_page')) return;
  query.set('per_page', size);
  const page = query.get('page');
  if (page !== null && /^\d+$/.test(page)) query.set('page', String(Number(page) + 1));
}
