// OData v4 as the Microsoft REST API guidelines and Microsoft Graph write it: a collection is
// `{"@odata.context", "@odata.count", value: [...], "@odata.nextLink"}` paged by `$top`/`$skip` (the
// next link carries them); one entity is the body itself with its `@odata.context`; related records
// expanded in place (`$expand`: `agent: {id, displayName}`, the person under `contact`); camelCase
// properties; times as `…DateTime` (`createdDateTime`, `lastModifiedDateTime`), a meeting's start
// and end as Graph's `{dateTime, timeZone}`; an email's `body: {contentType, content}` and
// `from: {emailAddress: {address}}`; a person's `givenName`, `surname`, `jobTitle`, `companyName`;
// an agent's `displayName`. Errors: `{error: {code, message, target, details: [{code, target,
// message}]}}`. A deletion answers 204 without a body. What the spec adds beyond the entity
// (a write's message, the credits consumed, the filters applied) is an instance annotation
// (`@sandbox.message`).
import { camel, camelDeep, fieldProblems, memberName, type Neutral, type Resource, type Row } from './resources';

/** `created_at` → `createdDateTime`, `updated_at` → `lastModifiedDateTime`, `x_at` → `xDateTime`. */
const timeKey = (k: string) => (k === 'updated_at' ? 'last_modified_date_time' : k.endsWith('_at') ? `${k.slice(0, -3)}_date_time` : k);
const graphTime = (v: unknown) => (typeof v === 'string' ? { dateTime: v.replace(/(\.\d+)?Z$/, '.0000000'), timeZone: 'UTC' } : v);
const address = (v: unknown) => (typeof v === 'string' ? { emailAddress: { address: v } } : v);

const FAMILY: Record<string, (a: Row) => Row> = {
  agents: ({ name, ...a }) => ({ ...a, ...(name !== undefined ? { display_name: name } : {}) }),
  contacts: ({ firstname, lastname, job, company, email, ...a }) => ({
    ...a,
    ...(firstname !== undefined ? { given_name: firstname } : {}),
    ...(lastname !== undefined ? { surname: lastname } : {}),
    ...(job !== undefined ? { job_title: job } : {}),
    ...(company !== undefined ? { company_name: company } : {}),
    ...(email !== undefined ? { mail: email } : {}),
  }),
  emails: ({ content, from, to, date, ...a }) => ({
    ...a,
    ...(content !== undefined ? { body: { content_type: 'text', content } } : {}),
    ...(from !== undefined ? { from: address(from) } : {}),
    ...(to !== undefined ? { to_recipients: to === null ? [] : [address(to)] } : {}),
    ...(date !== undefined ? { received_date_time: date } : {}),
  }),
  calendarEvents: ({ starts_at, ends_at, ...a }) => ({ ...a, start: graphTime(starts_at), end: graphTime(ends_at) }),
};
FAMILY.users = FAMILY.contacts!;

function entity(r: Resource): Row {
  const words = FAMILY[r.type] ?? ((a: Row) => a);
  const own = Object.fromEntries(Object.entries(words(r.attrs)).map(([k, v]) => [timeKey(k), v]));
  const out: Row = { id: r.id, ...(camelDeep(own) as Row) };
  for (const [k, v] of Object.entries(r.rels)) out[camel(k)] = Array.isArray(v) ? v.map(entity) : v ? entity(v) : null;
  return out;
}

const annotations = (extra: Row): Row => Object.fromEntries(Object.entries(camelDeep(extra) as Row).map(([k, v]) => [`@sandbox.${k}`, v]));

export function odataAnswer(neutral: Neutral, url: URL, origin: string): Row {
  const context = `${origin}/api/$metadata#${neutral.kind === 'list' ? neutral.type : `${neutral.item.type}/$entity`}`;
  if (neutral.kind === 'one') return { '@odata.context': context, ...entity(neutral.item), ...annotations(neutral.extra) };
  const out: Row = { '@odata.context': context };
  const p = neutral.page;
  if (p) out['@odata.count'] = p.total;
  out.value = neutral.items.map(entity);
  if (p && p.page < p.last) {
    const q = new URLSearchParams(url.search);
    for (const k of ['page', 'per_page', '$top', '$skip']) q.delete(k);
    q.set('$top', String(p.perPage));
    q.set('$skip', String(p.page * p.perPage));
    out['@odata.nextLink'] = `${origin}${url.pathname}?${q.toString().replaceAll('%24', '$')}`;
  }
  return { ...out, ...annotations(neutral.extra) };
}

const CODES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  422: 'ValidationFailed',
  429: 'TooManyRequests',
};

export function odataError(status: number, body: Row): Row {
  const problems = status === 422 ? fieldProblems(body) : [];
  const error: Row = { code: CODES[status] ?? 'InternalServerError', message: String(body.message ?? '') };
  if (problems.length) {
    error.target = memberName(problems[0]!.field);
    error.details = problems.map((p) => ({ code: p.missing ? 'MissingProperty' : 'InvalidProperty', target: memberName(p.field), message: p.message }));
  }
  return { error };
}

/** The spec's page words from OData's `$top` and `$skip`. */
export function odataRequest(query: URLSearchParams): void {
  const top = Number(query.get('$top'));
  const skip = Number(query.get('$skip') ?? 0);
  if (query.has('$top') && !query.has('per_page')) query.set('per_page', String(top));
  if (query.has('$skip') && !query.has('page') && top > 0) query.set('page', String(Math.floor(skip / top) + 1));
}
