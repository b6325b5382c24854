import { describe, expect, it } from 'vitest';
import { readAgentStats, readReflexes } from '../../../../lib/api/readers/agents';

describe('agent statistics (operation 6)', () => {
  it('keeps every number by its path and picks out received', () => {
    expect(readAgentStats({ success: true, data: { period: '30d', received: 4, emails: { sent: 120, opened: 60 }, letters: { delivered: 9 } } })).toEqual({
      period: '30d',
      received: 4,
      figures: { received: 4, 'emails.sent': 120, 'emails.opened': 60, 'letters.delivered': 9 },
    });
  });

  it('finds received nested under emails and the figures under stats', () => {
    expect(readAgentStats({ stats: { emails: { received: 3 } }, period: '7d' })).toMatchObject({ received: 3, period: '7d' });
  });

  it('never counts identifiers or the success indicator as figures', () => {
    expect(readAgentStats({ success: true, agent_id: 5, id: 1, data: { sent: 2, agent_id: 5 } }).figures).toEqual({ sent: 2 });
  });

  it('fails clearly when there is no number', () => {
    expect(() => readAgentStats({ success: true, data: { period: '7d' } })).toThrow(/No figures found/);
  });
});

describe('agent reflexes (operation 7)', () => {
  const reflex = {
    id: 'rf_1',
    name: 'Relance salon',
    is_protected: true,
    status: 'paused',
    stats: { triggered: 12, matched: 3 },
    executions: [
      { lead: { firstname: 'Léa', lastname: 'Roux', company: 'Acme' }, ai_analysis: 'Mentioned the fair', executed_at: '2025-03-01T09:00:00Z' },
      { prospect_name: 'Jo Doe', company_name: 'Beta', analysis: 'Asked for pricing', created_at: '2025-02-28' },
    ],
  };

  it.each([
    ['a bare array', [reflex]],
    ['data', { success: true, data: [reflex] }],
    ['reflexes', { reflexes: [reflex] }],
    ['data.reflexes', { data: { reflexes: [reflex] } }],
  ])('finds the reflexes in %s', (_, body) => {
    expect(readReflexes(body).reflexes.map((r) => r.id)).toEqual(['rf_1']);
  });

  it('reads protection, pause, trigger statistics and the latest executions', () => {
    expect(readReflexes([reflex]).reflexes[0]).toEqual({
      id: 'rf_1',
      name: 'Relance salon',
      active: false,
      isProtected: true,
      triggers: 12,
      figures: { triggered: 12, matched: 3 },
      executions: [
        { prospectName: 'Léa Roux', company: 'Acme', analysis: 'Mentioned the fair', at: '2025-03-01T09:00:00.000Z' },
        { prospectName: 'Jo Doe', company: 'Beta', analysis: 'Asked for pricing', at: '2025-02-28' },
      ],
      // Read as paused, its status word is still shown as the service wrote it.
      extra: [{ label: 'Status', value: 'paused' }],
    });
  });

  it('reads a reflex that says nothing of protection as deletable, and of its state as unknown', () => {
    expect(readReflexes([{ name: 'R', executions: [] }]).reflexes[0]).toEqual({ name: 'R', isProtected: false, figures: {}, executions: [] });
    expect(readReflexes([{ name: 'R', is_active: 1, executions: [] }]).reflexes[0]?.active).toBe(true);
  });

  it('counts records with neither id nor name', () => {
    expect(readReflexes([reflex, { stats: {} }])).toMatchObject({ skipped: 1 });
  });

  it('fails clearly when no list is found', () => {
    expect(() => readReflexes({ success: true, message: 'ok' })).toThrow(/No list of reflexes/);
  });
});
