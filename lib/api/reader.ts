// The tolerant reader: the only place that knows how the service may spell things.
// Every variant accepted here is listed in docs/api-assumptions.md.
import type { Account, ActionList, Agent, NetworkAction, Prospect, WeeklyStats } from './schemas';
import { companyName, dropUndefined, first, isObj, num, personName, str, UnreadableError, type Obj } from './readers/fields';

export { UnreadableError };

// ---- envelope ----

const SUCCESS_WORDS = new Set(['success', 'ok']);
const FAILURE_WORDS = new Set(['error', 'fail']);

/** The success indicator: true, false, or undefined when the body has none. */
export function readSuccess(body: unknown): boolean | undefined {
  if (!isObj(body)) return undefined;
  for (const key of ['success', 'ok']) if (typeof body[key] === 'boolean') return body[key] as boolean;
  // A top-level `status` is an indicator only with these words: an action's own
  // status ("failed", "sent") may also stand at the top of a mark response.
  const status = typeof body.status === 'string' ? body.status.toLowerCase() : undefined;
  if (status && SUCCESS_WORDS.has(status)) return true;
  if (status && FAILURE_WORDS.has(status)) return false;
  if (body.error === true) return false;
  return undefined;
}

/** The human message of an error body, in the plausible places. */
export function readErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return str(body);
  if (!isObj(body)) return undefined;
  const direct = first(body, ['message', 'error', 'detail', 'error_description', 'msg'], str);
  if (direct) return direct;
  if (isObj(body.error)) return first(body.error, ['message', 'detail'], str);
  if (Array.isArray(body.errors)) {
    const e = body.errors[0];
    return str(e) ?? (isObj(e) ? first(e, ['message', 'detail'], str) : undefined);
  }
  return undefined;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => str(x)).filter((x): x is string => x !== undefined) : [];
}

/** The 422 fields: validation_errors (field to message or messages), missing_fields, invalid_fields. */
export function readValidation(body: unknown): {
  validationErrors: Record<string, string>;
  missingFields: string[];
  invalidFields: string[];
} {
  const o = isObj(body) ? body : {};
  const source = isObj(o.validation_errors) ? o.validation_errors : isObj(o.errors) ? o.errors : {};
  const validationErrors: Record<string, string> = {};
  for (const [field, value] of Object.entries(source)) {
    const text = Array.isArray(value) ? stringList(value).join(' ') : str(value);
    if (text) validationErrors[field] = text;
  }
  return {
    validationErrors,
    missingFields: stringList(o.missing_fields),
    invalidFields: stringList(o.invalid_fields),
  };
}

// ---- network actions ----

const LIST_KEYS = ['data', 'actions', 'network_actions', 'linkedin_actions', 'items', 'results', 'records'];

/** The array of records in a list response: bare, under a list key, or nested one level. */
function findList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isObj(body)) throw new UnreadableError('The list response is not JSON of a known shape');
  for (const k of LIST_KEYS) if (Array.isArray(body[k])) return body[k] as unknown[];
  for (const k of LIST_KEYS) {
    const inner = body[k];
    if (isObj(inner)) for (const j of LIST_KEYS) if (Array.isArray(inner[j])) return inner[j] as unknown[];
  }
  throw new UnreadableError('No list of actions found in the response (looked under data, actions, items, results)');
}

const PERSON_KEYS = ['lead', 'contact', 'prospect', 'person', 'profile'];
const URL_KEYS = ['network_url', 'linkedin_url', 'profile_url', 'linkedin_profile_url', 'public_profile_url', 'linkedin'];

function readProspect(action: Obj): Prospect {
  const nested = PERSON_KEYS.map((k) => action[k]).find(isObj);
  const sources = nested ? [nested, action] : [action];
  const pick = <T>(f: (o: Obj) => T | undefined): T | undefined => {
    for (const o of sources) {
      const v = f(o);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  return dropUndefined({
    // The action's own `name` is rarely the person's (an agent's, a campaign's): at the top level
    // only explicit keys and first/last names count, as the spec's webhook payloads give them.
    name: (nested ? personName(nested) : undefined) ?? personName(action, ['prospect_name', 'lead_name', 'contact_name', 'full_name', 'fullname']),
    headline: pick((o) => first(o, ['headline', 'job', 'job_title', 'title', 'position', 'occupation'], str)),
    company: pick(companyName),
    profileUrl: pick((o) => first(o, nested === o ? [...URL_KEYS, 'url'] : URL_KEYS, str)),
    picture: pick((o) => first(o, ['picture', 'avatar', 'photo_url', 'profile_picture', 'picture_url'], str)),
  });
}

/** One action record; undefined when it has no identifier to act on. */
export function readAction(raw: unknown): NetworkAction | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, ['id', 'hashed_id', 'action_id', 'uuid', 'hash'], str);
  if (!id) return undefined;
  const agent = [raw.agent, raw.campaign].find(isObj);
  const message = first(raw, ['message', 'note', 'invitation_message', 'invitation_note', 'text'], (v) => (typeof v === 'string' ? v : undefined));
  return dropUndefined({
    id,
    status: first(raw, ['status', 'state'], str),
    message: message === undefined || message === '' ? null : message,
    agentId: first(raw, ['agent_id', 'campaign_id', 'agentId'], str) ?? (agent ? str(agent.id) : undefined),
    agentName: first(raw, ['agent_name', 'campaign_name'], str) ?? (agent ? first(agent, ['name', 'title', 'internal_note'], str) : undefined),
    prospect: readProspect(raw),
    createdAt: first(raw, ['created_at', 'createdAt', 'date'], str),
  });
}

/** A list of actions; records without an identifier are counted in `skipped`. */
export function readActionList(body: unknown): ActionList {
  const list = findList(body);
  const actions = list.map(readAction).filter((a): a is NetworkAction => a !== undefined);
  return { actions, skipped: list.length - actions.length };
}

// ---- account (operation 1) ----

function readAgent(raw: unknown): Agent | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, ['id', 'hashed_id', 'agent_id', 'campaign_id', 'uuid'], str);
  const status = first(raw, ['status', 'state'], str);
  if (!id || !status) return undefined;
  return dropUndefined({
    id,
    name: first(raw, ['name', 'title', 'agent_name', 'campaign_name', 'label'], str),
    status,
    isActive: typeof raw.is_active === 'boolean' ? raw.is_active : status === 'active',
    internalNote: first(raw, ['internal_note', 'internalNote'], str) ?? null,
    plan: first(raw, ['billing', 'billing_model', 'plan', 'pricing_model'], str),
  });
}

export function readAccount(body: unknown): Account {
  if (!isObj(body)) throw new UnreadableError('The account response is not a JSON object');
  const data = isObj(body.data) ? body.data : body;
  const user = [data.user, data.account, data.me, body.user].find(isObj) ?? data;
  const agentList = [data.agents, data.campaigns, user.agents, user.campaigns, body.agents].find(Array.isArray) as unknown[] | undefined;
  if (!agentList && !isObj(data.user) && !isObj(body.user)) {
    throw new UnreadableError('No user and no agents found in the account response');
  }
  return {
    user: dropUndefined({
      id: first(user, ['id', 'hashed_id', 'user_id'], str),
      name: personName(user),
      email: first(user, ['email', 'mail'], str),
      company: companyName(user),
    }),
    agents: (agentList ?? []).map(readAgent).filter((a): a is Agent => a !== undefined),
  };
}

// ---- weekly statistics (operation 27) ----

const DAY_KEYS = ['days', 'by_day', 'daily', 'per_day', 'history', 'timeline'];
const AGENT_KEYS = ['agents', 'by_agent', 'per_agent', 'campaigns', 'by_campaign'];
const COUNT_KEYS = ['sent', 'invitations_sent', 'sent_count', 'count', 'total', 'value'];
const TOTAL_KEYS = ['total_sent', 'invitations_sent', 'sent', 'sent_count', 'total', 'count'];

export function readWeeklyStats(body: unknown): WeeklyStats {
  if (!isObj(body)) throw new UnreadableError('The statistics response is not a JSON object');
  const data = isObj(body.data) ? body.data : isObj(body.stats) ? body.stats : body;
  const arrayAt = (keys: string[]) => keys.map((k) => data[k]).find(Array.isArray) as unknown[] | undefined;

  const days = (arrayAt(DAY_KEYS) ?? []).flatMap((d) => {
    if (!isObj(d)) return [];
    const date = first(d, ['date', 'day', 'label'], str);
    const sent = first(d, COUNT_KEYS, num);
    return date && sent !== undefined ? [{ date, sent }] : [];
  });
  const agents = (arrayAt(AGENT_KEYS) ?? []).flatMap((a) => {
    if (!isObj(a)) return [];
    const name = first(a, ['name', 'agent_name', 'campaign_name', 'internal_note', 'title', 'id', 'agent_id'], str);
    const sent = first(a, COUNT_KEYS, num);
    const id = first(a, ['id', 'agent_id', 'campaign_id'], str);
    return name && sent !== undefined ? [dropUndefined({ id, name, sent })] : [];
  });
  const figures: Record<string, number> = {};
  for (const [k, v] of Object.entries(data)) {
    const n = typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    if (n !== undefined && k !== 'success') figures[k] = n;
  }
  const total = first(data, TOTAL_KEYS, num) ?? (days.length ? days.reduce((s, d) => s + d.sent, 0) : undefined);
  if (total === undefined && !days.length && !agents.length && !Object.keys(figures).length) {
    throw new UnreadableError('No figures found in the statistics response');
  }
  return dropUndefined({ total, days, agents, figures });
}
