// Each agent's week for the options page's Overview, from what the page already holds (no request):
// the service's weekly statistics, kept by the background, for the invitations sent this week; the
// extension's own record for those accepted and pending by age. Pure.
import type { Account, WeeklyStats } from '../api/schemas';
import { agentSummaries, type AgentSummary } from './agent-summary';
import { DAY_MS, type SentInvitation } from './record';

export interface AgentWeek {
  agentId: string | undefined;
  /** The name the record or the statistics gave, for an agent the account does not list. */
  agentName: string | undefined;
  /** Sent in the last 7 days: the service's figure when its statistics list the agent, else this browser's record. */
  week: number;
  weekFromService: boolean;
  accepted: number;
  pending: AgentSummary['pending'];
}

const NONE = { young: 0, middle: 0, old: 0 };

/**
 * One entry per agent: the account's agents in its order, then those only the record names, then
 * those only the statistics name (by id, or by a name no account's agent has). An agent with
 * nothing anywhere is kept, its figures zero.
 */
export function agentWeeks(
  account: Account | undefined,
  record: readonly SentInvitation[],
  stats: WeeklyStats | undefined,
  now: number,
  oldAfterDays: number,
): AgentWeek[] {
  const summaries = agentSummaries(record, now, oldAfterDays);
  const served = new Set(stats?.agents);
  const nameOf = (id: string | undefined) => account?.agents.find((a) => a.id === id)?.name;
  const ids = new Set([...(account?.agents.map((a) => a.id) ?? []), ...summaries.map((s) => s.agentId)]);
  const weeks: AgentWeek[] = [...ids].map((agentId) => {
    const summary = summaries.find((s) => s.agentId === agentId);
    // The statistics name their agent by id, else only by its name.
    const fromService = [...served].find((a) => (a.id ? a.id === agentId : agentId !== undefined && a.name === nameOf(agentId)));
    if (fromService) served.delete(fromService);
    const recent = record.filter((i) => i.agentId === agentId && i.sentAt <= now && now - i.sentAt < 7 * DAY_MS).length;
    return {
      agentId,
      agentName: summary?.agentName ?? fromService?.name,
      week: fromService?.sent ?? recent,
      weekFromService: !!fromService,
      accepted: summary?.accepted ?? 0,
      pending: summary?.pending ?? NONE,
    };
  });
  for (const a of served) weeks.push({ agentId: a.id, agentName: a.name, week: a.sent, weekFromService: true, accepted: 0, pending: NONE });
  return weeks;
}
