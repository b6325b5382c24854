// What the options page's invitations view shows of the record (record.ts), per agent: how many
// invitations sent through the extension are pending and how old, how many were accepted, and
// which were withdrawn and when. Pure.
import { DAY_MS, isPending, type SentInvitation } from './record';

export interface AgentSummary {
  agentId: string | undefined;
  /** The name the record kept (the agent may have been renamed since: the page prefers the account's). */
  agentName: string | undefined;
  sent: number;
  /** Pending, by age: under `young` days, from `young` to the "old after" setting, and old. */
  pending: { young: number; middle: number; old: number };
  accepted: number;
  /** Withdrawn through the extension, the latest first. */
  withdrawn: SentInvitation[];
}

/** The age bands: under a week (or under the "old after" setting when it is shorter), then up to old, then old. */
export const youngDays = (oldAfterDays: number): number => Math.min(7, oldAfterDays);

export function agentSummaries(record: readonly SentInvitation[], now: number, oldAfterDays: number): AgentSummary[] {
  const byAgent = new Map<string | undefined, AgentSummary>();
  for (const i of record) {
    const summary = byAgent.get(i.agentId) ?? {
      agentId: i.agentId,
      agentName: undefined,
      sent: 0,
      pending: { young: 0, middle: 0, old: 0 },
      accepted: 0,
      withdrawn: [],
    };
    summary.agentName = i.agentName ?? summary.agentName;
    summary.sent += 1;
    if (i.acceptedAt !== undefined) summary.accepted += 1;
    if (i.withdrawnAt !== undefined) summary.withdrawn.push(i);
    if (isPending(i)) {
      const days = (now - i.sentAt) / DAY_MS;
      summary.pending[days >= oldAfterDays ? 'old' : days >= youngDays(oldAfterDays) ? 'middle' : 'young'] += 1;
    }
    byAgent.set(i.agentId, summary);
  }
  const summaries = [...byAgent.values()];
  for (const s of summaries) s.withdrawn.sort((a, b) => b.withdrawnAt! - a.withdrawnAt!);
  // The busiest agent first; invitations whose agent is unknown last.
  return summaries.sort((a, b) => Number(a.agentId === undefined) - Number(b.agentId === undefined) || b.sent - a.sent);
}
