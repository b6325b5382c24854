// JSON:API 1.1 (jsonapi.org/format/1.1): every record a resource object `{type, id, attributes,
// relationships}`, its agent and its person given once in `included` and referenced by `{type, id}`;
// camelCase member names (the format's recommendation); lists paged by `page[number]`/`page[size]`
// with `links` (first, prev, next, last) and `meta.page` (Laravel JSON:API's words); errors as
// `errors: [{status, title, detail, source: {pointer}}]`; media type application/vnd.api+json.
// Words the spec does not name, as such a service plausibly would: an agent's `title`, a person's
// `firstName`/`lastName`, a company as `organization: {label}`, a job as `headline`, an email's
// `heading` and `text`, a letter's `parts: [{id, text}]`, a meeting's `when: {start, end}`; `type`
// and `id` are reserved members, so a blocklist entry's type is its `kind`, a reply's its `replyType`.
import { camel, camelDeep, fieldProblems, memberName, relatedOf, type Neutral, type Resource, type Row, HTTP_REASONS } from './resources';

const FAMILY: Record<string, (a: Row) => Row> = {
  agents: ({ name, ...a }) => ({ ...a, ...(name !== undefined ? { title: name } : {}) }),
  contacts: ({ job, company, ...a }) => ({
    ...a,
    ...(job !== undefined ? { headline: job } : {}),
    ...(company !== undefined ? { organization: company === null ? null : { label: company } } : {}),
  }),
  users: ({ company, ...a }) => ({ ...a, organization: { label: company } }),
  emails: ({ subject, content, ...a }) => ({
    ...a,
    ...(subject !== undefined ? { heading: subject } : {}),
    ...(content !== undefined ? { text: content } : {}),
  }),
  emailDrafts: ({ subject, ...a }) => ({ ...a, heading: subject }),
  letters: ({ blocks, ...a }) => ({ ...a, parts: ((blocks as Row[] | undefined) ?? []).map((b) => ({ id: b.id, text: b.content })) }),
  calendarEvents: ({ starts_at, ends_at, ...a }) => ({ ...a, when: { start: starts_at, end: ends_at } }),
  blocklistEntries: ({ type, ...a }) => ({ ...a, kind: type }),
  replies: ({ type, ...a }) => ({ ...a, reply_type: type }),
};

const PERSON = (a: Row): Row => {
  const { firstname, lastname, ...rest } = a;
  return { ...rest, ...(firstname !== undefined ? { first_name: firstname } : {}), ...(lastname !== undefined ? { last_name: lastname } : {}) };
};

function attributes(r: Resource): Row {
  const words = FAMILY[r.type] ?? ((a: Row) => a);
  const a = r.type === 'contacts' || r.type === 'users' ? PERSON(r.attrs) : r.attrs;
  return camelDeep(words(a)) as Row;
}

const identifier = (r: Resource) => ({ type: r.type, id: r.id });

function resource(r: Resource): Row {
  const relationships = Object.fromEntries(
    Object.entries(r.rels).map(([k, v]) => [camel(k), { data: Array.isArray(v) ? v.map(identifier) : v ? identifier(v) : null }]),
  );
  return { type: r.type, id: r.id, attributes: attributes(r), ...(Object.keys(relationships).length ? { relationships } : {}) };
}

/** The request's query with page[number] and page[size] set, and the spec's own page words dropped. */
function pageLink(url: URL, page: number, size: number): string {
  const q = new URLSearchParams(url.search);
  for (const k of ['page', 'per_page', 'page[number]', 'page[size]']) q.delete(k);
  q.set('page[number]', String(page));
  q.set('page[size]', String(size));
  return `${url.pathname}?${q.toString()}`;
}

export function jsonApiAnswer(neutral: Neutral, url: URL): Row {
  const items = neutral.kind === 'list' ? neutral.items : [neutral.item];
  const included = relatedOf(items).map(resource);
  const meta = camelDeep(neutral.extra) as Row;
  const out: Row = { jsonapi: { version: '1.1' } };
  if (neutral.kind === 'list') {
    out.data = neutral.items.map(resource);
    const p = neutral.page;
    if (p) {
      const last = Math.max(1, p.last);
      out.links = {
        self: pageLink(url, p.page, p.perPage),
        first: pageLink(url, 1, p.perPage),
        prev: p.page > 1 ? pageLink(url, p.page - 1, p.perPage) : null,
        next: p.page < last ? pageLink(url, p.page + 1, p.perPage) : null,
        last: pageLink(url, last, p.perPage),
      };
      meta.page = { currentPage: p.page, perPage: p.perPage, total: p.total, lastPage: p.last };
    }
  } else {
    out.data = resource(neutral.item);
  }
  if (included.length) out.included = included;
  if (Object.keys(meta).length) out.meta = meta;
  return out;
}

export function jsonApiError(status: number, body: Row): Row {
  const title = HTTP_REASONS[status] ?? 'Error';
  const problems = status === 422 ? fieldProblems(body) : [];
  const errors = problems.length
    ? problems.map((p) => ({
        status: String(status),
        code: p.missing ? 'required' : 'invalid',
        title: p.missing ? 'Missing attribute' : 'Invalid attribute',
        detail: p.message,
        source: { pointer: `/data/attributes/${memberName(p.field).replaceAll('.', '/')}` },
      }))
    : [{ status: String(status), title, detail: String(body.message ?? title) }];
  return { jsonapi: { version: '1.1' }, errors };
}

/** The spec's page words from JSON:API's (page[number], page[size]); a body `{data: {attributes}}` read as its attributes. */
export function jsonApiRequest(query: URLSearchParams, body: Row): Row {
  const number = query.get('page[number]');
  const size = query.get('page[size]');
  if (number !== null && !query.has('page')) query.set('page', number);
  if (size !== null && !query.has('per_page')) query.set('per_page', size);
  const data = body.data as Row | undefined;
  return data && typeof data === 'object' && data.attributes && typeof data.attributes === 'object' ? { ...(data.attributes as Row) } : body;
}
