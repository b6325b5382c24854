// @vitest-environment happy-dom
// One count everywhere (issue 50, item 4): the ready line says the badge's count in the badge's
// words, and the popup's figures each name one period, in English and French.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Backend, BackendContext } from '../../../components/shared/backend';
import { PaceLine } from '../../../components/shared/pace-line';
import { ReadyLine } from '../../../components/shared/ready-line';
import { DEFAULT_SETTINGS, readyCountItem, sessionMarksItem, weeklyStatsItem } from '../../../lib/store/storage';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(cleanup);

const speak = (lang: 'en' | 'fr') => {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages(lang)) as typeof fakeBrowser.i18n.getMessage;
};

const WAITING = [
  { agentId: 'ag_off', name: 'Salons Lyon', status: 'paused', count: 2 },
  { agentId: 'ag_due', name: 'Fintech', status: 'pending_payment', count: 1 },
];

describe('the ready line', () => {
  it.each([
    ['en', '11 invitations ready · 2 wait for Salons Lyon 2026 to resume'],
    ['fr', '11 invitations prêtes · 2 attendent que Salons Lyon 2026 reprenne'],
  ] as const)('says the count the background put on the badge, the paused agent’s apart by name (%s)', async (lang, words) => {
    speak(lang);
    const { controller, badges } = controllerWithSandbox();
    await configure();
    await controller.poll();
    expect(badges.at(-1)?.text).toBe('11');
    const { container } = render(<ReadyLine />);
    await vi.waitFor(() => expect(container.textContent).toBe(words));
  });

  it.each([
    ['en', '1 invitation ready · 2 wait for Salons Lyon to resume · 1 waits until Fintech is paid for', '2 or more invitations ready'],
    ['fr', '1 invitation prête · 2 attendent que Salons Lyon reprenne · 1 attend que Fintech soit payé', '2 invitations prêtes ou plus'],
  ] as const)('is plural-aware, and says "or more" when the polled page was full (%s)', async (lang, mixed, full) => {
    speak(lang);
    await readyCountItem.setValue({ ready: 1, more: false, waiting: WAITING });
    const { container } = render(<ReadyLine />);
    await vi.waitFor(() => expect(container.textContent).toBe(mixed));
    await readyCountItem.setValue({ ready: 2, more: true, waiting: [] });
    await vi.waitFor(() => expect(container.textContent).toBe(full));
  });
});

describe("the popup's figures", () => {
  it.each([
    ['en', /^2 of 3 this session6 of 100 invitations sent in the last 7 days$/, /this week/],
    ['fr', /^2 sur 3 pendant cette session6 invitations envoyées sur 100 ces 7 derniers jours$/, /cette semaine/],
  ] as const)('name each period once, the session and the last 7 days, and count what is left as the badge does (%s)', async (lang, figures, never) => {
    speak(lang);
    await Promise.all([
      // One left to do (the paused agent's two apart), two marked.
      readyCountItem.setValue({ ready: 1, more: false, waiting: WAITING.slice(0, 1) }),
      sessionMarksItem.setValue(2),
      weeklyStatsItem.setValue({ stats: { total: 6, days: [], agents: [], figures: {} }, fetchedAt: Date.now() }),
    ]);
    const backend = { ask: vi.fn(async () => null) } as unknown as Backend;
    render(
      <BackendContext.Provider value={backend}>
        <PaceLine settings={DEFAULT_SETTINGS} enabled />
      </BackendContext.Provider>,
    );
    const p = (await screen.findByText(/6/)).closest('p')!;
    await vi.waitFor(() => expect(p.textContent).toMatch(figures));
    expect(p.textContent).not.toMatch(never);
  });
});
