// @vitest-environment happy-dom
// The Invitations view's week (issue 39 item 7): no raw field left. The period the statistics cover
// goes into the caption's words, a figure that repeats the total is not listed again, every other
// figure is named in words (or its key made readable) with a rate's sign, in English and French.
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WeeklyStatsView } from '../../../components/options/weekly-stats-view';
import type { Account, WeeklyStats } from '../../../lib/api/schemas';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

const account = { user: {}, agents: [{ id: 'ag_a', name: 'Growth', status: 'active', isActive: true, internalNote: null }] } as Account;
const stats = (figures: Record<string, number>, more: Partial<WeeklyStats> = {}): WeeklyStats => ({
  total: 6,
  days: [],
  agents: [{ id: 'ag_a', name: 'ag_a', sent: 6 }],
  figures,
  ...more,
});
const listed = () => [...document.querySelectorAll('.figures > div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]);

describe("the Invitations view's week in words", () => {
  it('says the period in the caption, names every other figure, and shows no raw key', () => {
    render(
      <WeeklyStatsView
        account={account}
        stats={stats({ period_days: 7, total_sent: 6, invitations_sent: 6, emails_sent: 4, acceptance_rate: 33, profiles_viewed: 1234567 })}
      />,
    );
    expect(screen.getByRole('img', { name: '6 invitations sent in the last 7 days' })).toBeTruthy();
    expect(listed()).toEqual([
      ['Emails sent', '4'],
      ['Acceptance rate', '33%'],
      ['Profiles viewed', '1,234,567'],
    ]);
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/period|_/i);
    // An agent named by its id in the statistics is named as the account names it.
    expect(within(screen.getByRole('table', { name: 'Invitations sent per agent' })).getByRole('rowheader', { name: 'Growth' })).toBeTruthy();
  });

  it('says another period in the caption, with or without a total', () => {
    render(<WeeklyStatsView account={undefined} stats={stats({ active_days: 5, window_days: 14 }, { total: 1 })} />);
    expect(screen.getByRole('img', { name: 'Invitations sent in the last 14 days: 1' })).toBeTruthy();
    // A count of days that is no period keeps its place among the figures.
    expect(listed()).toEqual([['Active days', '5']]);
    cleanup();
    render(<WeeklyStatsView account={undefined} stats={stats({ days: 30, sent: 9 }, { total: undefined })} />);
    expect(screen.getByRole('img', { name: 'Invitations sent in the last 30 days' })).toBeTruthy();
    expect(listed()).toEqual([['Sent', '9']]);
  });

  it('reads in French', () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    render(<WeeklyStatsView account={account} stats={stats({ period_days: 14, emails_sent: 4, acceptance_rate: 33 })} />);
    expect(screen.getByRole('img', { name: 'Invitations envoyées ces 14 derniers jours : 6' })).toBeTruthy();
    expect(listed()).toEqual([
      ['E-mails envoyés', '4'],
      // A figure the extension has no words for keeps the service's own name, made readable.
      ['Acceptance rate', '33 %'],
    ]);
  });
});
