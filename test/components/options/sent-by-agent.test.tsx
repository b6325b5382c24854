// @vitest-environment happy-dom
// The options page's invitations view: the invitations sent through the extension, per agent, from
// its own record (pending by age, accepted, withdrawn with their dates), in English and French.
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SentByAgent } from '../../../components/options/sent-by-agent';
import { agentSummaries } from '../../../lib/sent-invitations/agent-summary';
import { DAY_MS, type SentInvitation } from '../../../lib/sent-invitations/record';
import { DEFAULT_SETTINGS, sentRecordItem, settingsItem } from '../../../lib/store/storage';
import type { Account } from '../../../lib/api/schemas';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

const NOW = Date.now();
const sent = (actionId: string, agentId: string | undefined, daysAgo: number, more: Partial<SentInvitation> = {}): SentInvitation => ({
  actionId,
  slug: `p-${actionId}`,
  name: `Person ${actionId}`,
  agentId,
  agentName: agentId ? `Kept name ${agentId}` : undefined,
  note: null,
  sentAt: NOW - daysAgo * DAY_MS,
  ...more,
});
const WITHDRAWN_AT = Date.UTC(2026, 10, 12, 12);
const RECORD = [
  sent('1', 'ag_a', 2),
  sent('2', 'ag_a', 10),
  sent('3', 'ag_a', 30),
  sent('4', 'ag_a', 40, { withdrawnAt: WITHDRAWN_AT, name: 'Jane Doe' }),
  sent('5', 'ag_a', 35, { acceptedAt: NOW - DAY_MS }),
  sent('6', 'ag_b', 25),
  sent('7', undefined, 1),
];
const account = { user: {}, agents: [{ id: 'ag_a', name: 'Growth agent', status: 'active', isActive: true, internalNote: null }] } as Account;

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('invitations sent through the extension, per agent', () => {
  it('counts, per agent, pending by age, accepted (with the share) and withdrawn; the busiest agent first, an unknown one last', () => {
    expect(agentSummaries(RECORD, NOW, 21).map((s) => [s.agentId, s.sent, s.pending, s.accepted, s.withdrawn.map((w) => w.actionId)])).toEqual([
      ['ag_a', 5, { young: 1, middle: 1, old: 1 }, 1, ['4']],
      ['ag_b', 1, { young: 0, middle: 0, old: 1 }, 0, []],
      [undefined, 1, { young: 1, middle: 0, old: 0 }, 0, []],
    ]);
    // "Old after" shorter than a week: two bands.
    expect(agentSummaries(RECORD, NOW, 5)[0]!.pending).toEqual({ young: 1, middle: 0, old: 2 });
  });

  it('shows a table in English, the account’s agent names first, and the withdrawn ones with their dates', async () => {
    await sentRecordItem.setValue(RECORD);
    render(<SentByAgent account={account} />);
    const table = await screen.findByRole('table', { name: 'Invitations sent through the extension, by agent' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(cells(head!)).toEqual(['Agent', 'Sent', 'Pending, under 7 days', 'Pending, 7 to 20 days', 'Pending, 21 days or more', 'Accepted', 'Withdrawn']);
    expect(rows.map(cells)).toEqual([
      ['Growth agent', '5', '1', '1', '1', '1 (20 %)', '1'],
      ['Kept name ag_b', '1', '0', '0', '1', '0 (0 %)', '0'],
      ['Agent not known', '1', '1', '0', '0', '0 (0 %)', '0'],
    ]);
    expect(screen.getByText('Growth agent: 1 invitation withdrawn')).toBeTruthy();
    const date = new Date(WITHDRAWN_AT).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
    expect(screen.getByText(`Jane Doe, withdrawn on ${date}`)).toBeTruthy();
  });

  it('follows the "old after" setting', async () => {
    await sentRecordItem.setValue(RECORD);
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, oldAfterDays: 30 });
    render(<SentByAgent account={account} />);
    await screen.findByRole('columnheader', { name: 'Pending, 30 days or more' });
    expect(screen.getByRole('columnheader', { name: 'Pending, 7 to 29 days' })).toBeTruthy();
  });

  it('says so when nothing was sent through the extension yet', async () => {
    render(<SentByAgent account={undefined} />);
    await screen.findByText('No invitation has been marked sent with the extension in this browser yet.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads in French', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    await sentRecordItem.setValue(RECORD);
    render(<SentByAgent account={account} />);
    const table = await screen.findByRole('table', { name: "Invitations envoyées avec l'extension, par agent" });
    expect(cells(within(table).getAllByRole('row')[0]!)).toEqual([
      'Agent',
      'Envoyées',
      'En attente, moins de 7 jours',
      'En attente, de 7 à 20 jours',
      'En attente, 21 jours ou plus',
      'Acceptées',
      'Retirées',
    ]);
    expect(screen.getByRole('heading', { name: "Envoyées avec l'extension" })).toBeTruthy();
    expect(screen.getByText(/^Jane Doe, retirée le /)).toBeTruthy();
  });
});
