import { describe, expect, it } from 'vitest';
import { readEmailList, readEmailsToHandle, readEmailsToValidate, readReplyRecord } from '../../../../lib/api/readers/emails';

describe('emails list (operation 8)', () => {
  const email = {
    id: 'em_1',
    category: 'interested',
    subject: 'Re: votre offre',
    snippet: 'Oui, parlons-en',
    from: { email: 'lea@acme.fr', name: 'Léa' },
    received_at: '2025-03-02T08:00:00Z',
    lead: { id: 'ld_1', firstname: 'Léa', lastname: 'Roux', company: 'Acme' },
    agent_name: 'Paris',
  };

  it.each([
    ['a bare array', [email]],
    ['data', { success: true, data: [email] }],
    ['emails', { emails: [email] }],
    ['data.emails', { data: { emails: [email] } }],
    ['results', { results: [email] }],
  ])('finds the emails in %s', (_, body) => {
    expect(readEmailList(body).emails.map((e) => e.id)).toEqual(['em_1']);
  });

  it('reads category, sender, lead and agent', () => {
    expect(readEmailList([email]).emails[0]).toEqual({
      id: 'em_1',
      category: 'interested',
      subject: 'Re: votre offre',
      preview: 'Oui, parlons-en',
      from: { masked: false, value: 'lea@acme.fr' },
      at: '2025-03-02T08:00:00.000Z',
      leadId: 'ld_1',
      contactName: 'Léa Roux',
      company: 'Acme',
      agentName: 'Paris',
    });
  });

  it('keeps a category it does not know and shortens a body into a preview', () => {
    const e = readEmailList([{ id: 1, category: 'bounce', body: 'x'.repeat(1000) }]).emails[0];
    expect(e?.category).toBe('bounce');
    expect(e?.preview).toHaveLength(300);
  });

  it('fails clearly when no list is found, and counts records without id', () => {
    expect(() => readEmailList({ data: { unread: 2 } })).toThrow(/No list of emails/);
    expect(readEmailList([{ subject: 'x' }]).skipped).toBe(1);
  });
});

describe('contact emails to validate (operation 9)', () => {
  it("takes the lead id before the record's own id, as validation is by lead", () => {
    const list = readEmailsToValidate({ data: [{ id: 'em_7', lead_id: 'ld_7', subject: 'Bonjour', content: 'Madame…' }] });
    expect(list.emails[0]).toMatchObject({ leadId: 'ld_7', subject: 'Bonjour', steps: [{ key: '1', subject: 'Bonjour', body: 'Madame…' }] });
    expect(readEmailsToValidate([{ id: 'x', lead: { id: 'ld_8', firstname: 'Jo' } }]).emails[0]).toMatchObject({ leadId: 'ld_8', contactName: 'Jo' });
  });

  it("takes the record's id as the lead's when the record is the lead", () => {
    expect(readEmailsToValidate({ leads: [{ id: 'ld_9', firstname: 'Anne', lastname: 'Roy', email: 'anne@roy.fr' }] }).emails[0]).toMatchObject({
      leadId: 'ld_9',
      contactName: 'Anne Roy',
      email: { masked: false, value: 'anne@roy.fr' },
    });
  });

  it('reads a masked email as masked', () => {
    const e = readEmailsToValidate([
      { lead_id: 'l', email: 'xxxx.xxxx@xxxxx.xx' },
      { lead_id: 'm', email: 'a@b.fr', is_masked: true },
    ]).emails;
    expect(e.map((x) => x.email)).toEqual([{ masked: true }, { masked: true }]);
  });

  it('reads the personalised messages as a map or a list, keeping each key', () => {
    expect(readEmailsToValidate([{ lead_id: 'l', custom_messages: { intro: 'Bonjour', ps: { content: 'PS' } } }]).emails[0]?.steps).toEqual([
      { key: 'intro', body: 'Bonjour' },
      { key: 'ps', body: 'PS' },
    ]);
    expect(readEmailsToValidate([{ lead_id: 'l', messages: [{ key: 'm1', text: 'Un' }, { content: 'Deux' }] }]).emails[0]?.steps).toEqual([
      { key: 'm1', body: 'Un' },
      { key: '2', body: 'Deux' },
    ]);
  });

  it("gives the record's subject to a map's first step", () => {
    const e = readEmailsToValidate([{ lead_id: 'l', subject: 'Audit', messages: { email_1: 'Bonjour\n\nMadame', follow_up_1: 'Relance' } }]).emails[0];
    expect(e?.steps).toEqual([
      { key: 'email_1', subject: 'Audit', body: 'Bonjour\n\nMadame' },
      { key: 'follow_up_1', body: 'Relance' },
    ]);
  });

  it.each(['messages', 'sequence', 'steps', 'emails'])('orders steps listed under %s by position, step or order', (list) => {
    const raw = {
      lead_id: 'l',
      [list]: [
        { step: 3, title: 'Trois', content: 'C' },
        { position: 1, subject: 'Un', text: 'A' },
        { order: 2, subject: 'Deux', body: 'B' },
      ],
    };
    expect(readEmailsToValidate([raw]).emails[0]?.steps).toEqual([
      { key: '1', subject: 'Un', body: 'A' },
      { key: '2', subject: 'Deux', body: 'B' },
      { key: '3', subject: 'Trois', body: 'C' },
    ]);
  });

  it('reads subject + content + follow_ups as steps 1, 2, 3', () => {
    const raw = { lead_id: 'l', subject: 'Audit', content: 'Bonjour', follow_ups: ['Relance', { subject: 'Dernier', text: 'Fin' }] };
    expect(readEmailsToValidate([raw]).emails[0]?.steps).toEqual([
      { key: '1', subject: 'Audit', body: 'Bonjour' },
      { key: '2', body: 'Relance' },
      { key: '3', subject: 'Dernier', body: 'Fin' },
    ]);
  });

  it.each([
    ['person with a full name and a company object', { person: { full_name: 'Léa Roux', company: { name: 'Acme' }, email: 'lea@acme.fr' } }],
    ['lead with first and last names', { lead: { first_name: 'Léa', last_name: 'Roux', company: 'Acme', email: 'lea@acme.fr' } }],
    ['prospect', { prospect: { firstname: 'Léa', lastname: 'Roux', company_name: 'Acme', email: 'lea@acme.fr' } }],
    ['contact', { contact: { full_name: 'Léa Roux', company: 'Acme', email: 'lea@acme.fr' } }],
    ['attendee', { attendee: { full_name: 'Léa Roux', company: { name: 'Acme' }, email: 'lea@acme.fr' } }],
  ])('reads the person nested as %s', (_, nested) => {
    expect(readEmailsToValidate([{ lead_id: 'l', ...nested }]).emails[0]).toMatchObject({
      contactName: 'Léa Roux',
      company: 'Acme',
      email: { masked: false, value: 'lea@acme.fr' },
    });
  });

  it('skips a record holding a step too long to be sent back whole, rather than cutting it', () => {
    const list = readEmailsToValidate([
      { lead_id: 'l1', messages: { email_1: 'x'.repeat(100_001) } },
      { lead_id: 'l2', messages: { email_1: 'y'.repeat(100_000) } },
    ]);
    expect(list.emails.map((e) => [e.leadId, e.steps[0]?.body.length])).toEqual([['l2', 100_000]]);
    expect(list.skipped).toBe(1);
  });

  it('reads the pagination', () => {
    expect(readEmailsToValidate({ data: [{ lead_id: 'l' }], meta: { current_page: 1, last_page: 1 } }).page.hasNext).toBe(false);
  });
});

describe('AI replies to handle (operation 10)', () => {
  it('reads the received email, the proposed reply and a prepared copy', () => {
    const list = readEmailsToHandle({
      success: true,
      data: [
        {
          id: 'em_3',
          category: 'interested',
          from: 'ceo@acme.fr',
          subject: 'Re: demo',
          content: 'Can we talk Tuesday?',
          ai_response: { content: 'Tuesday 10am works.' },
          cc: 'sales@me.fr',
          lead: { id: 'ld_3', status: 'won', firstname: 'Max' },
        },
      ],
    });
    expect(list.emails[0]).toEqual({
      emailId: 'em_3',
      leadId: 'ld_3',
      contactName: 'Max',
      leadStatus: 'won',
      category: 'interested',
      from: { masked: false, value: 'ceo@acme.fr' },
      subject: 'Re: demo',
      received: 'Can we talk Tuesday?',
      reply: 'Tuesday 10am works.',
      cc: 'sales@me.fr',
    });
  });

  it('takes email_id before id', () => {
    expect(readEmailsToHandle([{ id: 'row1', email_id: 'em_4', suggested_reply: 'Merci' }]).emails[0]).toMatchObject({ emailId: 'em_4', reply: 'Merci' });
  });
});

describe('reply record (operation 13)', () => {
  it.each([
    ['flat', { success: true, status: 'waiting', type: 'manual', cc_added: true }],
    ['under data', { success: true, data: { status: 'waiting', type: 'manual', cc_added: 1 } }],
    ['under data.reply', { success: true, data: { reply: { status: 'waiting', type: 'manual' }, cc_added: true } }],
  ])('reads status, type and cc_added %s', (_, body) => {
    expect(readReplyRecord(body)).toEqual({ status: 'waiting', type: 'manual', ccAdded: true });
  });

  it("leaves what the answer lacks unknown, and never reads the indicator as the reply's status", () => {
    expect(readReplyRecord({ status: 'success' })).toEqual({});
    expect(readReplyRecord({ success: true, data: { type: 'ai_validated', cc_added: false } })).toEqual({ type: 'ai_validated', ccAdded: false });
  });
});
