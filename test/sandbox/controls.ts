// Controls for tests and the demo, next to /__sandbox/faults (no key needed: the sandbox is local):
//   POST /__sandbox/agents/{id}  {"status": "paused"}            an agent's status, in whichever account
//   POST /__sandbox/credits      {"credits": 5, "key"?: "<api key>"}  credits left to spend (demo account by default);
//                                answers them with leads_available_service, the credits consumed (spec 000)
//   POST /__sandbox/clock        {"advanceMinutes": 61}          moves sandbox time forward; GET reads it
//   POST /__sandbox/settings-shape {"shape": "lists", "key"?: "<api key>"}  how op 4 answers (flat, lists, unreadable)
import type { SandboxRequest, SandboxResponse } from './app';
import type { Account, SandboxAgent } from './state';
import type { SettingsShape } from './records';
import { topUpCredits } from './add-contact';
import { advanceAccount } from './account-routes';

const AGENT_STATUSES: Array<SandboxAgent['status']> = ['setup', 'active', 'paused', 'cancelled', 'pending_payment'];
const SETTINGS_SHAPES: SettingsShape[] = ['flat', 'lists', 'unreadable'];

interface Controlled {
  accounts: Map<string, Account>;
  now: () => number;
}

const answer = (status: number, body: unknown): SandboxResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function parse(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The control's answer, or undefined when the path is not one of these controls. */
export function sandboxControl(sb: Controlled, req: SandboxRequest, path: string): SandboxResponse | undefined {
  const agentPath = /^\/__sandbox\/agents\/([^/]+)$/.exec(path);
  if (!agentPath && path !== '/__sandbox/credits' && path !== '/__sandbox/clock' && path !== '/__sandbox/settings-shape') return undefined;
  if (req.method === 'GET' && path === '/__sandbox/clock') return answer(200, { now: new Date(sb.now()).toISOString() });
  if (req.method !== 'POST') return answer(405, { success: false, message: 'Use POST.' });
  const body = parse(req.body);
  if (!body) return answer(400, { success: false, message: 'The body must be a JSON object.' });

  if (agentPath) {
    const id = decodeURIComponent(agentPath[1]!);
    const agent = [...sb.accounts.values()].flatMap((a) => a.agents).find((a) => a.id === id);
    if (!agent) return answer(404, { success: false, message: 'Agent not found' });
    if (!AGENT_STATUSES.includes(body.status as SandboxAgent['status'])) {
      return answer(400, { success: false, message: `status must be one of: ${AGENT_STATUSES.join(', ')}` });
    }
    agent.status = body.status as SandboxAgent['status'];
    return answer(200, { success: true, data: { ...agent, is_active: agent.status === 'active' } });
  }

  if (path === '/__sandbox/credits') {
    const account = typeof body.key === 'string' ? sb.accounts.get(body.key) : sb.accounts.values().next().value;
    const amount = body.credits;
    if (!account) return answer(404, { success: false, message: 'Account not found' });
    // leads_available_service counts credits consumed (spec 000): it is not a balance to set.
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) {
      return answer(400, { success: false, message: 'credits (the credits left) must be an integer of at least 0' });
    }
    topUpCredits(account, amount, sb.now());
    const { credits, leads_available_service } = account.book;
    return answer(200, { success: true, data: { credits, leads_available_service } });
  }

  if (path === '/__sandbox/settings-shape') {
    const account = typeof body.key === 'string' ? sb.accounts.get(body.key) : sb.accounts.values().next().value;
    if (!account) return answer(404, { success: false, message: 'Account not found' });
    if (!SETTINGS_SHAPES.includes(body.shape as SettingsShape)) {
      return answer(400, { success: false, message: `shape must be one of: ${SETTINGS_SHAPES.join(', ')}` });
    }
    account.book.settings_shape = body.shape as SettingsShape;
    return answer(200, { success: true, data: { shape: account.book.settings_shape } });
  }

  const minutes = body.advanceMinutes;
  if (typeof minutes !== 'number' || !(minutes >= 0)) return answer(400, { success: false, message: 'advanceMinutes must be a number of at least 0' });
  const before = sb.now;
  sb.now = () => before() + minutes * 60_000;
  for (const account of sb.accounts.values()) advanceAccount(account, sb.now());
  return answer(200, { now: new Date(sb.now()).toISOString() });
}
