// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { viewCache } from '../../../components/options/use-view-data';
import { sandboxBackend } from '../../helpers/backend';
import { renderOptionsAt } from '../../helpers/options';
import { configure } from '../../helpers/controller';

afterEach(cleanup);
beforeEach(() => viewCache.clear());

async function openView(hash: string) {
  const wired = sandboxBackend();
  await configure();
  // The account (and its agents) as the background keeps it once the key is verified.
  await wired.ask({ type: 'verifyKey' });
  await renderOptionsAt(wired, hash);
  return wired;
}

describe('agents view', () => {
  it("lists agents with their status in words and shows the first one's statistics as a table, for the period chosen", async () => {
    const wired = await openView('#agents');
    await screen.findByRole('button', { name: /Salons Lyon 2026 · Paused/ });
    // Nothing read before an agent is chosen.
    expect(wired.sandbox.log.some((l) => l.route === 'agentStats')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Prospection SaaS France/ }));
    const table = await screen.findByRole('table', { name: 'Figures: Last 30 days' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    // The sandbox's figures in words, its reply rate as a percentage.
    expect(within(table).getByRole('rowheader', { name: 'Contacts added' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Network invitations sent' })).toBeTruthy();
    const rate = within(table).getByRole('rowheader', { name: 'Reply rate' }).closest('tr');
    expect(rate?.querySelector('td')?.textContent).toMatch(/^[\d.,]+%$/);
    expect(rate?.querySelector('.bar')).toBeNull();
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '365d' } });
    await waitFor(() => expect(wired.sandbox.log.filter((l) => l.route === 'agentStats').at(-1)?.query).toContain('period=365d'));
  });

  it("says reflexes exist only on recent agents for an older agent's 400, not an error", async () => {
    await openView('#agents');
    fireEvent.click(await screen.findByRole('button', { name: /Salons Lyon 2026/ }));
    await screen.findByText('Reflexes exist only on recent agents.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a recent agent's reflexes with their triggers and latest executions", async () => {
    await openView('#agents');
    fireEvent.click(await screen.findByRole('button', { name: /US Fintech Outreach/ }));
    await screen.findAllByText(/^Triggered \d+ times$/);
    expect(screen.getAllByText(/^Latest \d executions$/).length).toBeGreaterThan(0);
  });
});

describe('meetings view', () => {
  it('lists bookings with the mode in words, the link of a video meeting, and the status in words', async () => {
    await openView('#meetings');
    await waitFor(() => expect(document.querySelectorAll('.meetings .record').length).toBeGreaterThan(0));
    const chips = [...document.querySelectorAll('.meetings .chip')].map((c) => c.textContent);
    expect(chips.every((c) => c === 'Video call' || c === 'Phone call')).toBe(true);
    expect(screen.getAllByText(/^(Booked|Booking failed|Calendar disconnected)$/).length).toBeGreaterThan(0);
  });
});

/** The header of a part of a view (its heading's level given), with its "As of" line and Refresh. */
function headerOf(name: string, level: number): HTMLElement {
  return screen.getByRole('heading', { level, name }).closest('header')!;
}

const reads = (wired: ReturnType<typeof sandboxBackend>, route: string) => wired.sandbox.log.filter((l) => l.route === route).length;

describe('when the agents and meetings were read, and Refresh', () => {
  it("says when the account's agents were read and reads them again on Refresh", async () => {
    const wired = await openView('#agents');
    await screen.findByRole('button', { name: /Salons Lyon 2026 · Paused/ });
    const header = headerOf('Agents', 2);
    await waitFor(() => expect(within(header).getByRole('status').textContent).toMatch(/^As of \d/));
    const before = reads(wired, 'account');
    // The service changed an agent's status meanwhile: Refresh shows it.
    wired.sandbox.accounts
      .values()
      .next()
      .value!.agents.find((a) => a.name === 'Salons Lyon 2026')!.status = 'active';
    fireEvent.click(within(header).getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('button', { name: /Salons Lyon 2026 · Active/ });
    expect(reads(wired, 'account')).toBe(before + 1);
  });

  it("gives an agent's statistics, reflexes and meetings each a time and a Refresh that reads again past the cache", async () => {
    const wired = await openView('#agents');
    fireEvent.click(await screen.findByRole('button', { name: /US Fintech Outreach/ }));
    for (const [name, route] of [
      ['Statistics', 'agentStats'],
      ['Reflexes', 'agentReflexes'],
      ['Meetings', 'calendarEvents'],
    ] as const) {
      const header = await waitFor(() => headerOf(name, 4));
      await waitFor(() => expect(within(header).getByRole('status').textContent, name).toMatch(/^As of \d/));
      const before = reads(wired, route);
      fireEvent.click(within(header).getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(reads(wired, route), name).toBe(before + 1));
      await waitFor(() => expect(within(header).getByRole('status').textContent, name).toMatch(/^As of \d/));
    }
  });

  it("keeps an older agent's missing reflexes a fact, not an error, under a Reflexes header with Refresh", async () => {
    await openView('#agents');
    fireEvent.click(await screen.findByRole('button', { name: /Salons Lyon 2026/ }));
    await screen.findByText('Reflexes exist only on recent agents.');
    expect(within(headerOf('Reflexes', 4)).getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the meetings were read; Refresh reads them again; another agent shows its own', async () => {
    const wired = await openView('#meetings');
    const header = headerOf('Meetings', 2);
    await waitFor(() => expect(within(header).getByRole('status').textContent).toMatch(/^As of \d/));
    const before = reads(wired, 'calendarEvents');
    fireEvent.click(within(header).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(reads(wired, 'calendarEvents')).toBe(before + 1));
    const select = within(header).getByLabelText('Agent') as HTMLSelectElement;
    const other = [...select.options].find((o) => o.value !== select.value)!.value;
    fireEvent.change(select, { target: { value: other } });
    await waitFor(() => expect(wired.sandbox.log.filter((l) => l.route === 'calendarEvents').at(-1)?.path).toContain(other));
  });
});
