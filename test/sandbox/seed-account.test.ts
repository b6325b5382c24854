import { describe, expect, it } from 'vitest';
import { CONTACT_SOURCES, CONTACT_STATUSES } from './records';
import { A1, clocked, type Json } from './helpers';

describe('sandbox demo data for every view', () => {
  it('has contacts in every status and every source', () => {
    const data = clocked().call('GET', '/api/api/contacts?per_page=100').json.data as Json[];
    expect(new Set(data.map((c) => c.status))).toEqual(new Set(CONTACT_STATUSES));
    expect(new Set(data.map((c) => c.source))).toEqual(new Set(CONTACT_SOURCES));
  });

  it('links every seeded invitation to a contact of the same agent and profile', () => {
    const { sb } = clocked();
    const account = sb.accounts.values().next().value!;
    for (const action of account.actions) {
      const contact = account.book.contacts.find((c) => c.id === action.contact.id);
      expect([contact?.agent_id, contact?.network_url]).toEqual([action.agent_id, action.contact.network_url]);
    }
  });

  it('has a performance-plan agent with masked and unmasked contacts', () => {
    const data = clocked().call('GET', `/api/api/contacts?agent_filter=${A1}&per_page=100`).json.data as Json[];
    const masked = data.filter((c) => c.network_url?.startsWith('xxxxx://'));
    expect(masked.length).toBeGreaterThan(3);
    expect(data.length - masked.length).toBeGreaterThan(1);
  });

  it('has blocklist entries of every type, meetings of both modes, reflexes with executions', () => {
    const { call } = clocked();
    expect(new Set((call('GET', '/api/api/blocklist').json.data as Json[]).map((e) => e.type)).size).toBe(5);
    const modes = ['ag_7Kq2mX9pLs', A1].flatMap((a) => (call('GET', `/api/api/agents/${a}/calendar-events`).json.data as Json[]).map((e) => e.meeting_mode));
    expect(new Set(modes)).toEqual(new Set(['visio', 'phone']));
    const reflexes = call('GET', `/api/api/agents/${A1}/reflexes`).json.data as Json[];
    expect(reflexes.every((r) => r.executions.length > 0)).toBe(true);
  });

  it('keeps the network actions and agents the extension already relies on', () => {
    const data = clocked().call('GET', '/api/api/me').json.data;
    expect(data.agents).toHaveLength(3);
    // Credits consumed (spec 000): one per contact added by hand and processed.
    expect(data.leads_available_service).toBeGreaterThan(0);
    expect(data.leads_available_service).toBe(
      (clocked().call('GET', '/api/api/contacts?source_filter=network_manual&per_page=100').json.data as Json[]).filter(
        (c) => c.processing !== 'waiting_for_credits',
      ).length,
    );
  });
});
