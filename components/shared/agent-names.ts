import type { Account, NetworkAction } from '../../lib/api/schemas';

export interface AgentChoice {
  id: string;
  label: string;
}

type Agent = Account['agents'][number];

/** What a person calls an agent: its name, else its internal note. */
const agentLabel = (agent: Agent) => agent.name ?? agent.internalNote ?? undefined;

/** Agents to filter by: the verified account's, else those seen on the listed actions. */
export function agentChoices(account: Account | undefined, actions: NetworkAction[]): AgentChoice[] {
  if (account?.agents.length) {
    return account.agents.map((a) => ({ id: a.id, label: agentLabel(a) ?? a.id }));
  }
  const seen = new Map<string, string>();
  for (const a of actions) if (a.agentId && !seen.has(a.agentId)) seen.set(a.agentId, a.agentName ?? a.agentId);
  return [...seen].map(([id, label]) => ({ id, label }));
}

export function agentNameOf(account: Account | undefined, agentId: string | undefined): string | undefined {
  if (!agentId || !account) return undefined;
  const agent = account.agents.find((a) => a.id === agentId);
  return agent && agentLabel(agent);
}
