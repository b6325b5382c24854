import { describe, expect, it } from 'vitest';
import type { WithdrawReply } from '../../../lib/background/sent-invitations';
import { answerTone, focusAfter, type ListedOld, sentViewRows, type SentViewRow } from '../../../lib/desk/sent-view';
import type { SentInvitation } from '../../../lib/sent-invitations/record';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 9);

function sent(slug: string, daysAgo: number, extra: Partial<SentInvitation> = {}): SentInvitation {
  return {
    actionId: `a-${slug}`,
    slug,
    name: `Service ${slug}`,
    agentId: 'ag1',
    agentName: 'Growth',
    note: `Hi ${slug}`,
    sentAt: NOW - daysAgo * DAY,
    ...extra,
  };
}
const listed = (i: SentInvitation, pageName = `Dr. Service ${i.slug}`): ListedOld => ({
  ...i,
  days: Math.floor((NOW - i.sentAt) / DAY),
  service: 'sent',
  row: { slug: i.slug, name: pageName },
});

describe('the rows of the desk’s Sent invitations view', () => {
  it('lists the page’s old invitations oldest first, each with the page’s name, its agent, age and note', () => {
    const [a, b] = [sent('a', 25), sent('b', 40)];
    const rows = sentViewRows([], [listed(a!), listed(b!)], [a!, b!]);
    expect(rows.map((r) => [r.slug, r.name, r.days, r.note, r.agentName, r.withdrawnAt])).toEqual([
      ['b', 'Dr. Service b', 40, 'Hi b', 'Growth', undefined],
      ['a', 'Dr. Service a', 25, 'Hi a', 'Growth', undefined],
    ]);
  });

  it('names a row by the record’s name, then its address, when the page’s row shows none', () => {
    const a = sent('a', 30);
    expect(sentViewRows([], [listed(a, '')], [a])[0]!.name).toBe('Service a');
    expect(sentViewRows([], [listed({ ...a, name: undefined }, '')], [a])[0]!.name).toBe('a');
  });

  it('names a row by the record’s name when the page’s row shows another (the page’s words are the page’s to write)', () => {
    const a = sent('a', 30, { name: 'Jane Doe' });
    expect(sentViewRows([], [listed(a, 'John Smith')], [a])[0]!.name).toBe('Jane Doe');
    expect(sentViewRows([], [listed({ ...a, name: undefined }, 'John Smith')], [a])[0]!.name).toBe('a');
    expect(sentViewRows([], [listed(a, 'Dr. Jane Doe')], [a])[0]!.name).toBe('Dr. Jane Doe');
  });

  it('keeps the headline the page gives a namesake’s row, so that the person can tell them apart', () => {
    const [a, b] = [sent('a', 30, { name: 'Jane Doe' }), sent('b', 31, { name: 'Jane Doe' })];
    const rows = sentViewRows([], [{ ...listed(a!, 'Jane Doe'), row: { slug: 'a', name: 'Jane Doe', headline: 'Nurse' } }, listed(b!, 'Jane Doe')], [a!, b!]);
    expect(rows.map((r) => [r.slug, r.headline])).toEqual([
      ['b', undefined],
      ['a', 'Nurse'],
    ]);
  });

  it('keeps a row withdrawn while the view was shown in its place with the record’s date; drops one that left the page otherwise', () => {
    const [a, b, c] = [sent('a', 40), sent('b', 30), sent('c', 25)];
    const before = sentViewRows([], [listed(a!), listed(b!), listed(c!)], [a!, b!, c!]);
    // b was withdrawn through the extension; c was accepted (the page dropped it, the record says nothing of a withdrawal).
    const record = [a!, { ...b!, withdrawnAt: NOW + 5 }, { ...c!, acceptedAt: NOW }];
    const rows = sentViewRows(before, [listed(a!)], record);
    expect(rows.map((r) => [r.slug, r.withdrawnAt])).toEqual([
      ['a', undefined],
      ['b', NOW + 5],
    ]);
  });

  it('shows a withdrawal the record holds for a row the page still lists (the page not reloaded yet)', () => {
    const a = sent('a', 40);
    expect(sentViewRows([], [listed(a)], [{ ...a, withdrawnAt: NOW }])[0]!.withdrawnAt).toBe(NOW);
  });
});

describe('after a withdrawal', () => {
  const rows: SentViewRow[] = ['a', 'b', 'c', 'd'].map((s, i) => ({
    actionId: s,
    slug: s,
    name: s,
    note: null,
    sentAt: i,
    days: 30,
    withdrawnAt: s === 'c' ? 1 : undefined,
  }));

  it('gives the focus to the next row still to withdraw, else the one before, else none', () => {
    expect(focusAfter(rows, 'a')).toBe('b');
    expect(focusAfter(rows, 'b')).toBe('d');
    expect(focusAfter(rows, 'd')).toBe('b');
    expect(focusAfter([rows[0]!], 'a')).toBeUndefined();
  });

  it('reads withdrawn as done, cancelled as plain, and every other answer as a warning', () => {
    const replies: Array<[WithdrawReply, string]> = [
      [{ state: 'withdrawn', evidence: [], at: 1 }, 'done'],
      [{ state: 'cancelled', evidence: [], at: 1 }, 'plain'],
      [{ state: 'wait', until: 1 }, 'warn'],
      [{ state: 'busy', slug: 'x' }, 'warn'],
      [{ state: 'not-ours' }, 'warn'],
      [{ state: 'not-sent-page' }, 'warn'],
      [{ state: 'not-sure', why: 'no-row', evidence: [], at: 1 }, 'warn'],
    ];
    for (const [reply, tone] of replies) expect(answerTone(reply), reply.state).toBe(tone);
  });
});
