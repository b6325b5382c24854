import { describe, expect, it } from 'vitest';
import { A0, A1, A2, clocked, expect422, type Json } from './helpers';

const LIST = '/api/api/contacts';

describe('sandbox op 2: list contacts', () => {
  it('pages contacts with the Resources fields, meta and filters_applied.contacts_masked', () => {
    const { call } = clocked();
    const res = call('GET', `${LIST}?per_page=10&page=2`);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.data).toHaveLength(10);
    expect(res.json.meta).toMatchObject({ current_page: 2, per_page: 10, total: expect.any(Number), last_page: expect.any(Number) });
    expect(res.json.filters_applied.contacts_masked).toBe(true);
    const c = res.json.data[0];
    for (const key of [
      'status',
      'source',
      'relevance',
      'network_url',
      'picture',
      'agent_targeting',
      'contacts',
      'has_touchpoint_email',
      'has_touchpoint_email_answer',
      'has_touchpoint_letter',
      'has_touchpoint_network',
      'has_touchpoint_letter_flash',
      'has_returned_letter',
    ]) {
      expect(c).toHaveProperty(key);
    }
  });

  it('says contacts_masked false for an account without a performance-plan agent', async () => {
    const { OTHER_KEY } = await import('./seed');
    expect(clocked().call('GET', LIST, undefined, OTHER_KEY).json.filters_applied.contacts_masked).toBe(false);
  });

  it('masks coordinates and profile URL of a performance-plan contact until something was sent, keys kept', () => {
    const { call, sb } = clocked();
    const all = call('GET', `${LIST}?agent_filter=${A1}&per_page=100`).json.data as Json[];
    const masked = all.find((c) => c.firstname === 'Kevin');
    expect(masked.network_url).toMatch(/^x+:\/\/x+\.x+\.x+\/x+\/[x-]+$/);
    expect(masked.contacts).toEqual([
      { type: 'email', value: expect.stringMatching(/^x+\.x+@x+\.x+$/) },
      { type: 'phone', value: '+x xxx xxx xxxx' },
    ]);
    expect(masked.firstname).toBe('Kevin');
    const wasSent = all.find((c) => c.firstname === 'Tom' && c.lastname === 'Girard');
    expect(wasSent.contacts[0].value).toContain('tom.girard@');
    // Marking its invitation sent is a proof of sending: the contact is shown unmasked from then on.
    const ready = sb.accounts
      .values()
      .next()
      .value!.actions.find((a) => a.agent_id === A1 && a.status === 'ready')!;
    const before = all.find((c) => c.id === ready.contact.id);
    expect(before.network_url).not.toBe(ready.contact.network_url);
    call('POST', `/api/network/actions/${ready.id}/sent`, {});
    const after = (call('GET', `${LIST}?agent_filter=${A1}&per_page=100`).json.data as Json[]).find((c) => c.id === ready.contact.id);
    expect([after.network_url, after.has_touchpoint_network]).toEqual([ready.contact.network_url, true]);
  });

  it('never matches a masked contact by a coordinate fragment, but does by name or company', () => {
    const { call } = clocked();
    const ids = (q: string) => (call('GET', `${LIST}?search=${encodeURIComponent(q)}`).json.data as Json[]).map((c) => c.firstname);
    expect(ids('kevin.tran')).toEqual([]);
    expect(ids('Paylane')).toEqual(['Kevin']);
    expect(ids('tom.girard@')).toEqual(['Tom']);
    expect(ids('Lefevre')).toEqual(['Camille', 'Camille']);
  });

  it('filters by status, source, agent (campaign_filter alias, agent_filter winning) and targeting', () => {
    const { call } = clocked();
    const list = (q: string) => call('GET', `${LIST}?per_page=100&${q}`).json.data as Json[];
    expect(list('status_filter=won').every((c) => c.status === 'won')).toBe(true);
    expect(list('source_filter=inbound_email').map((c) => c.lastname)).toEqual(['Olivier']);
    expect(list(`campaign_filter=${A2}`).map((c) => c.id)).toEqual(list(`agent_filter=${A2}`).map((c) => c.id));
    expect(list(`agent_filter=${A2}&campaign_filter=${A1}`).every((c) => c.agent_id === A2)).toBe(true);
    expect(list('targeting_filter=tg_Ly0nEv02').every((c) => c.agent_id === A2 && c.agent_targeting.id === 'tg_Ly0nEv02')).toBe(true);
    expect422(call('GET', `${LIST}?status_filter=sleeping`), [], ['status_filter']);
  });

  it('sorts by a field both ways, nulls last, and includes emails on request', () => {
    const { call } = clocked();
    const rel = (dir: string) => (call('GET', `${LIST}?per_page=100&sort_field=relevance&sort_direction=${dir}`).json.data as Json[]).map((c) => c.relevance);
    const asc = rel('asc');
    expect(asc.filter((r) => r !== null)).toEqual([...asc.filter((r) => r !== null)].sort((a, b) => a - b));
    expect(asc.at(-1)).toBeNull();
    expect(rel('desc')[0]).toBe(10);
    const nadia = (call('GET', `${LIST}?search=Benali&include_emails=true`).json.data as Json[])[0];
    expect(nadia.emails.map((e: Json) => e.category).sort()).toEqual(['neutral', 'sent']);
  });

  it('refuses per_page above 100 with 422 and accepts 100', () => {
    const { call } = clocked();
    expect(call('GET', `${LIST}?per_page=100`).status).toBe(200);
    expect422(call('GET', `${LIST}?per_page=101`), [], ['per_page']);
    expect422(call('GET', `${LIST}?page=0`), [], ['page']);
  });
});

describe('sandbox op 5: block a contact', () => {
  it('blocks the contact and its duplicates by email, adds email and postal identity to the blocklist, cancels pending mail and letters', () => {
    const { call, sb } = clocked();
    const book = sb.accounts.values().next().value!.book;
    const camille = book.contacts.find((c) => c.lastname === 'Lefèvre' && c.agent_id === A0)!;
    const res = call('POST', `/api/api/contacts/${camille.id}/block`);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ lead_id: camille.id, status: 'block', duplicates_blocked: 1, emails_cancelled: 0, letters_cancelled: 0 });
    expect(book.contacts.filter((c) => c.lastname === 'Lefèvre').map((c) => c.status)).toEqual(['block', 'block']);
    const values = book.blocklist.map((e) => `${e.type}:${e.value}`);
    expect(values).toContain('email:camille.lefevre@nuageo.example');
    expect(values).toContain('address:camille|lefevre|75002');
  });

  it('counts the first email waiting for validation, replies and follow-ups, and letters not yet generated', () => {
    const { call, sb } = clocked();
    const book = sb.accounts.values().next().value!.book;
    const leon = book.contacts.find((c) => c.firstname === 'Léon')!;
    expect(call('POST', `/api/api/contacts/${leon.id}/block`).json.data).toMatchObject({ emails_cancelled: 1, letters_cancelled: 1, duplicates_blocked: 0 });
    const julien = book.emails.find((e) => e.id === 'em_in01')!.lead_id!;
    expect(call('POST', `/api/api/contacts/${julien}/block`).json.data).toMatchObject({ emails_cancelled: 2 });
    expect(book.emails.find((e) => e.id === 'em_out06')!.status).toBe('cancelled');
    expect(call('GET', '/api/api/emails/to-validate?per_page=100').json.data.some((x: Json) => x.lead_id === leon.id)).toBe(false);
    // Blocking again is harmless.
    expect(call('POST', `/api/api/contacts/${leon.id}/block`).json.data).toMatchObject({ emails_cancelled: 0, letters_cancelled: 0 });
  });

  it('refuses with 403 on a paused or cancelled agent and 404 for an unknown contact', () => {
    const { call, sb } = clocked();
    const bruno = sb.accounts
      .values()
      .next()
      .value!.book.contacts.find((c) => c.firstname === 'Bruno')!;
    expect(call('POST', `/api/api/contacts/${bruno.id}/block`).json).toEqual({ success: false, message: 'Agent paused' });
    call('POST', `/__sandbox/agents/${A2}`, { status: 'cancelled' }, null);
    expect(call('POST', `/api/api/contacts/${bruno.id}/block`)).toMatchObject({ status: 403, json: { message: 'Agent cancelled' } });
    expect(call('POST', '/api/api/contacts/ld_nobody/block').status).toBe(404);
  });
});
