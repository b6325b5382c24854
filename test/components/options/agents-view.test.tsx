// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OptionsApp } from '../../../components/options/options-app';
import { viewCache } from '../../../components/options/use-view-data';
import { BackendContext } from '../../../components/shared/backend';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';

afterEach(cleanup);
beforeEach(() => viewCache.clear());

async function openView(hash: string) {
  const wired = sandboxBackend();
  await configure();
  // The account (and its agents) as the background keeps it once the key is verified.
  await wired.ask({ type: 'verifyKey' });
  location.hash = hash;
  render(
    <BackendContext.Provider value={wired.backend}>
      <OptionsApp initial={{ account: null }} />
    </BackendContext.Provider>,
  );
  await screen.findByRole('heading', { level: 2 });
  return wired;
}

describe('agents view', () => {
  it("lists agents with their status in words and shows the first one's statistics as a table, for the period chosen", async () => {
    const wired = await openView('#agents');
    await screen.findByRole('button', { name: /Salons Lyon 2026 · Paused/ });
    // Nothing read before an agent is chosen.
    expect(wired.sandbox.log.some((l) => l.route === 'agentStats')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Prospection SaaS France/ }));
    const table = await screen.findByRole('table', { name: /Figures for/ });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
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
