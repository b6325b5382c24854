// @vitest-environment happy-dom
// The connection check's table (issue 37), against the real controller and sandbox: each part of
// the extension and whether it can read the service's answers, the answers' shape beside it,
// copyable; in English and French.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConnectionCheck } from '../../../components/options/connection-check';
import { ErrorDetails } from '../../../components/shared/error-details';
import { shapeNote } from '../../../lib/api/answer-shape';
import { BackendContext } from '../../../components/shared/backend';
import { settingsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { fakeClock, pass } from '../../helpers/fake-clock';
import { AFTER_CONNECT_PACE_MS } from '../../../components/options/connection-check';

afterEach(cleanup);

async function checked(wired: ReturnType<typeof sandboxBackend>, button: string, done: RegExp) {
  render(
    <BackendContext.Provider value={wired.backend}>
      <ConnectionCheck />
    </BackendContext.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: button }));
  await screen.findByText(done);
  return screen.getByRole('table');
}

const states = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [r.querySelector('th')!.textContent, r.querySelector('td')!.firstChild!.textContent]);

describe('the connection check', () => {
  it('shows every part readable on the sandbox, and the shapes, copied in one click', async () => {
    const wired = sandboxBackend();
    await configure();
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const table = await checked(wired, 'Check the connection', /Done: 14 answers read/);
    expect(states(table)).toEqual([
      ['Invitation loop (badge, popup)', 'Readable'],
      ['Invitations', 'Readable'],
      ['Contacts', 'Readable'],
      ['Agents', 'Readable'],
      ['Emails', 'Readable'],
      ['Letters', 'Readable'],
      ['Blocklist', 'Readable'],
      ['Meetings', 'Readable'],
      ['Add to an agent', 'Readable'],
    ]);
    const shapes = screen.getByRole('region', { name: "The answers' shape" });
    expect(shapes.querySelector('pre')!.textContent).toMatch(/^account\nobject\n/);
    fireEvent.click(within(shapes).getByRole('button', { name: 'Copy' }));
    await screen.findByText('Copied.');
    expect(writeText.mock.calls[0]![0]).toMatch(/^account\n[\s\S]*\n\nlistContacts\nobject\n/);
  });

  it('reads in French, and says which parts cannot read an answer of another shape', async () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
    const wired = sandboxBackend();
    await configure();
    wired.sandbox.faults = { malformed: 'wrong-shape' };
    const table = await checked(wired, 'Vérifier la connexion', /Terminé : 14 réponses lues/);
    expect(within(table).getByText("Ce que l'extension sait lire")).toBeTruthy();
    expect(states(table)).toContainEqual(['Contacts', 'Illisible']);
    expect(states(table)).toContainEqual(['Boucle des invitations (badge, menu de l’extension)', 'Illisible']);
    expect(screen.getByRole('region', { name: 'La forme des réponses' })).toBeTruthy();
  });

  it("shows an unreadable answer's shape, line by line, behind Details", () => {
    const message = `listContacts: No list of contacts found${shapeNote('listContacts', { weird: [1] })}`;
    const { container } = render(<ErrorDetails error={{ kind: 'invalid-response', message }} />);
    expect(container.querySelector('code')!.textContent).toBe('invalid-response: listContacts: No list of contacts found');
    expect(container.querySelector('pre')!.textContent).toBe("The answer's shape (listContacts):\nobject\n  weird: list (1) of number");
  });

  it('says which parts are not read yet, and when it goes on, when the request budget is spent', async () => {
    const wired = sandboxBackend();
    await configure();
    await settingsItem.setValue({ ...(await settingsItem.getValue()), requestCap: 3 });
    const table = await checked(
      wired,
      'Check the connection',
      /Not read yet: Invitations, Contacts, Agents, Emails, Letters, Blocklist, Meetings, Add to an agent\. The check goes on at/,
    );
    expect(states(table)[0]).toEqual(['Invitation loop (badge, popup)', 'Readable']);
    expect(states(table)[2]).toEqual(['Contacts', 'Not read yet']);
  });

  it('runs by itself after a Connect, one read every few seconds, so the minute stays with the person’s work', async () => {
    fakeClock();
    const wired = sandboxBackend();
    await configure();
    const shown = (connected: number) => (
      <BackendContext.Provider value={wired.backend}>
        <ConnectionCheck connected={connected} />
      </BackendContext.Provider>
    );
    const { rerender } = render(shown(0));
    await pass(AFTER_CONNECT_PACE_MS * 2);
    const reads = () => wired.sandbox.log.length;
    expect(reads()).toBe(0);
    rerender(shown(1));
    // The first seconds after Connect are the person's (the poll, a held write): nothing read yet.
    await pass(AFTER_CONNECT_PACE_MS / 2);
    expect(reads()).toBe(0);
    expect(screen.getByText(/one every 4 s so that your own work goes first/)).toBeTruthy();
    await pass(AFTER_CONNECT_PACE_MS);
    expect(reads()).toBe(1);
    await pass(AFTER_CONNECT_PACE_MS);
    expect(reads()).toBe(2);
    // 14 reads: no 60 s of it holds more than 15, half the budget's minute.
    await pass(AFTER_CONNECT_PACE_MS * 14);
    await screen.findByText(/Done: 14 answers read/);
    expect(reads()).toBe(14);
    const times = wired.sandbox.log.map((l) => l.at);
    expect(Math.min(...times.slice(1).map((t, i) => t - times[i]!))).toBeGreaterThanOrEqual(AFTER_CONNECT_PACE_MS);
    expect(states(screen.getByRole('table')).every(([, state]) => state === 'Readable')).toBe(true);
  });

  it('the button during a run after Connect reads the rest at once, nothing twice, and the slower run stops', async () => {
    fakeClock();
    const wired = sandboxBackend();
    await configure();
    render(
      <BackendContext.Provider value={wired.backend}>
        <ConnectionCheck connected={1} />
      </BackendContext.Provider>,
    );
    await pass(AFTER_CONNECT_PACE_MS * 1.5);
    expect(wired.sandbox.log.length).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Check the connection' }));
    await screen.findByText(/Done: 14 answers read/);
    expect(wired.sandbox.log.length).toBe(14);
    await pass(AFTER_CONNECT_PACE_MS * 3);
    expect(wired.sandbox.log.length).toBe(14);
    expect(screen.getByText(/Done: 14 answers read/)).toBeTruthy();
  });
});
