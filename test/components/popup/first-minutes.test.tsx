// @vitest-environment happy-dom
// Issue 24, the first minutes in the popup: opened with a weekly figure older than its refresh
// period (or never read), it asks for it at once and shows it, saying meanwhile that it is being
// read; and the rows of an agent whose status is not read yet claim nothing.
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { WEEKLY_MAX_AGE_MS } from '../../../lib/invitations/pace';
import { accountItem, weeklyStatsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { renderPopup } from '../../helpers/popup';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';
import { weeklyStats } from '../../sandbox/state';

afterEach(cleanup);

const weeklyReads = (wired: ReturnType<typeof sandboxBackend>) => wired.fetchSpy.mock.calls.filter(([input]) => String(input).endsWith('/weekly-stats')).length;

describe('the popup opened with a stale weekly figure', () => {
  it("asks the service for it, says it is being read meanwhile, and shows the service's figure", async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    // A figure kept from longer ago than its refresh period, which the service has moved on from.
    await weeklyStatsItem.setValue({ stats: { total: 41, days: [], agents: [], figures: {} }, fetchedAt: Date.now() - WEEKLY_MAX_AGE_MS - 60_000 });
    const before = weeklyReads(wired);
    const service = weeklyStats(wired.sandbox.accounts.get(DEMO_KEY)!, wired.sandbox.now()).total_sent;
    expect(service).not.toBe(41);
    await renderPopup(wired);
    await screen.findByText(`${service} of 100 invitations sent in the last 7 days`);
    expect(weeklyReads(wired)).toBe(before + 1);
    expect(screen.queryByText(/41 of 100/)).toBeNull();
  });

  it('says in words that the figure is being read, never "not read yet", while the read is under way', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await weeklyStatsItem.setValue(null);
    // The service's answer held back until the header was checked.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const fetch = wired.platform.fetch;
    wired.platform.fetch = async (input, init) => {
      if (String(input).endsWith('/weekly-stats')) await held;
      return fetch(input, init);
    };
    await renderPopup(wired);
    await screen.findByText('Reading the invitations sent in the last 7 days… (cap 100)');
    expect(screen.queryByText(/not read yet/)).toBeNull();
    release();
    const service = weeklyStats(wired.sandbox.accounts.get(DEMO_KEY)!, wired.sandbox.now()).total_sent;
    await screen.findByText(`${service} of 100 invitations sent in the last 7 days`);
  });

  it('does not ask again for a figure read within its refresh period', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await weeklyStatsItem.setValue({ stats: { total: 41, days: [], agents: [], figures: {} }, fetchedAt: Date.now() - 60_000 });
    const before = weeklyReads(wired);
    await renderPopup(wired);
    await screen.findByText('41 of 100 invitations sent in the last 7 days');
    await new Promise((r) => setTimeout(r, 50));
    expect(weeklyReads(wired)).toBe(before);
  });
});

describe('the rows of an agent whose status is not read yet', () => {
  it('show no "active" dot until the account is read, then the status read', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    await accountItem.setValue(null);
    await renderPopup(wired);
    await screen.findAllByText(/./, { selector: '.row-name' });
    expect(document.querySelectorAll('.dot.on, .dot.off')).toHaveLength(0);
    expect(document.querySelectorAll('.dot.unknown').length).toBeGreaterThan(0);
    // The demo account has a paused agent: once read, its rows say so and the others are active.
    await wired.ask({ type: 'verifyKey' });
    await screen.findAllByText(/./, { selector: '.row-name' });
    await waitFor(() => expect(document.querySelectorAll('.dot.off').length).toBeGreaterThan(0));
    expect(document.querySelectorAll('.dot.on').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.dot.unknown')).toHaveLength(0);
  });
});
