// The sandbox's own answers (app.ts, account-routes.ts) as resources, for the service shapes written
// from public conventions (jsonapi.ts, odata.ts, aip.ts): each record becomes a typed resource with
// its own fields and its related records (its agent, its person, its parts) set apart, so that each
// convention can write them its own way (included and referenced, expanded, or named). The values
// stay the sandbox's own: the rules (state, faults, rate limit) are the sandbox's, once.

export type Row = Record<string, unknown>;

/** One record: its type (plural, camelCase, as JSON:API would name it), id, own fields and related records. */
export interface Resource {
  type: string;
  id: string;
  attrs: Row;
  rels: Record<string, Resource | Resource[] | null>;
}

/** A list's page in the sandbox's own words (1-based). */
interface Page {
  page: number;
  perPage: number;
  total: number;
  last: number;
}

export type Neutral = { kind: 'list'; type: string; items: Resource[]; page: Page | undefined; extra: Row } | { kind: 'one'; item: Resource; extra: Row };

/** The reason phrases of the statuses the sandbox answers with, as the conventions' errors word them. */
export const HTTP_REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

export const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const omit = (r: Row, keys: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const agent = (r: Row): Resource | null =>
  typeof r.agent_id === 'string' ? { type: 'agents', id: r.agent_id, attrs: 'agent_name' in r ? { name: r.agent_name } : {}, rels: {} } : null;

const person = (id: unknown, attrs: Row): Resource | null => (typeof id === 'string' && id ? { type: 'contacts', id, attrs, rels: {} } : null);

/** A record of the route as a resource: its id, what is its own, what is related. */
const BUILDERS: Record<string, (r: Row) => Resource> = {
  listContacts: contact,
  addContact: contact,
  listEmails: email,
  emailsToHandle: email,
  emailsToValidate: (r) => ({
    type: 'emailDrafts',
    id: str(r.lead_id),
    attrs: omit(r, ['lead_id', 'agent_id', 'agent_name', 'firstname', 'lastname', 'job', 'company', 'email', 'identifier']),
    rels: {
      agent: agent(r),
      contact: person(r.lead_id, { firstname: r.firstname, lastname: r.lastname, job: r.job, company: r.company, email: r.email, identifier: r.identifier }),
    },
  }),
  listLetters: letter,
  lettersToValidate: letter,
  validateLetter: letter,
  rejectLetter: letter,
  listBlocklist: entry,
  addBlocklist: entry,
  removeBlocklist: entry,
  calendarEvents: (r) => ({
    type: 'calendarEvents',
    id: str(r.id),
    attrs: omit(r, ['id', 'agent_id', 'lead_id', 'contact_firstname', 'contact_lastname', 'contact_email']),
    rels: { agent: agent(r), contact: person(r.lead_id, { firstname: r.contact_firstname, lastname: r.contact_lastname, email: r.contact_email }) },
  }),
  agentReflexes: (r) => ({
    type: 'reflexes',
    id: str(r.id),
    attrs: omit(r, ['id', 'executions']),
    rels: {
      executions: ((r.executions as Row[] | undefined) ?? []).map((x) => ({
        type: 'reflexExecutions',
        id: str(x.id),
        attrs: omit(x, ['id', 'lead_id', 'prospect_name', 'company']),
        rels: { contact: person(x.lead_id, { name: x.prospect_name, company: x.company }) },
      })),
    },
  }),
  agentStats: (r) => ({ type: 'agentStats', id: str(r.agent_id), attrs: omit(r, ['agent_id']), rels: {} }),
  agentSettings: (r) => ({ type: 'agentSettings', id: str(r.agent_id), attrs: omit(r, ['agent_id']), rels: {} }),
  blockContact: (r) => ({
    type: 'contacts',
    id: str(r.lead_id),
    attrs: omit(r, ['lead_id', 'blocklist']),
    rels: { blocklistEntries: ((r.blocklist as Row[] | undefined) ?? []).map(entry) },
  }),
  validateEmail: decision,
  rejectEmail: decision,
  validateEmailResponse: (r) => ({
    type: 'replies',
    id: str(r.email_id),
    attrs: omit(r, ['email_id', 'lead_id', 'lead_status']),
    rels: { contact: person(r.lead_id, { status: r.lead_status }) },
  }),
  skipEmailResponse: (r) => ({ type: 'emails', id: str(r.email_id), attrs: omit(r, ['email_id']), rels: {} }),
  listActions: action,
  markSent: action,
  markFailed: action,
  updateMessage: action,
  weeklyStats: (r) => ({ type: 'weeklyStats', id: 'last-7-days', attrs: r, rels: {} }),
  account: (r) => {
    const user = r.user as Row;
    return {
      type: 'users',
      id: str(user.id),
      attrs: omit(user, ['id']),
      rels: { agents: ((r.agents as Row[] | undefined) ?? []).map((a) => ({ type: 'agents', id: str(a.id), attrs: omit(a, ['id']), rels: {} })) },
    };
  },
};

function contact(r: Row): Resource {
  const targeting = r.agent_targeting as Row | null | undefined;
  const rels: Resource['rels'] = {
    agent: agent(r),
    targeting: isRow(targeting) ? { type: 'targetings', id: str(targeting.id), attrs: omit(targeting, ['id']), rels: {} } : null,
  };
  if (Array.isArray(r.emails)) rels.emails = (r.emails as Row[]).map((e) => ({ type: 'emails', id: str(e.id), attrs: omit(e, ['id']), rels: {} }));
  return { type: 'contacts', id: str(r.id), attrs: omit(r, ['id', 'agent_id', 'agent_name', 'agent_targeting', 'emails']), rels };
}

function email(r: Row): Resource {
  return {
    type: 'emails',
    id: str(r.id),
    attrs: omit(r, ['id', 'lead_id', 'agent_id', 'agent_name', 'prospect']),
    rels: { agent: agent(r), contact: isRow(r.prospect) ? person(r.lead_id, r.prospect) : null },
  };
}

function letter(r: Row): Resource {
  const p = isRow(r.prospect) ? r.prospect : {};
  return {
    type: 'letters',
    id: str(r.id),
    attrs: omit(r, ['id', 'lead_id', 'lead_identifier', 'agent_id', 'agent_name', 'prospect']),
    rels: { agent: agent(r), contact: person(r.lead_id, { ...p, identifier: r.lead_identifier }) },
  };
}

function entry(r: Row): Resource {
  return { type: 'blocklistEntries', id: str(r.id), attrs: omit(r, ['id']), rels: {} };
}

function decision(r: Row): Resource {
  return { type: 'emailDecisions', id: str(r.lead_id), attrs: omit(r, ['lead_id']), rels: {} };
}

function action(r: Row): Resource {
  const c = isRow(r.contact) ? r.contact : {};
  return {
    type: 'networkActions',
    id: str(r.id),
    attrs: omit(r, ['id', 'agent_id', 'agent_name', 'contact']),
    rels: { agent: agent(r), contact: person(c.id, omit(c, ['id'])) },
  };
}

/** The sandbox's successful answer `{success, data, meta?, …}` as resources; undefined when it is not one. */
export function toResources(route: string, body: unknown): Neutral | undefined {
  const build = BUILDERS[route];
  if (!build || !isRow(body)) return undefined;
  const { success: _s, data, meta, ...extra } = body;
  if (route === 'removeBlocklist' && isRow(data)) {
    return { kind: 'list', type: 'blocklistEntries', items: ((data.removed as Row[]) ?? []).map(entry), page: undefined, extra: { ...extra, by: data.by } };
  }
  if (Array.isArray(data)) {
    const m = isRow(meta) && 'last_page' in meta ? meta : undefined;
    const page = m ? { page: Number(m.current_page), perPage: Number(m.per_page), total: Number(m.total), last: Number(m.last_page) } : undefined;
    const items = (data as Row[]).map(build);
    return { kind: 'list', type: items[0]?.type ?? build({}).type, items, page, extra };
  }
  if (!isRow(data)) return undefined;
  const out: Row = { ...extra };
  if (isRow(meta)) Object.assign(out, meta);
  if (route === 'account') out.leads_available_service = data.leads_available_service;
  return { kind: 'one', item: build(data), extra: out };
}

/** The related records of a resource, flat (each once, by type and id), for a list given beside the records. */
export function relatedOf(items: Resource[]): Resource[] {
  const seen = new Map<string, Resource>();
  const visit = (r: Resource) => {
    for (const rel of Object.values(r.rels)) {
      for (const x of Array.isArray(rel) ? rel : rel ? [rel] : []) {
        const key = `${x.type}/${x.id}`;
        const known = seen.get(key);
        seen.set(key, known ? { ...known, attrs: { ...known.attrs, ...x.attrs } } : x);
        visit(x);
      }
    }
  };
  for (const item of items) visit(item);
  return [...seen.values()];
}

/** camelCase of a snake_case key; other keys (data: field names) as they are. */
export const camel = (key: string) => (/^[a-z0-9_]+$/.test(key) ? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key);

/** Maps whose keys are data (names the client sends back): kept as written. */
export const DATA_MAPS = new Set(['messages', 'custom_variables', 'custom_messages', 'metadata', 'validation_errors']);

/** Every key camelCased, deep, except the keys of data maps and metadata. */
export function camelDeep(value: unknown, keyName = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => camelDeep(v));
  if (!isRow(value)) return value;
  if (DATA_MAPS.has(keyName)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), camelDeep(v, k)]));
}

/** The 422 of the sandbox as a list of fields with their message (missing first). */
export function fieldProblems(body: Row): Array<{ field: string; message: string; missing: boolean }> {
  const errors = isRow(body.validation_errors) ? body.validation_errors : {};
  const missing = Array.isArray(body.missing_fields) ? (body.missing_fields as string[]) : [];
  const invalid = Array.isArray(body.invalid_fields) ? (body.invalid_fields as string[]) : [];
  return [...missing.map((f) => ({ field: f, missing: true })), ...invalid.map((f) => ({ field: f, missing: false }))].map((p) => ({
    ...p,
    message: str(errors[p.field]) || `The ${p.field} field is invalid.`,
  }));
}

/** The name of the field as the shape's members spell it: the spec's words camelCased, dotted paths kept, custom variables as written. */
export const memberName = (field: string) => (field.startsWith('custom_') ? field : field.split('.').map(camel).join('.'));
