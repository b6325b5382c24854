import { describe, expect, it } from 'vitest';
import { idByValue, leadRefId, selfLinkId } from '../../../../lib/api/body/identity';
import { normalized, type Node } from '../../../../lib/api/body/fold';
import { readEmailsToValidate, readEmailList } from '../../../../lib/api/readers/emails';
import { readCalendarEvents } from '../../../../lib/api/readers/meetings';

const node = (o: unknown) => normalized(o) as Node;

describe('a record read by its self link (HAL)', () => {
  it('takes its id from _links.self.href, an absolute or a relative address, its query aside', () => {
    expect(selfLinkId(node({ _links: { self: { href: 'http://127.0.0.1:8787/api/api/emails/12' } } }))).toBe('12');
    expect(selfLinkId(node({ links: { self: '/api/api/letters/lt_9?projection=full' } }))).toBe('lt_9');
    expect(selfLinkId(node({ _links: { next: { href: '/emails?page=2' } } }))).toBeUndefined();
  });

  it('keeps a self link’s malformed escape as written rather than throwing', () => {
    expect(selfLinkId(node({ _links: { self: { href: '/api/api/emails/%C3%28' } } }))).toBe('%C3%28');
    expect(selfLinkId(node({ _links: { self: { href: '/api/api/emails/em%201' } } }))).toBe('em 1');
  });

  it('shows every email of a HAL list whose records carry no id field of their own', () => {
    const record = (n: number) => ({
      subject: `Sujet ${n}`,
      category: 'received',
      from: `p${n}@example.com`,
      _links: { self: { href: `http://x.test/api/api/emails/${n}` }, contact: { href: `http://x.test/api/api/contacts/c${n}` } },
    });
    const body = {
      _embedded: { emails: [record(1), record(2), record(3)] },
      _links: { self: { href: '/emails' } },
      page: { size: 20, totalElements: 3, totalPages: 1, number: 0 },
    };
    const list = readEmailList(body);
    expect(list.emails.map((e) => e.id)).toEqual(['1', '2', '3']);
    expect(list.emails.map((e) => e.leadId)).toEqual(['c1', 'c2', 'c3']);
  });

  it('lists the meetings of a HAL answer', () => {
    const body = {
      _embedded: {
        calendarEvents: [1, 2].map((n) => ({
          startsAt: `2026-12-0${n}T10:00:00Z`,
          status: 'success',
          meetingMode: 'visio',
          _links: { self: { href: `/calendar-events/ev${n}` } },
        })),
      },
      page: { number: 0, totalElements: 2 },
    };
    expect(readCalendarEvents(body).meetings).toHaveLength(2);
  });
});

describe('the lead a record is about', () => {
  it.each([
    ['a bare id under lead', { id: 'em_1', lead: 'ld_3' }],
    ['a {type, id} reference', { id: 'em_1', prospect: { type: 'lead', id: 'ld_3' } }],
    ['a related record', { id: 'em_1', contact: { id: 'ld_3', firstname: 'Élodie' } }],
    ['a camelCase id', { id: 'em_1', contactId: 'ld_3' }],
    ['a French key', { id: 'em_1', id_prospect: 'ld_3' }],
    ['a number', { id: 'em_1', leadId: 3 }],
  ])('is found from %s', (_, record) => {
    expect(leadRefId(node(record))).toBe(_ === 'a number' ? '3' : 'ld_3');
  });

  it('is not taken from the lead’s name, email or status', () => {
    expect(leadRefId(node({ lead_name: 'ld_3', contact_email: 'a@b.co', contact_status: 'nurture' }))).toBeUndefined();
  });

  it('is the id an email to validate is decided by, not the email’s own id (ops 11 and 12)', () => {
    const body = { data: [{ id: 'em_1', lead: 'ld_3', subject: 'Bonjour', email: 'a@b.co', messages: [{ step: 1, subject: 'Bonjour', content: 'Texte' }] }] };
    expect(readEmailsToValidate(body).emails.map((e) => e.leadId)).toEqual(['ld_3']);
  });
});

describe('a record’s id by the shape of its value', () => {
  it('is the one member shaped as an id', () => {
    expect(idByValue(node({ k7: 'em_12', q2: 'Bonjour', z: 3 }))).toBe('em_12');
  });
  it('is none when two members could be, or when a number has no id key', () => {
    expect(idByValue(node({ a: 'em_12', b: 'em_13' }))).toBeUndefined();
    expect(idByValue(node({ a: 12, b: 'Bonjour' }))).toBeUndefined();
  });
  it('never takes a reference, a time or a plain word', () => {
    expect(idByValue(node({ lead: 'ld_3', at: '2026-12-01T10:00:00Z', w: 'word' }))).toBeUndefined();
  });
});
