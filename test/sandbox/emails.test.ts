import { describe, expect, it } from 'vitest';
import { EMAIL_CATEGORIES } from './emails';
import { A0, A1, clocked, expect422, MINUTE, type Json } from './helpers';

const contactIdOf = (sb: ReturnType<typeof clocked>['sb'], firstname: string) =>
  sb.accounts
    .values()
    .next()
    .value!.book.contacts.find((c) => c.firstname === firstname)!.id;

describe('sandbox op 8: list emails', () => {
  it('has emails in every category, each selected by its filter', () => {
    const { call } = clocked();
    for (const category of EMAIL_CATEGORIES) {
      const data = call('GET', `/api/api/emails?category=${category}&per_page=100`).json.data as Json[];
      expect(data.length, category).toBeGreaterThan(0);
      if (category === 'to_handle') expect(data.every((e) => e.to_handle)).toBe(true);
      else if (category !== 'received')
        expect(
          data.every((e) => e.category === category),
          category,
        ).toBe(true);
    }
    expect422(call('GET', '/api/api/emails?category=spam'), [], ['category']);
  });

  it('searches, filters by agent, and lowers per_page above 100 to 100 (its maximum is not stated)', () => {
    const { call } = clocked();
    expect((call('GET', '/api/api/emails?search=RGPD').json.data as Json[]).map((e) => e.id)).toEqual(['em_in07']);
    expect((call('GET', '/api/api/emails?search=devis%20prospection&semantic_search=true').json.data as Json[]).length).toBeGreaterThan(1);
    expect((call('GET', `/api/api/emails?agent_filter=${A1}&per_page=100`).json.data as Json[]).every((e) => e.agent_id === A1)).toBe(true);
    expect(call('GET', '/api/api/emails?per_page=500').json.meta.per_page).toBe(100);
  });
});

describe('sandbox ops 9 and 10: emails to validate, emails to handle', () => {
  it('lists contact emails waiting for validation, email masked for a performance-plan agent', () => {
    const { call } = clocked();
    const res = call('GET', '/api/api/emails/to-validate');
    const byName = Object.fromEntries((res.json.data as Json[]).map((x) => [x.firstname, x]));
    expect(byName.Léon).toMatchObject({ email: 'leon.marchal@finaxo.example', subject: expect.any(String), messages: { email_1: expect.any(String) } });
    expect(byName.Kevin.email).toBe('xxxxx.xxxx@xxxxxxx.xxxxxxx');
    expect(byName.Kevin.agent_id).toBe(A1);
    expect(call('GET', `/api/api/emails/to-validate?campaign_filter=${A0}`).json.data.every((x: Json) => x.agent_id === A0)).toBe(true);
    expect422(call('GET', '/api/api/emails/to-validate?per_page=101'), [], ['per_page']);
  });

  it('lists replies waiting for handling with the prepared AI reply', () => {
    const { call } = clocked();
    const data = call('GET', '/api/api/emails/to-handle?per_page=100').json.data as Json[];
    expect(data.map((e) => e.id)).toContain('em_in01');
    expect(data.every((e) => e.direction === 'inbound' && e.lead_id && !e.handled)).toBe(true);
    expect(data.find((e) => e.id === 'em_in01').ai_reply).toMatch(/jeudi/);
    expect422(call('GET', '/api/api/emails/to-handle?per_page=101'), [], ['per_page']);
  });
});

describe('sandbox ops 11 and 12: 60-minute grace on a contact email', () => {
  it('validates with custom messages; reject stays possible for 60 minutes; then the email is sent and final', () => {
    const { call, advance, sb } = clocked();
    const kevin = contactIdOf(sb, 'Kevin');
    const ok = call('POST', `/api/api/emails/validate/${kevin}`, { custom_messages: { email_1: 'Hi Kevin, short and sweet.' } });
    expect(ok.json.data).toMatchObject({ lead_id: kevin, decision: 'validated', final_at: '2026-03-10T10:00:00.000Z' });
    expect(call('GET', '/api/api/emails/to-validate').json.data.some((x: Json) => x.lead_id === kevin)).toBe(false);
    advance(59 * MINUTE);
    expect(call('POST', `/api/api/emails/reject/${kevin}`).json.data.decision).toBe('rejected');
    expect(call('POST', `/api/api/emails/validate/${kevin}`).json.data.decision).toBe('validated');
    advance(60 * MINUTE);
    expect422(call('POST', `/api/api/emails/reject/${kevin}`), [], ['status']);
    const sent = (call('GET', '/api/api/emails?category=sent&per_page=100').json.data as Json[]).find((e) => e.lead_id === kevin);
    expect(sent.content).toBe('Hi Kevin, short and sweet.');
    // Sent: a proof of sending, so the performance-plan contact is unmasked.
    const contact = (call('GET', '/api/api/contacts?search=Paylane').json.data as Json[])[0];
    expect([contact.status, contact.has_touchpoint_email, contact.contacts[0].value]).toEqual(['nurture', true, 'kevin.tran@paylane.example']);
  });

  it('rejects; validate stays possible for 60 minutes; then the contact is deleted for good', () => {
    const { call, advance, sb } = clocked();
    const leon = contactIdOf(sb, 'Léon');
    expect(call('POST', `/api/api/emails/reject/${leon}`).json.data.decision).toBe('rejected');
    advance(30 * MINUTE);
    expect(call('POST', `/api/api/emails/validate/${leon}`).json.data.decision).toBe('validated');
    expect(call('POST', `/api/api/emails/reject/${leon}`).json.data.final_at).toBe('2026-03-10T10:30:00.000Z');
    advance(60 * MINUTE);
    expect(call('POST', `/api/api/emails/validate/${leon}`).status).toBe(404);
    expect(call('GET', '/api/api/contacts?search=Marchal').json.data).toEqual([]);
  });

  it('refuses unknown message keys with 422, paused agents with 403, contacts not in validation with 422', () => {
    const { call, sb } = clocked();
    expect422(call('POST', `/api/api/emails/validate/${contactIdOf(sb, 'Léon')}`, { custom_messages: { p_s: 'x' } }), [], ['custom_messages.p_s']);
    expect(call('POST', `/api/api/emails/validate/${contactIdOf(sb, 'Bruno')}`)).toMatchObject({ status: 403, json: { message: 'Agent paused' } });
    expect422(call('POST', `/api/api/emails/reject/${contactIdOf(sb, 'Nadia')}`), [], ['status']);
  });
});

describe('sandbox ops 13 and 14: AI replies', () => {
  it('validates an interested email with cc: lead won, cc_added, reply waiting, type ai_validated', () => {
    const { call } = clocked();
    const res = call('POST', '/api/api/emails/validate-response/em_in01', { cc: 'boss@demo-sales.example' });
    expect(res.json.data).toMatchObject({ status: 'waiting', type: 'ai_validated', cc_added: true, lead_status: 'won' });
    expect(call('GET', '/api/api/emails/to-handle?per_page=100').json.data.some((e: Json) => e.id === 'em_in01')).toBe(false);
  });

  it('ignores cc when the email is not interested and the lead not won (cc_added false); edited content is manual', () => {
    const { call } = clocked();
    const res = call('POST', '/api/api/emails/validate-response/em_in06', { cc: 'boss@demo-sales.example', content: 'Merci, bonne journée.' });
    expect(res.json.data).toMatchObject({ status: 'waiting', type: 'manual', cc_added: false, lead_status: 'lost', content: 'Merci, bonne journée.' });
  });

  it('takes cc for a lead already won, and keeps a prepared copy when cc is absent', () => {
    const { call } = clocked();
    expect(call('POST', '/api/api/emails/validate-response/em_in02').json.data).toMatchObject({ cc_added: true, cc: 'commercial@demo-sales.example' });
    expect(call('POST', '/api/api/emails/validate-response/em_in02', { cc: 'other@demo-sales.example' }).json.data).toMatchObject({
      cc_added: true,
      cc: 'other@demo-sales.example',
      lead_status: 'won',
    });
  });

  it('adds the copy without changing a blocked lead that answered with interest', () => {
    const { call, sb } = clocked();
    const marc = sb.accounts
      .values()
      .next()
      .value!.book.contacts.find((c) => c.lastname === 'Olivier')!;
    marc.status = 'block';
    expect(call('POST', '/api/api/emails/validate-response/em_in11', { cc: 'x@demo-sales.example' }).json.data).toMatchObject({
      cc_added: true,
      lead_status: 'block',
    });
  });

  it('needs content when there is no AI reply, refuses a bad cc, and skips without replying', () => {
    const { call } = clocked();
    expect422(call('POST', '/api/api/emails/validate-response/em_in05'), ['content'], []);
    expect422(call('POST', '/api/api/emails/validate-response/em_in01', { cc: 'not-an-email' }), [], ['cc']);
    expect(call('POST', '/api/api/emails/skip-response/em_in05').json.data).toEqual({ email_id: 'em_in05', handled: true, reply: null });
    expect422(call('POST', '/api/api/emails/skip-response/em_in05'), [], ['status']);
    expect(call('POST', '/api/api/emails/skip-response/em_nope').status).toBe(404);
  });

  it('refuses replies on a paused or cancelled agent with 403', () => {
    const { call } = clocked();
    call('POST', `/__sandbox/agents/${A0}`, { status: 'paused' }, null);
    expect(call('POST', '/api/api/emails/skip-response/em_in01').json.message).toBe('Agent paused');
    call('POST', `/__sandbox/agents/${A0}`, { status: 'cancelled' }, null);
    expect(call('POST', '/api/api/emails/validate-response/em_in01').json.message).toBe('Agent cancelled');
    call('POST', `/__sandbox/agents/${A0}`, { status: 'active' }, null);
    expect(call('POST', '/api/api/emails/validate-response/em_in01').status).toBe(200);
  });
});
