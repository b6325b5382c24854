import { describe, expect, it } from 'vitest';
import { oldInvitations, onPage, type ServiceSent } from '../../../lib/sent-invitations/old';
import { DAY_MS, type SentInvitation } from '../../../lib/sent-invitations/record';

const NOW = Date.parse('2026-11-20T09:00:00Z');
const sent = (actionId: string, slug: string, daysAgo: number, more: Partial<SentInvitation> = {}): SentInvitation => ({
  actionId,
  slug,
  note: null,
  sentAt: NOW - daysAgo * DAY_MS,
  ...more,
});
const service = (ids: string[], complete: boolean): ServiceSent => ({ ids, complete, fetchedAt: NOW });

describe('old invitations', () => {
  const record = [
    sent('na_young', 'young', 20),
    sent('na_21', 'at-21', 21),
    sent('na_40', 'forty', 40),
    sent('na_gone', 'withdrawn', 30, { withdrawnAt: NOW - DAY_MS }),
    sent('na_yes', 'accepted', 30, { acceptedAt: NOW - DAY_MS }),
  ];

  it('lists those sent N days ago or more and still pending, oldest first, with their age in days', () => {
    const old = oldInvitations(record, null, NOW, 21);
    expect(old.map((i) => [i.slug, i.days, i.service])).toEqual([
      ['forty', 40, 'unknown'],
      ['at-21', 21, 'unknown'],
    ]);
    expect(oldInvitations(record, null, NOW, 30).map((i) => i.slug)).toEqual(['forty']);
  });

  it('says which the service lists as sent, and leaves out those a whole list of its sent actions lacks', () => {
    expect(oldInvitations(record, service(['na_40'], true), NOW, 21).map((i) => [i.slug, i.service])).toEqual([['forty', 'sent']]);
  });

  it('keeps those a full page of the service’s sent actions lacks: it proves nothing about them', () => {
    expect(oldInvitations(record, service(['na_40'], false), NOW, 21).map((i) => [i.slug, i.service])).toEqual([
      ['forty', 'sent'],
      ['at-21', 'unknown'],
    ]);
  });

  it('takes one invitation per person, the latest sent to them: sent again lately, they are not old', () => {
    const twice = [sent('na_first', 'jane', 50), sent('na_again', 'jane', 3), sent('na_ana', 'ana', 60), sent('na_ana2', 'ana', 30)];
    expect(oldInvitations(twice, null, NOW, 21).map((i) => i.actionId)).toEqual(['na_ana2']);
  });

  it('matches the Sent page’s rows by the profile only, oldest first, and ignores rows of others', () => {
    const old = oldInvitations(record, null, NOW, 21);
    const rows = [
      { slug: 'at-21', name: 'Ana', days: 21 },
      { slug: 'someone-else', name: 'Forty', days: 40 },
      { slug: 'forty', name: 'Bo', days: 30 },
    ];
    expect(onPage(old, rows).map((i) => [i.slug, i.row.name])).toEqual([
      ['forty', 'Bo'],
      ['at-21', 'Ana'],
    ]);
  });
});
