import { describe, expect, it } from 'vitest';
import { A0, A1, A2, clocked, expect422, type Json } from './helpers';

describe('sandbox op 6: agent statistics', () => {
  it('counts from the records over the period (default 30d), under /agents and its /campaigns alias', () => {
    const { call } = clocked();
    const res = call('GET', `/api/api/agents/${A0}/stats`);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      agent_id: A0,
      period: '30d',
      emails_sent: expect.any(Number),
      received: expect.any(Number),
      network_invitations_sent: expect.any(Number),
    });
    expect(call('GET', `/api/api/campaigns/${A0}/stats`).json).toEqual(res.json);
    const week = call('GET', `/api/api/agents/${A0}/stats?period=7d`).json.data;
    const year = call('GET', `/api/api/agents/${A0}/stats?period=365d`).json.data;
    expect(year.emails_sent).toBeGreaterThan(week.emails_sent);
    for (const period of ['14d', '60d', '90d', '120d', '180d']) expect(call('GET', `/api/api/agents/${A0}/stats?period=${period}`).status).toBe(200);
    expect422(call('GET', `/api/api/agents/${A0}/stats?period=1y`), [], ['period']);
    expect(call('GET', '/api/api/agents/ag_nope/stats').status).toBe(404);
  });

  it('counts only real replies as received: no auto-reply, antispam or unattributed mail', () => {
    const { call } = clocked();
    // A1's mail within 30 days: an auto-reply (excluded), an interested reply, an unattributed bounce (excluded).
    const a1 = call('GET', `/api/api/agents/${A1}/stats?period=30d`).json.data;
    expect(a1.received).toBe(1);
  });

  it('reads a paused agent (reads are allowed)', () => {
    expect(clocked().call('GET', `/api/api/agents/${A2}/stats`).status).toBe(200);
  });
});

describe('sandbox op 7: agent reflexes', () => {
  it('returns reflexes with statistics, is_protected and the 5 latest executions', () => {
    const { call } = clocked();
    const data = call('GET', `/api/api/agents/${A0}/reflexes`).json.data as Json[];
    const price = data.find((r) => r.is_protected);
    expect(price.stats.triggered_total).toBe(7);
    expect(price.executions).toHaveLength(5);
    const dates = price.executions.map((x: Json) => x.executed_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(price.executions[0]).toEqual({
      id: expect.any(String),
      lead_id: expect.any(String),
      prospect_name: expect.any(String),
      company: expect.any(String),
      ai_analysis: expect.any(String),
      executed_at: expect.any(String),
    });
    expect(data.some((r) => r.status === 'paused' && r.executions.length === 0)).toBe(true);
  });

  it('answers 400 with an error for an older agent; exists only under /agents', () => {
    const { call } = clocked();
    const res = call('GET', `/api/api/agents/${A2}/reflexes`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, error: expect.any(String) });
    expect(call('GET', `/api/api/campaigns/${A0}/reflexes`).status).toBe(404);
  });
});

describe('sandbox op 22: calendar events', () => {
  it('lists bookings of both modes and every status, meeting_url only for a generated video link', () => {
    const { call } = clocked();
    const a0 = call('GET', `/api/api/agents/${A0}/calendar-events`).json.data as Json[];
    const a1 = call('GET', `/api/api/campaigns/${A1}/calendar-events`).json.data as Json[];
    const all = [...a0, ...a1];
    expect(new Set(all.map((e) => e.meeting_mode))).toEqual(new Set(['visio', 'phone']));
    expect(new Set(all.map((e) => e.status))).toEqual(new Set(['success', 'failed', 'calendar_disconnected']));
    for (const e of all) expect(e.meeting_url !== null).toBe(e.meeting_mode === 'visio' && e.status === 'success');
    expect(a0.find((e) => e.meeting_mode === 'phone')).toMatchObject({ phone: expect.any(String), contact_firstname: 'Nadia' });
    expect(a0.find((e) => e.lead_id === null)).toMatchObject({ contact_firstname: null, contact_lastname: null });
  });

  it('accepts per_page up to 50 and refuses 51 with 422', () => {
    const { call } = clocked();
    expect(call('GET', `/api/api/agents/${A0}/calendar-events?per_page=50`).json.meta.per_page).toBe(50);
    expect422(call('GET', `/api/api/agents/${A0}/calendar-events?per_page=51`), [], ['per_page']);
    expect(call('GET', `/api/api/agents/${A0}/calendar-events?per_page=2`).json.data).toHaveLength(2);
  });
});

describe('sandbox op 6: the demo figures make sense', () => {
  it.each(['7d', '30d', '90d', '365d'])('keeps the reply rate at most 100 over %s', (period) => {
    const { sb, call } = clocked();
    for (const agent of sb.accounts.values().next().value!.agents) {
      const stats = call('GET', `/api/api/agents/${agent.id}/stats?period=${period}`).json.data as Json;
      if (stats.reply_rate !== null) expect(stats.reply_rate as number, agent.id).toBeLessThanOrEqual(100);
    }
  });

  it('counts no more replies than emails sent over the default 30 days: whoever replied was written to', () => {
    const { sb, call } = clocked();
    for (const agent of sb.accounts.values().next().value!.agents) {
      const stats = call('GET', `/api/api/agents/${agent.id}/stats`).json.data as Json;
      expect(stats.received as number, agent.id).toBeLessThanOrEqual(stats.emails_sent as number);
    }
  });
});
