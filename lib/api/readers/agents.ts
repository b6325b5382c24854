// An agent's statistics and reflexes (spec 000, operations 6 and 7). Their fields are not shown:
// every number is kept by its path, with the spec's named ones picked out.
import type { AgentStats, Reflex, ReflexList } from '../schemas/agents';
import {
  bool,
  code,
  companyName,
  date,
  dropUndefined,
  figures,
  first,
  ID_KEYS,
  isObj,
  nested,
  num,
  payload,
  PERSON_KEYS,
  personName,
  readEach,
  recordsIn,
  str,
  UnreadableError,
  type Obj,
} from './fields';

export function readAgentStats(body: unknown): AgentStats {
  const o = payload(body, ['stats', 'statistics'], 'statistics');
  const all = figures(o);
  if (!Object.keys(all).length) throw new UnreadableError('No figures found in the statistics response');
  const period = first(o, ['period', 'range'], (v) => str(v) ?? (isObj(v) ? first(v, ['label', 'value', 'code'], str) : undefined));
  // `received` counts only real replies; a nested `emails.received` is the same figure.
  const received =
    first(o, ['received', 'replies', 'replies_received', 'emails_received', 'received_count'], num) ?? all['emails.received'] ?? all['email.received'];
  return dropUndefined({ period: period ?? (isObj(body) ? str(body.period) : undefined), received, figures: all });
}

const EXECUTION_KEYS = ['executions', 'latest_executions', 'last_executions', 'recent_executions', 'history', 'logs'];
const TRIGGER_KEYS = [
  'triggers',
  'triggered',
  'triggered_total',
  'total_triggered',
  'trigger_count',
  'triggered_count',
  'times_triggered',
  'total_triggers',
  'executions_count',
  'total',
];

function readExecution(raw: unknown): Reflex['executions'][number] | undefined {
  if (!isObj(raw)) return undefined;
  const person = nested(raw, PERSON_KEYS);
  const execution = dropUndefined({
    prospectName: (person ? personName(person) : undefined) ?? personName(raw, ['prospect_name', 'lead_name', 'contact_name', 'full_name']),
    company: (person ? companyName(person) : undefined) ?? companyName(raw),
    analysis: first(raw, ['ai_analysis', 'analysis', 'reasoning', 'reason', 'explanation', 'summary'], str),
    at: first(raw, ['executed_at', 'triggered_at', 'created_at', 'date', 'at'], date),
  });
  return Object.keys(execution).length ? execution : undefined;
}

function readReflex(raw: unknown): Reflex | undefined {
  if (!isObj(raw)) return undefined;
  const id = first(raw, [...ID_KEYS, 'reflex_id'], str);
  const name = first(raw, ['name', 'title', 'label'], str);
  if (!id && !name) return undefined;
  const stats: Obj = nested(raw, ['stats', 'statistics', 'trigger_stats', 'triggers_stats']) ?? {};
  const status = first(raw, ['status', 'state'], code);
  const paused = bool(raw.is_paused) ?? bool(raw.paused);
  const executions = [raw, stats].map((o) => EXECUTION_KEYS.map((k) => o[k]).find(Array.isArray)).find(Array.isArray) ?? [];
  return dropUndefined({
    id,
    name,
    description: first(raw, ['description', 'trigger_description', 'condition', 'prompt'], str),
    active:
      first(raw, ['is_active', 'active', 'enabled', 'is_enabled'], bool) ??
      (paused !== undefined ? !paused : status ? status === 'active' || status === 'enabled' : undefined),
    isProtected: bool(raw.is_protected) ?? bool(raw.protected) ?? false,
    triggers: first(stats, TRIGGER_KEYS, num) ?? first(raw, TRIGGER_KEYS, num),
    figures: figures(stats, '', 1),
    executions: readEach(executions, readExecution).items,
  });
}

/** Reflexes with their statistics and latest executions; nameless, id-less records are counted. */
export function readReflexes(body: unknown): ReflexList {
  const { items, skipped } = readEach(recordsIn(body, ['reflexes', 'reflex', 'rules'], 'reflexes'), readReflex);
  return { reflexes: items, skipped };
}
