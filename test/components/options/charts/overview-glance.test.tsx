// @vitest-environment happy-dom
// The Overview at a glance (issue 50 item 6): the last 7 days against the weekly cap, its mark drawn,
// beside the 7 days before; failed invitations shown or said not known; each agent's bars each on its
// own scale with their values; the work that waits as numbers, not bars; links only to views; one
// period word; from what is kept (no request), in English and French.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import OverviewView from '../../../../components/options/views/overview-view';
import { BackendContext, type Backend } from '../../../../components/shared/backend';
import type { Account } from '../../../../lib/api/schemas';
import { DAY_MS, type SentInvitation } from '../../../../lib/sent-invitations/record';
import { actionsItem, sentRecordItem, waitingWorkItem, weeklyStatsItem } from '../../../../lib/store/storage';
import type { ViewId } from '../../../../lib/views/routes';
import { sandboxBackend } from '../../../helpers/backend';
import { configure } from '../../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../../helpers/messages';
import { renderOptionsAt } from '../../../helpers/options';

afterEach(cleanup);

const NOW = Date.now();
const sent = (actionId: string, agentId: string, daysAgo: number, more: Partial<SentInvitation> = {}): SentInvitation => ({
  actionId,
  slug: `p-${actionId}`,
  agentId,
  note: null,
  sentAt: NOW - daysAgo * DAY_MS,
  ...more,
});
const agent = (id: string, name: string) => ({ id, name, status: 'active', isActive: true, internalNote: null });
const account = { user: { name: 'Ana' }, agents: [agent('ag_a', 'Growth'), agent('ag_b', 'Quiet')] } as Account;

async function keep({
  record = [] as SentInvitation[],
  weekly = [{ id: 'ag_a', name: 'Growth', sent: 6 }],
  waiting = { emails: 3, letters: 0, replies: 12 },
  figures = {} as Record<string, number>,
} = {}) {
  await sentRecordItem.setValue(record);
  await weeklyStatsItem.setValue({ stats: { total: 6, days: [], agents: weekly, figures }, fetchedAt: NOW });
  const count = (n: number) => ({ count: n, more: false });
  await waitingWorkItem.setValue({ emails: count(waiting.emails), letters: count(waiting.letters), replies: count(waiting.replies), fetchedAt: NOW });
  await actionsItem.setValue({ actions: [], fetchedAt: NOW, full: false, agentFilter: null });
}

/** The Overview alone; every ask of the background is counted (there should be none). */
function renderOverview() {
  const ask = vi.fn(() => Promise.reject(new Error('no request expected')));
  const go = vi.fn<(view: ViewId) => void>();
  render(
    <BackendContext.Provider value={{ ask } as unknown as Backend}>
      <OverviewView account={account} accountAt={NOW} go={go} offered={['overview', 'invitations', 'emails', 'letters']} onCredentials={() => undefined} />
    </BackendContext.Provider>,
  );
  return { ask, go };
}

const RECORD = [
  sent('1', 'ag_a', 2),
  sent('2', 'ag_a', 10),
  sent('3', 'ag_a', 30),
  sent('4', 'ag_a', 40),
  sent('5', 'ag_a', 3, { acceptedAt: NOW - DAY_MS }),
  sent('6', 'ag_a', 4, { withdrawnAt: NOW - DAY_MS }),
];
/** The widths of a chart's drawn segments (the track aside). */
const widths = (img: Element) => [...img.querySelectorAll('rect:not(.bar-track)')].map((r) => Number(r.getAttribute('width')));

const text = () => document.body.textContent ?? '';
const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
/** The week chart: its bars' widths (220 px is the cap here) and the values written on it. */
const weekChart = () => {
  const img = screen.getByRole('img', { name: /^Last 7 days|^7 derniers jours/ });
  return { img, widths: widths(img), values: [...img.querySelectorAll('text')].map((t) => t.textContent), cap: img.querySelector('line.cap-mark') };
};

describe('the Overview at a glance', () => {
  it('draws the last 7 days against the cap, its mark drawn, beside the 7 days before, each value on its bar, without a request', async () => {
    await keep({ record: RECORD });
    const { ask } = renderOverview();
    await screen.findByRole('heading', { name: 'Invitations against your weekly cap' });
    const week = weekChart();
    expect(week.img.getAttribute('aria-label')).toBe(
      "Last 7 days: 6 of your 100 invitations (the service's count); The 7 days before: 1 (counted in this browser: the service's figures cover only the last 7 days)",
    );
    // Both bars on the cap's scale: 6 and 1 of 100 on 220 px; the cap is the mark at the end.
    expect(week.widths.map((w) => Math.round(w * 10) / 10)).toEqual([13.2, 2.2]);
    expect(week.values).toEqual(['6', '1', '100']);
    expect(week.cap?.getAttribute('x1')).toBe('219');
    // The legend's words, the same figures in text.
    expect(text()).toContain('Invitations sent');
    expect(text()).toContain('Your weekly cap: 100');
    expect(text()).toContain('94 left before the cap');
    expect(ask).not.toHaveBeenCalled();
  });

  it('shows the failed invitations when the service counts them, and says "not known" when it does not', async () => {
    await keep({ record: RECORD });
    renderOverview();
    expect(await screen.findByText("Failed in the last 7 days: not known (the service's figures do not count them)")).toBeTruthy();
    cleanup();
    await keep({ record: RECORD, figures: { failed_count: 2, previous_week: 9 } });
    renderOverview();
    expect(await screen.findByText('Failed in the last 7 days: 2')).toBeTruthy();
    // The service's own figure for the 7 days before, said as its count.
    expect(screen.getByText("The 7 days before: 9 (the service's count)")).toBeTruthy();
  });

  it('says the cap reached past it, the bar on its own figure and the cap a mark inside it', async () => {
    await weeklyStatsItem.setValue({ stats: { total: 125, days: [], agents: [], figures: {} }, fetchedAt: NOW });
    renderOverview();
    await screen.findByText('The cap is reached');
    const week = weekChart();
    expect(week.widths[0]).toBe(220);
    expect(week.cap?.getAttribute('x1')).toBe(String((100 / 125) * 220 - 1));
  });

  it("draws each agent's week against the cap and its invitations on their own whole, the values on the bars, one colour per meaning", async () => {
    await keep({ record: RECORD });
    renderOverview();
    const week = await screen.findByRole('img', { name: 'Growth: 6 sent in the last 7 days, against your weekly cap of 100' });
    expect(widths(week)).toEqual([9.6]);
    expect(week.querySelector('text')?.textContent).toBe('6');
    expect(week.querySelector('line.cap-mark')).toBeTruthy();
    const state = screen.getByRole('img', { name: 'Growth: 1 accepted, 1 pending under 7 days, 1 pending 7 to 20 days, 2 pending 21 days or more' });
    // Its own scale: the agent's 5 invitations fill the bar.
    expect(widths(state)).toEqual([32, 32, 32, 64]);
    expect(state.querySelector('text')?.textContent).toBe('5');
    expect([...state.querySelectorAll('rect:not(.bar-track)')].map((r) => r.getAttribute('class'))).toEqual([
      'tone-ok',
      'tone-fresh',
      'tone-muted',
      'tone-warn',
    ]);
    // The legend in words beside it, no link.
    expect(text()).toContain('1 accepted · 1 pending under 7 days · 1 pending 7 to 20 days · 2 pending 21 days or more');
    // Warn means "pending 21 days or more" only: its segment and its swatch in the legend, nothing else on the page.
    const warn = [...document.querySelectorAll('.tone-warn')];
    expect(warn.map((e) => (e.tagName.toLowerCase() === 'rect' ? 'segment' : e.parentElement?.textContent?.replace(/^ · /, '')))).toEqual([
      'segment',
      '2 pending 21 days or more',
    ]);
    // The accent means invitations sent (the bars against the cap), never a share of those pending.
    expect(state.querySelectorAll('.tone-accent')).toHaveLength(0);
    expect(week.querySelectorAll('.tone-accent')).toHaveLength(1);
  });

  it('shows the work that waits as numbers, not bars, each queue a link to its view, the figures themselves no link', async () => {
    await keep({ record: RECORD });
    const kept = (await waitingWorkItem.getValue())!;
    await waitingWorkItem.setValue({
      ...kept,
      emails: { count: 3, more: false, byAgent: { ag_a: 2, ag_b: 1 } },
      replies: { count: 12, more: false, byAgent: { ag_a: 4 } },
    });
    renderOverview();
    const waiting = (await screen.findByRole('heading', { name: 'Waiting for you' })).closest('section')!;
    expect(waiting.querySelector('svg')).toBeNull();
    expect(within(waiting).getByText('0 invitations ready').tagName).toBe('LI');
    expect(within(waiting).getByRole('link', { name: '12 replies wait for you to handle' }).getAttribute('href')).toBe('#emails/replies');
    const growth = screen.getByRole('heading', { name: 'Growth' }).closest('li') as HTMLElement;
    expect(within(growth).getByText('2 emails to validate · 4+ replies to handle')).toBeTruthy();
    expect(within(growth).queryAllByRole('link')).toEqual([]);
    // The links: the queues, the Invitations view once, and the account's views; no figure of the charts.
    expect(links()).toEqual([
      ['Invitations per day and per agent', '#invitations'],
      ['3 emails wait for your validation', '#emails/to-validate'],
      ['12 replies wait for you to handle', '#emails/replies'],
      ['No letter waits for your validation', '#letters/to-validate'],
      ['Invitations', '#invitations'],
      ['Emails', '#emails'],
      ['Letters', '#letters'],
    ]);
  });

  it('names one period throughout: "last 7 days", never "this week"', async () => {
    await keep({ record: RECORD, weekly: [{ id: 'ag_a', name: 'Growth', sent: 6 }] });
    renderOverview();
    await screen.findByRole('heading', { name: 'Quiet' });
    expect(text()).not.toMatch(/this week|week's/i);
    expect(text()).toContain('0 sent in the last 7 days (counted in this browser)');
  });

  it('the link to the Invitations view switches to it, by click', async () => {
    await keep({ record: RECORD });
    const { go } = renderOverview();
    const link = await screen.findByRole('link', { name: 'Invitations per day and per agent' });
    link.focus();
    expect(document.activeElement).toBe(link);
    fireEvent.click(link);
    expect(go).toHaveBeenCalledWith('invitations');
  });

  it('in the options page, that link opens the Invitations view and puts the focus on its heading', async () => {
    await configure();
    await renderOptionsAt(sandboxBackend(), '#overview');
    fireEvent.click(await screen.findByRole('link', { name: 'Invitations per day and per agent' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Invitations'));
    expect(location.hash).toBe('#invitations');
  });

  it('reads in French', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    await keep({ record: RECORD });
    renderOverview();
    await screen.findByRole('heading', { name: 'Les invitations face à votre plafond hebdomadaire' });
    expect(weekChart().img.getAttribute('aria-label')).toBe(
      "7 derniers jours : 6 de vos 100 invitations (décompte du service); Les 7 jours d'avant : 1 (comptées dans ce navigateur : les chiffres du service ne couvrent que les 7 derniers jours)",
    );
    expect(screen.getByText('Échouées ces 7 derniers jours : inconnu (les chiffres du service ne les comptent pas)')).toBeTruthy();
    expect(text()).toContain('Invitations envoyées');
    expect(text()).toContain('Votre plafond hebdomadaire : 100');
    expect(screen.getByRole('img', { name: 'Growth : 6 envoyées ces 7 derniers jours, face à votre plafond hebdomadaire de 100' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Growth : 1 acceptée, 1 en attente depuis moins de 7 jours, 1 en attente depuis 7 à 20 jours, 2 en attente depuis 21 jours ou plus',
      }),
    ).toBeTruthy();
    expect(text()).not.toMatch(/cette semaine|de la semaine/);
    expect(screen.getByRole('link', { name: 'Les invitations par jour et par agent' }).getAttribute('href')).toBe('#invitations');
  });
});
