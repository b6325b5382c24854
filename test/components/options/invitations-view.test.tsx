// @vitest-environment happy-dom
// The Invitations view (issue 50 item 6): titled "Invitations"; the last 7 days against the weekly cap,
// its mark drawn, beside the 7 days before; each day's value on its bar, the day named in the UI
// language and read as the UTC day the service wrote; "last 7 days" throughout; English and French.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import InvitationsView from '../../../components/options/views/invitations-view';
import { BackendContext, type Backend } from '../../../components/shared/backend';
import type { Account, WeeklyStats } from '../../../lib/api/schemas';
import { DAY_MS } from '../../../lib/sent-invitations/record';
import { sentRecordItem, weeklyStatsItem } from '../../../lib/store/storage';
import { getMessageFrom, loadMessages } from '../../helpers/messages';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// Tuesday 1 December 2026, 23:30 UTC: in Paris already Wednesday, the service's days stay UTC days.
const NOW = Date.parse('2026-12-01T23:30:00Z');
const DAYS = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'];
const stats: WeeklyStats = {
  total: 9,
  days: DAYS.map((date, i) => ({ date, sent: i })).map((d) => (d.sent === 6 ? { ...d, sent: 0 } : d)),
  agents: [],
  figures: {},
};

async function renderView() {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  await weeklyStatsItem.setValue({ stats, fetchedAt: NOW });
  await sentRecordItem.setValue([8, 9, 12].map((d, i) => ({ actionId: `a${i}`, slug: `s${i}`, note: null, sentAt: NOW - d * DAY_MS })));
  const ask = vi.fn(() => Promise.reject(new Error('no request expected')));
  render(
    <BackendContext.Provider value={{ ask } as unknown as Backend}>
      <InvitationsView
        account={{ user: {}, agents: [] } as unknown as Account}
        accountAt={NOW}
        go={() => undefined}
        offered={['invitations']}
        onCredentials={() => undefined}
      />
    </BackendContext.Provider>,
  );
  await screen.findByRole('heading', { level: 2 });
  return ask;
}

const dayChart = () => screen.getByRole('img', { name: /^9 invitations (sent in the last 7 days|envoyées ces 7 derniers jours)$/ });
const texts = (img: Element) => [...img.querySelectorAll('text')].map((t) => t.textContent);

describe('the Invitations view', () => {
  it('is titled Invitations and draws the cap and the 7 days before, each value on its bar', async () => {
    const ask = await renderView();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Invitations');
    const week = screen.getByRole('img', { name: /^Last 7 days/ });
    expect(texts(week)).toEqual(['9', '3', '100']);
    expect(week.querySelector('line.cap-mark')).toBeTruthy();
    expect(screen.getByText("The 7 days before: 3 (counted in this browser: the service's figures cover only the last 7 days)")).toBeTruthy();
    expect(screen.getByText("Failed in the last 7 days: not known (the service's figures do not count them)")).toBeTruthy();
    expect(ask).not.toHaveBeenCalled();
  });

  it("writes each day's value on its bar and names the day in English as the UTC day the service wrote", async () => {
    await renderView();
    expect(texts(dayChart())).toEqual(['0', '25 Wed', '1', '26 Thu', '2', '27 Fri', '3', '28 Sat', '4', '29 Sun', '5', '30 Mon', '0', '1 Tue']);
    expect(document.body.textContent).not.toMatch(/this week/i);
  });

  it('reads in French, the days in French', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    fakeBrowser.i18n.getUILanguage = () => 'fr';
    await renderView();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Invitations');
    expect(screen.getByRole('heading', { name: 'Les invitations face à votre plafond hebdomadaire' })).toBeTruthy();
    expect(texts(dayChart()).filter((_, i) => i % 2)).toEqual(['mer. 25', 'jeu. 26', 'ven. 27', 'sam. 28', 'dim. 29', 'lun. 30', 'mar. 1']);
    expect(
      screen.getByText("Les 7 jours d'avant : 3 (comptées dans ce navigateur : les chiffres du service ne couvrent que les 7 derniers jours)"),
    ).toBeTruthy();
    expect(screen.getByText('Échouées ces 7 derniers jours : inconnu (les chiffres du service ne les comptent pas)')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/cette semaine|de la semaine/);
  });
});
