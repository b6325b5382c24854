// Each agent's week for the Overview: the service's weekly figure when its statistics list the
// agent, else this browser's record; accepted and pending by age from the record; every agent kept.
import { describe, expect, it } from 'vitest';
import type { Account, WeeklyStats } from '../../../lib/api/schemas';
import { agentWeeks } from '../../../lib/sent-invitations/agent-week';
import { DAY_MS, type SentInvitation } from '../../../lib/sent-invitations/record';

const NOW = Date.UTC(2026, 10, 28, 10);
const sent = (actionId: string, agentId: string | undefined, daysAgo: number, more: Partial<SentInvitation> = {}): SentInvitation => ({
  actionId,
  slug: `p-${actionId}`,
  agentId,
  agentName: agentId && `Kept ${agentId}`,
  note: null,
  sentAt: NOW - daysAgo * DAY_MS,
  ...more,
});
const agent = (id: string, name: string) => ({ id, name, status: 'active', isActive: true, internalNote: null });
const account = { user: {}, agents: [agent('ag_a', 'Growth'), agent('ag_b', 'Quiet')] } as Account;
const stats = (agents: WeeklyStats['agents']): WeeklyStats => ({ total: 9, days: [], agents, figures: {} });
const RECORD = [
  sent('1', 'ag_a', 1),
  sent('2', 'ag_a', 3, { acceptedAt: NOW - DAY_MS }),
  sent('3', 'ag_a', 10),
  sent('4', 'ag_a', 30),
  sent('5', 'ag_a', 2, { withdrawnAt: NOW }),
  sent('6', 'ag_c', 40),
  sent('7', undefined, 2),
];

describe("each agent's week", () => {
  it("takes the week from the service's statistics, accepted and pending by age from the record, the account's agents first", () => {
    const weeks = agentWeeks(account, RECORD, stats([{ id: 'ag_a', name: 'Growth', sent: 6 }]), NOW, 21);
    expect(weeks.map((w) => [w.agentId, w.week, w.weekFromService, w.accepted, w.pending])).toEqual([
      ['ag_a', 6, true, 1, { young: 1, middle: 1, old: 1 }],
      // An agent with nothing anywhere is kept, its figures zero.
      ['ag_b', 0, false, 0, { young: 0, middle: 0, old: 0 }],
      ['ag_c', 0, false, 0, { young: 0, middle: 0, old: 1 }],
      [undefined, 1, false, 0, { young: 1, middle: 0, old: 0 }],
    ]);
  });

  it("counts the week from this browser's record when the statistics are not kept or do not list the agent", () => {
    const weeks = agentWeeks(account, RECORD, undefined, NOW, 21);
    // ag_a: three sent within 7 days (the withdrawn one was sent all the same), not those of 10 and 30 days.
    expect(weeks.find((w) => w.agentId === 'ag_a')).toMatchObject({ week: 3, weekFromService: false });
  });

  it('matches statistics that name their agent only by name, and keeps those it cannot place', () => {
    const weeks = agentWeeks(
      account,
      [],
      stats([
        { name: 'Quiet', sent: 2 },
        { id: 'ag_z', name: 'Elsewhere', sent: 5 },
        { name: 'Nameless', sent: 1 },
      ]),
      NOW,
      21,
    );
    expect(weeks.map((w) => [w.agentId, w.agentName, w.week, w.weekFromService])).toEqual([
      ['ag_a', undefined, 0, false],
      ['ag_b', 'Quiet', 2, true],
      ['ag_z', 'Elsewhere', 5, true],
      [undefined, 'Nameless', 1, true],
    ]);
  });

  it('is empty with no account, no record and no statistics', () => {
    expect(agentWeeks(undefined, [], undefined, NOW, 21)).toEqual([]);
  });
});
