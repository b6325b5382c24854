// An agent's statistics and reflexes (spec 000, operations 6 and 7). Their fields are not shown:
// every number is kept by its path, with the spec's named ones picked out.
import { withUnplaced } from '../body/unplaced';
import type { AgentStats, Reflex, ReflexList } from '../schemas/agents';
import { first, isNode, nested, normalized } from '../body/fold';
import { recordList, recordOf, type Expect } from '../body/envelope';
import { UnreadableError } from '../body/unreadable';
import { BOUND, bool, code, num, text } from '../body/values';
import { activeOf, bodyText, companyName, dateAt, dropUndefined, figures, nameOf, partOf, personName, personOf, readEach } from './fields';
import { STATUS } from '../body/families';
import { ID_KEYS } from './record-names';

const STATS_FIELDS = ['received', 'period', 'emails_sent', 'reply_rate', 'stats', 'statistics'];

export function readAgentStats(body: unknown): AgentStats {
  const root = normalized(body);
  const o = recordOf(body, STATS_FIELDS);
  if (!o) throw new UnreadableError('agentStats', '$', 'the answer is not a JSON object');
  const holder = nested(o, ['stats', 'statistics']) ?? o;
  const all = figures(holder);
  if (!Object.keys(all).length) throw new UnreadableError('agentStats', '$', 'No figures found in the statistics');
  const periodOf = (x: unknown) =>
    isNode(x) ? first(x, ['period', 'range'], (v) => text(v, BOUND.code) ?? (isNode(v) ? first(v, ['label', 'value', 'code'], text) : undefined)) : undefined;
  // `received` counts only real replies; a nested `emails.received` is the same figure.
  const received =
    first(holder, ['received', 'replies', 'replies_received', 'emails_received', 'received_count'], num) ?? all['emails.received'] ?? all['email.received'];
  return dropUndefined({ period: periodOf(holder) ?? periodOf(o) ?? periodOf(root), received, figures: all });
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

/** What a list of reflexes' records carry. */
const REFLEXES: Expect = {
  op: 'agentReflexes',
  what: 'reflexes',
  ids: [...ID_KEYS, 'reflex_id'],
  // What the spec says every reflex carries (protection, statistics, executions) and what describes
  // one; a name alone is any record's (an agent's).
  fields: ['is_protected', 'executions', 'stats', 'description', 'trigger_description', 'prompt', 'condition'],
};

function readExecution(raw: unknown): Reflex['executions'][number] | undefined {
  if (!isNode(raw)) return undefined;
  const person = personOf(raw);
  const execution = dropUndefined({
    prospectName: (person ? personName(person) : undefined) ?? personName(raw, ['contact_name', 'full_name']),
    company: (person ? companyName(person) : undefined) ?? companyName(raw),
    analysis: first(raw, ['ai_analysis', 'analysis', 'reasoning', 'reason', 'explanation', 'summary'], bodyText),
    at: dateAt(raw, ['executed_at', 'triggered_at', 'created_at', 'date', 'at']),
  });
  return Object.keys(execution).length ? execution : undefined;
}

function readReflex(raw: unknown): Reflex | undefined {
  if (!isNode(raw)) return undefined;
  const reflexId = first(raw, REFLEXES.ids, text);
  const name = nameOf(raw);
  if (!reflexId && !name) return undefined;
  const stats = nested(raw, ['stats', 'statistics', 'trigger_stats', 'triggers_stats']) ?? {};
  const status = first(raw, STATUS, code);
  // The spec returns the 5 latest executions: no more are kept.
  const executions = (partOf(raw, EXECUTION_KEYS) as unknown[] | undefined) ?? [];
  return dropUndefined({
    id: reflexId,
    name,
    description: first(raw, ['description', 'trigger_description', 'condition', 'prompt'], bodyText),
    active: activeOf(raw) ?? (status ? status === 'active' || status === 'enabled' : undefined),
    isProtected: first(raw, ['is_protected', 'protected'], bool) ?? false,
    triggers: first(stats, TRIGGER_KEYS, num) ?? first(raw, TRIGGER_KEYS, num),
    figures: figures(stats, '', 1),
    executions: readEach(executions, readExecution, 5).items,
  });
}

/** Reflexes with their statistics and latest executions; nameless, id-less records are counted. */
export function readReflexes(body: unknown): ReflexList {
  const { items, skipped, unread } = readEach(recordList(body, REFLEXES), withUnplaced(readReflex), 200);
  return { reflexes: items, skipped, unread };
}
