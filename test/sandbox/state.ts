// The sandbox's in-memory data and the spec's rules on it (spec 000, network actions).
import { seedActions, seedAgents, DEMO_KEY, OTHER_KEY } from './seed';
import type { AccountBook } from './records';
import { seedDemoBook, seedOtherBook } from './seed-account';

const ACTION_STATUSES = ['pending', 'generating', 'ready', 'sent', 'failed'] as const;
type SandboxStatus = (typeof ACTION_STATUSES)[number];

export interface SandboxAgent {
  id: string;
  name: string;
  status: 'setup' | 'active' | 'paused' | 'cancelled' | 'pending_payment';
  internal_note: string | null;
}

export interface SandboxAction {
  id: string;
  status: SandboxStatus;
  message: string | null;
  agent_id: string;
  contact: { id: string; firstname: string; lastname: string; job: string; company: string; network_url: string };
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  failed_at: number | null;
  metadata: Record<string, unknown> | null;
}

export interface Account {
  key: string;
  user: { id: string; firstname: string; lastname: string; email: string; company: string };
  agents: SandboxAgent[];
  actions: SandboxAction[];
  /** Contacts, emails, letters, blocklist, bookings, reflexes and credits (records.ts). */
  book: AccountBook;
}

/** A rule of the spec refused the request: status and the body the service would send. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const NOTE_LIMIT = 200;

/** Code points, as a PHP service's mb_strlen counts them. */
const codePoints = (s: string): number => Array.from(s).length;

function invalid(field: string, text: string, missing = false): Refusal {
  return new Refusal(422, {
    success: false,
    message: 'The given data was invalid.',
    validation_errors: { [field]: text },
    missing_fields: missing ? [field] : [],
    invalid_fields: missing ? [] : [field],
  });
}

export function createAccounts(now: number): Map<string, Account> {
  const accounts = new Map<string, Account>();
  const agents = seedAgents();
  const actions = seedActions(now, agents);
  accounts.set(DEMO_KEY, {
    key: DEMO_KEY,
    user: { id: 'us_Dm0x9', firstname: 'Alex', lastname: 'Martin', email: 'alex.martin@example.com', company: 'Demo Sales SAS' },
    agents,
    actions,
    book: seedDemoBook(now, actions),
  });
  const otherAgents = [{ id: 'ag_Ot4er1', name: 'Other account agent', status: 'active' as const, internal_note: null }];
  accounts.set(OTHER_KEY, {
    key: OTHER_KEY,
    user: { id: 'us_Ot4er', firstname: 'Robin', lastname: 'Other', email: 'robin@example.org', company: 'Other Co' },
    agents: otherAgents,
    actions: seedActions(now, [otherAgents[0]!, otherAgents[0]!, otherAgents[0]!])
      .slice(0, 3)
      .map((a, i) => ({ ...a, id: `na_other_${i}` })),
    book: seedOtherBook(now, otherAgents),
  });
  return accounts;
}

function findAction(account: Account, id: string): SandboxAction {
  const action = account.actions.find((a) => a.id === id);
  if (!action) throw new Refusal(404, { success: false, message: 'Network action not found' });
  return action;
}

/** Writes on a paused or cancelled agent are refused with 403 (spec 000, Agent states). */
function assertAgentWritable(account: Account, action: SandboxAction): void {
  const agent = account.agents.find((a) => a.id === action.agent_id);
  if (agent?.status === 'paused') throw new Refusal(403, { success: false, message: 'Agent paused' });
  if (agent?.status === 'cancelled') throw new Refusal(403, { success: false, message: 'Agent cancelled' });
}

export function listActions(account: Account, query: URLSearchParams): SandboxAction[] {
  const status = query.get('status') ?? 'ready';
  if (!(ACTION_STATUSES as readonly string[]).includes(status)) throw invalid('status', `The status must be one of: ${ACTION_STATUSES.join(', ')}.`);
  const rawLimit = query.get('limit');
  const limit = rawLimit === null ? 25 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('limit', 'The limit must be an integer between 1 and 100.');
  // agent_filter wins over its alias campaign_filter.
  const agent = query.get('agent_filter') ?? query.get('campaign_filter');
  return account.actions
    .filter((a) => a.status === status && (!agent || a.agent_id === agent))
    .sort((a, b) => a.created_at - b.created_at)
    .slice(0, limit);
}

function checkMetadata(body: Record<string, unknown>): Record<string, unknown> | null {
  const metadata = body.metadata;
  if (metadata === undefined || metadata === null) return null;
  if (typeof metadata !== 'object' || Array.isArray(metadata)) throw invalid('metadata', 'The metadata must be an object.');
  return metadata as Record<string, unknown>;
}

export function updateMessage(account: Account, id: string, body: Record<string, unknown>, now: number): SandboxAction {
  const action = findAction(account, id);
  assertAgentWritable(account, action);
  const message = body.message;
  if (message !== undefined && message !== null && typeof message !== 'string') throw invalid('message', 'The message must be a string.');
  if (typeof message === 'string' && codePoints(message) > NOTE_LIMIT) {
    throw invalid('message', `The message may not be greater than ${NOTE_LIMIT} characters.`);
  }
  if (action.status !== 'pending' && action.status !== 'ready') {
    throw invalid('status', 'The message can only be changed while the action is pending or ready.');
  }
  action.message = typeof message === 'string' && message !== '' ? message : null;
  action.updated_at = now;
  return action;
}

/**
 * Marks sent, from any state as spec 000 says; `strict` refuses one no longer ready with 409, as a
 * stricter service might. The mark's time and metadata (its browser, its `marked_at`) are kept and
 * listed with the action: who marked it, when, as far as the service knows.
 */
export function markSent(account: Account, id: string, body: Record<string, unknown>, now: number, strict = false): SandboxAction {
  const action = findAction(account, id);
  assertAgentWritable(account, action);
  const metadata = checkMetadata(body);
  if (strict && action.status !== 'ready') throw new Refusal(409, { success: false, message: `This action was already marked ${action.status}.` });
  action.status = 'sent';
  action.sent_at = now;
  action.updated_at = now;
  if (metadata) action.metadata = metadata;
  return action;
}

/**
 * Marks failed, only from ready. The refusal is a 422 on `status` by default; `conflict` answers
 * 409 instead, as another service might (the client must recognise both after a lost answer).
 */
export function markFailed(account: Account, id: string, body: Record<string, unknown>, now: number, conflict = false): SandboxAction {
  const action = findAction(account, id);
  assertAgentWritable(account, action);
  const metadata = checkMetadata(body);
  if (action.status !== 'ready' && conflict) throw new Refusal(409, { success: false, message: 'Only ready actions can be marked failed' });
  if (action.status !== 'ready') throw invalid('status', 'Only actions in ready can be marked failed.');
  action.status = 'failed';
  action.failed_at = now;
  action.updated_at = now;
  if (metadata) action.metadata = metadata;
  return action;
}

const DAY = 86_400_000;

/** Sends of the last 7 days, per day and per agent, from the sandbox's own records. */
export function weeklyStats(account: Account, now: number) {
  // The last 7 days are the 7 dates `by_day` lists (UTC), today's included, so that the days add up
  // to the total at any hour: a window of 7 times 24 hours counted a send of 6 days and 2 hours ago
  // in the total but on no listed day, in the first hours after midnight.
  const since = Date.parse(new Date(now - 6 * DAY).toISOString().slice(0, 10));
  const sent = account.actions.filter((a) => a.sent_at !== null && a.sent_at >= since && a.sent_at <= now);
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = new Date(now - (6 - i) * DAY).toISOString().slice(0, 10);
    return { date, sent: sent.filter((a) => new Date(a.sent_at!).toISOString().slice(0, 10) === date).length };
  });
  return {
    period_days: 7,
    total_sent: sent.length,
    by_day: days,
    by_agent: account.agents.map((agent) => ({
      agent_id: agent.id,
      name: agent.name,
      sent: sent.filter((a) => a.agent_id === agent.id).length,
    })),
  };
}

export function agentName(account: Account, agentId: string): string | undefined {
  return account.agents.find((a) => a.id === agentId)?.name;
}
