// @vitest-environment happy-dom
// The Overview at a glance (issue 39 item 7): the work that waits and each agent's week as bars
// drawn in SVG, each named for screen readers, its figure written beside it as a link to its view,
// from what is kept (no request), in English and French.
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
} = {}) {
  await sentRecordItem.setValue(record);
  await weeklyStatsItem.setValue({ stats: { total: 6, days: [], agents: weekly, figures: {} }, fetchedAt: NOW });
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

describe('the Overview at a glance', () => {
  it("draws each agent's week and what waits as named pictures, the figures written beside them, without a request", async () => {
    await keep({ record: RECORD });
    const { ask } = renderOverview();
    const week = await screen.findByRole('img', { name: 'Growth: 6 sent this week' });
    expect(week.tagName.toLowerCase()).toBe('svg');
    const state = screen.getByRole('img', { name: 'Growth: 1 accepted, 1 pending under 7 days, 1 pending 7 to 20 days, 2 pending 21 days or more' });
    // Accepted, then pending by age, on one scale: 5 invitations of the longest bar (this one), 160 px.
    expect(widths(state)).toEqual([32, 32, 32, 64]);
    expect([...state.querySelectorAll('rect:not(.bar-track)')].map((r) => r.getAttribute('class'))).toEqual([
      'tone-ok',
      'tone-accent',
      'tone-muted',
      'tone-warn',
    ]);
    // The same figures as text, each a link to the Invitations view.
    const legend = screen.getByRole('link', { name: '1 accepted · 1 pending under 7 days · 1 pending 7 to 20 days · 2 pending 21 days or more' });
    expect(legend.getAttribute('href')).toBe('#invitations');
    expect(screen.getByRole('link', { name: '6 sent this week' }).getAttribute('href')).toBe('#invitations');
    // What waits, on one scale: the replies' queue is the longest bar.
    const emails = screen.getByRole('img', { name: '3 emails wait for your validation' });
    expect(widths(emails)).toEqual([40]);
    expect(widths(screen.getByRole('img', { name: '12 replies wait for you to handle' }))).toEqual([160]);
    expect(screen.getByRole('link', { name: '3 emails wait for your validation' }).getAttribute('href')).toBe('#emails/to-validate');
    expect(screen.getByRole('link', { name: 'No letter waits for your validation' }).getAttribute('href')).toBe('#letters/to-validate');
    // The week against the cap: the bar's end is the cap (6 of 100).
    expect(widths(screen.getByRole('img', { name: '6 of your 100 invitations this week' }))).toEqual([9.6]);
    expect(ask).not.toHaveBeenCalled();
  });

  it("shows what waits for each agent's person, each figure a link to its queue, with + where the page read was not the whole queue", async () => {
    await keep({ record: RECORD });
    const kept = (await waitingWorkItem.getValue())!;
    await waitingWorkItem.setValue({
      ...kept,
      emails: { count: 3, more: false, byAgent: { ag_a: 2, ag_b: 1 } },
      replies: { count: 12, more: false, byAgent: { ag_a: 4 } },
    });
    renderOverview();
    const growth = (await screen.findByRole('heading', { name: 'Growth' })).closest('li') as HTMLElement;
    const queues = await within(growth).findByRole('img', { name: 'Growth: 2 emails to validate, 4+ replies to handle' });
    // One scale across the agents: Growth's 6 is the longest.
    expect(widths(queues).map(Math.round)).toEqual([53, 107]);
    expect(within(growth).getByRole('link', { name: '2 emails to validate' }).getAttribute('href')).toBe('#emails/to-validate');
    expect(within(growth).getByRole('link', { name: '4+ replies to handle' }).getAttribute('href')).toBe('#emails/replies');
    const quiet = screen.getByRole('heading', { name: 'Quiet' }).closest('li') as HTMLElement;
    expect(within(quiet).getByRole('link', { name: '1 email to validate' })).toBeTruthy();
  });

  it('shows an agent with nothing: its zero figures in words, no segment drawn', async () => {
    await keep({ record: RECORD });
    renderOverview();
    const item = (await screen.findByRole('heading', { name: 'Quiet' })).closest('li')!;
    const [week, state] = within(item as HTMLElement).getAllByRole('img');
    expect(week!.getAttribute('aria-label')).toBe('Quiet: 0 sent this week (counted in this browser)');
    expect(state!.getAttribute('aria-label')).toBe('Quiet: Nothing sent with the extension in this browser yet');
    expect([...widths(week!), ...widths(state!)]).toEqual([]);
    expect(within(item as HTMLElement).getByRole('link', { name: 'Nothing sent with the extension in this browser yet' })).toBeTruthy();
    // Nothing waits anywhere: every bar empty, every figure still said.
    cleanup();
    await keep({ weekly: [], waiting: { emails: 0, letters: 0, replies: 0 } });
    renderOverview();
    const none = await screen.findByRole('img', { name: 'No email waits for your validation' });
    expect(widths(none)).toEqual([]);
    expect(screen.getByRole('link', { name: '0 invitations ready' })).toBeTruthy();
  });

  it('keeps a large figure whole in words and a small one visible beside it', async () => {
    await keep({
      weekly: [
        { id: 'ag_a', name: 'Growth', sent: 1_000_000 },
        { id: 'ag_b', name: 'Quiet', sent: 1 },
      ],
      waiting: { emails: 250_000, letters: 1, replies: 0 },
    });
    renderOverview();
    expect(widths(await screen.findByRole('img', { name: 'Growth: 1000000 sent this week' }))).toEqual([160]);
    expect(widths(screen.getByRole('img', { name: 'Quiet: 1 sent this week' }))).toEqual([2]);
    expect(screen.getByRole('link', { name: '1000000 sent this week' })).toBeTruthy();
    expect(widths(screen.getByRole('img', { name: '250000 emails wait for your validation' }))).toEqual([160]);
    expect(widths(screen.getByRole('img', { name: '1 letter waits for your validation' }))).toEqual([2]);
  });

  it('a figure whose link is followed switches to its view, by click or by the keyboard', async () => {
    await keep({ record: RECORD });
    const { go } = renderOverview();
    const link = await screen.findByRole('link', { name: '6 sent this week' });
    link.focus();
    expect(document.activeElement).toBe(link);
    fireEvent.click(link);
    expect(go).toHaveBeenCalledWith('invitations');
    fireEvent.click(screen.getByRole('link', { name: '6 of your 100 invitations this week' }));
    expect(go).toHaveBeenCalledTimes(2);
  });

  it('in the options page, the week’s link opens the Invitations view and puts the focus on its heading', async () => {
    await configure();
    await renderOptionsAt(sandboxBackend(), '#overview');
    fireEvent.click(await screen.findByRole('link', { name: /^\d+ of your 100 invitations this week/ }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Invitations this week'));
    expect(location.hash).toBe('#invitations');
  });

  it('reads in French', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    await keep({ record: RECORD });
    renderOverview();
    await screen.findByRole('heading', { name: 'Les invitations de chaque agent' });
    expect(screen.getByRole('img', { name: 'Growth : 6 envoyées cette semaine' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Growth : 1 acceptée, 1 en attente depuis moins de 7 jours, 1 en attente depuis 7 à 20 jours, 2 en attente depuis 21 jours ou plus',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: "Quiet : Rien d'envoyé avec l'extension dans ce navigateur pour l'instant" })).toBeTruthy();
    expect(screen.getByRole('link', { name: '6 envoyées cette semaine' }).getAttribute('href')).toBe('#invitations');
  });
});
