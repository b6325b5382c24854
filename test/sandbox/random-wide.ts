// What the random shape also draws since issue 37 (random-shape.ts, `extra`): a record's fields in a
// wrapper object beside its id; its agent and person embedded as objects, or given once beside the
// list and referenced by `{type, id}`; other common words for fields the spec does not name (family
// words); 0-based page numbers; bodies without a success indicator; error bodies in several common
// forms (JSON:API, OData, google.rpc.Status, RFC 9457 problem details, FastAPI's `detail`).
import { aipError } from './conventions/aip';
import { jsonApiError } from './conventions/jsonapi';
import { odataError } from './conventions/odata';
import { fieldProblems, isRow, type Row } from './conventions/resources';

export const RECORD_WRAPPERS = [null, 'attributes', 'fields', 'properties', 'data', 'node', 'values'] as const;
export const RELATED = ['inline', 'embedded', 'referenced'] as const;
export const ERROR_FORMS = ['own', 'jsonapi', 'odata', 'google', 'problem', 'fastapi'] as const;

export interface WideDraws {
  /** The key of the object holding a record's fields beside its id; null: at the record. */
  recordWrapper: (typeof RECORD_WRAPPERS)[number];
  /** A record's agent (and person): as the sandbox writes them, as objects in it, or referenced. */
  related: (typeof RELATED)[number];
  /** Which word of each family (0: the sandbox's own; 1 to 3: others), per field. */
  family: number;
  zeroBased: boolean;
  noIndicator: boolean;
  errorForm: (typeof ERROR_FORMS)[number];
}

export function drawWide(random: () => number): WideDraws {
  const pick = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)]!;
  return {
    recordWrapper: pick(RECORD_WRAPPERS),
    related: pick(RELATED),
    family: Math.floor(random() * 4),
    zeroBased: random() < 0.3,
    noIndicator: random() < 0.3,
    errorForm: pick(ERROR_FORMS),
  };
}

const omit = (r: Row, keys: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

/** Family words: for each field the spec does not name, three other words services use (index 1 to 3). */
const FAMILIES: Record<string, Array<(v: unknown) => [string, unknown]>> = {
  company: [(v) => ['organization', v === null ? null : { label: v }], (v) => ['employer', v], (v) => ['organization_name', v]],
  subject: [(v) => ['heading', v], (v) => ['topic', v], (v) => ['title', v]],
  content: [(v) => ['text', v], (v) => ['html', v], (v) => ['body', v]],
  blocks: [(v) => ['parts', v], (v) => ['sections', v], (v) => ['paragraphs', v]],
  job: [(v) => ['headline', v], (v) => ['position', v], (v) => ['role', v]],
};
/** An agent's own name (in the account's list). */
const AGENT_NAME: Array<(v: unknown) => [string, unknown]> = [(v) => ['display_name', v], (v) => ['label', v], (v) => ['title', v]];

function familyWords(r: Row, family: number, agent = false): Row {
  if (!family) return r;
  const out: Row = {};
  for (const [k, v] of Object.entries(r)) {
    const words = agent && k === 'name' ? AGENT_NAME : FAMILIES[k];
    const [key, value] = words
      ? words[family - 1]!(v)
      : [k, isRow(v) && !['messages', 'metadata', 'custom_variables'].includes(k) ? familyWords(v, family) : v];
    out[key] = value;
  }
  if (family === 1 && 'starts_at' in out) return { ...omit(out, ['starts_at', 'ends_at']), when: { start: out.starts_at, end: out.ends_at } };
  return out;
}

const ID_KEYS = ['id', 'lead_id', 'email_id', 'agent_id'];

/** A record's fields under the wrapper, its id (the first of its id keys) beside it. */
function wrapped(r: Row, key: string | null): Row {
  const id = ID_KEYS.find((k) => k in r);
  if (!key || !id) return r;
  return { [id]: r[id], [key]: omit(r, [id]) };
}

/** A record's agent as an object (embedded) or a reference `{type, id}` to one given beside the list. */
function relate(r: Row, related: WideDraws['related'], beside: Map<string, Row>): Row {
  if (related === 'inline' || typeof r.agent_id !== 'string') return r;
  const agent = { id: r.agent_id, name: r.agent_name ?? null };
  const base = omit(r, ['agent_id', 'agent_name']);
  if (related === 'embedded') return { ...base, agent };
  beside.set(`agent/${agent.id}`, { type: 'agent', ...agent });
  const out: Row = { ...base, agent: { type: 'agent', id: agent.id } };
  for (const key of ['prospect', 'contact']) {
    const p = r[key];
    const pid = isRow(p) ? (p.id ?? r.lead_id) : undefined;
    if (isRow(p) && typeof pid === 'string') {
      beside.set(`contact/${pid}`, { type: 'contact', id: pid, ...omit(p, ['id']) });
      out[key] = { type: 'contact', id: pid };
    }
  }
  return out;
}

/** Records in the wide draws: family words, related records embedded or referenced, then the wrapper. Related records given beside go to `beside`. */
export function wideRecord(route: string, r: unknown, wide: WideDraws, beside: Map<string, Row>): unknown {
  if (!isRow(r)) return r;
  let out = familyWords(r, wide.family);
  if (route === 'account' && Array.isArray(out.agents)) out = { ...out, agents: (out.agents as Row[]).map((a) => familyWords(a, wide.family, true)) };
  out = relate(out, wide.related, beside);
  return wrapped(out, wide.recordWrapper);
}

/** An error body `{success: false, message, …}` in the drawn common form. */
export function wideError(status: number, body: unknown, form: WideDraws['errorForm']): unknown {
  if (!isRow(body) || form === 'own') return body;
  if (form === 'jsonapi') return omit(jsonApiError(status, body), ['jsonapi']);
  if (form === 'odata') return odataError(status, body);
  if (form === 'google') return aipError(status, body);
  const problems = status === 422 ? fieldProblems(body) : [];
  if (form === 'fastapi') {
    return {
      detail: problems.length ? problems.map((p) => ({ loc: ['body', p.field], msg: p.message, type: p.missing ? 'missing' : 'value_error' })) : body.message,
    };
  }
  return {
    type: 'about:blank',
    title: String(body.message ?? ''),
    status,
    detail: String(body.message ?? ''),
    ...(problems.length ? { invalid_params: problems.map((p) => ({ name: p.field, reason: p.message })) } : {}),
  };
}
