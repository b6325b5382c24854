// @vitest-environment happy-dom
// One count everywhere (issue 50, item 4): the ready line's number and words, and the one period
// each figure of the popup's header names, in English and French.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Backend, BackendContext } from '../../../components/shared/backend';
import { PaceLine } from '../../../components/shared/pace-line';
import { ReadyLine } from '../../../components/shared/ready-line';
import type { Account, NetworkAction } from '../../../lib/api/schemas';
import { accountItem, DEFAULT_SETTINGS, sessionMarksItem, weeklyStatsItem, type ActionsSnapshot } from '../../../lib/store/storage';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

const action = (id: string, agentId: string): NetworkAction => ({ id, agentId, message: null, prospect: { profileUrl: `https://www.linkedin.com/in/${id}/` } });
const snapshot = (actions: NetworkAction[], full = false): ActionsSnapshot => ({ actions, fetchedAt: Date.now(), full, agentFilter: null });
const account: Account = {
  user: { id: 'u1' },
  agents: [
    { id: 'ag_on', name: 'SaaS France', status: 'active', isActive: true, internalNote: null },
    { id: 'ag_off', name: 'Salons Lyon', status: 'paused', isActive: false, internalNote: null },
    { id: 'ag_due', name: 'Fintech', status: 'pending_payment', isActive: false, internalNote: null },
  ],
} as Account;

const speak = (lang: 'en' | 'fr') => {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages(lang)) as typeof fakeBrowser.i18n.getMessage;
};

const line = (snap: ActionsSnapshot) => render(<ReadyLine snapshot={snap} account={account} />).container.textContent;

describe('the ready line', () => {
  it.each([
    [
      'en',
      '1 invitation ready · 2 wait for Salons Lyon to resume · 1 waits until Fintech is paid for',
      '3 invitations ready · 1 waits for Salons Lyon to resume',
    ],
    [
      'fr',
      '1 invitation prête · 2 attendent que Salons Lyon reprenne · 1 attend que Fintech soit payé',
      '3 invitations prêtes · 1 attend que Salons Lyon reprenne',
    ],
  ] as const)('says the ready count and, apart, each waiting agent by name, plural-aware (%s)', (lang, mixed, many) => {
    speak(lang);
    expect(line(snapshot([action('a', 'ag_on'), action('b', 'ag_off'), action('c', 'ag_off'), action('d', 'ag_due')]))).toBe(mixed);
    cleanup();
    expect(line(snapshot([action('a', 'ag_on'), action('b', 'ag_off'), action('c', 'ag_on'), action('d', 'ag_on')]))).toBe(many);
  });

  it.each([
    ['en', '2 or more invitations ready'],
    ['fr', '2 invitations prêtes ou plus'],
  ] as const)('says "or more" when the polled page was full (%s)', (lang, words) => {
    speak(lang);
    expect(line(snapshot([action('a', 'ag_on'), action('b', 'ag_on')], true))).toBe(words);
  });
});

describe("the popup's figures", () => {
  it.each([
    ['en', /^2 of 3 this session6 of 100 invitations sent in the last 7 days$/, /this week/],
    ['fr', /^2 sur 3 pendant cette session6 invitations envoyées sur 100 ces 7 derniers jours$/, /cette semaine/],
  ] as const)('name each period once, the session and the last 7 days, and count what is left as the ready line does (%s)', async (lang, figures, never) => {
    speak(lang);
    await Promise.all([
      accountItem.setValue({ account, verifiedAt: Date.now() }),
      sessionMarksItem.setValue(2),
      weeklyStatsItem.setValue({ stats: { total: 6, days: [], agents: [], figures: {} }, fetchedAt: Date.now() }),
    ]);
    const backend = { ask: vi.fn(async () => null) } as unknown as Backend;
    // Two ready, one of them the paused agent's: one is left to do after the two marked.
    render(
      <BackendContext.Provider value={backend}>
        <PaceLine snapshot={snapshot([action('a', 'ag_on'), action('b', 'ag_off')])} settings={DEFAULT_SETTINGS} enabled />
      </BackendContext.Provider>,
    );
    const text = await screen.findByText(/6/);
    const p = text.closest('p')!;
    await vi.waitFor(() => expect(p.textContent).toMatch(figures));
    expect(p.textContent).not.toMatch(never);
  });
});
