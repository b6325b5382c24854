// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupApp } from '../../../components/popup/popup-app';
import { BackendContext } from '../../../components/shared/backend';
import { sandboxBackend } from '../../helpers/backend';
import { storedInitial } from '../../helpers/popup';
import { configure } from '../../helpers/controller';

afterEach(cleanup);

async function queue() {
  const wired = sandboxBackend();
  await configure();
  await wired.controller.poll();
  const initial = await storedInitial();
  render(
    <BackendContext.Provider value={wired.backend}>
      <PopupApp initial={initial} />
    </BackendContext.Provider>,
  );
  const list = screen.getByRole('list', { name: 'Ready invitations' });
  // The ready list, then the lists of invitations whose agent waits (grouped apart, after it).
  const names = () => screen.queryAllByText(/./, { selector: '.row-name' }).map((el) => el.textContent);
  const toggle = (name: string) => screen.getByText(name, { selector: '.row-name' }).closest('button') as HTMLButtonElement;
  // Rows beyond the first screenful come in a task after the first frame.
  await waitFor(() => expect(names()).toHaveLength(initial.snapshot!.actions.length));
  return { ...wired, list, names, toggle };
}

describe('the popup queue', () => {
  it('shows one compact row per invitation, expanding in place to edit the note and act', async () => {
    const { toggle, names } = await queue();
    expect(names().length).toBeGreaterThan(10);
    expect(screen.queryAllByRole('textbox', { name: 'Note' })).toHaveLength(0);
    const row = toggle('Julien Moreau');
    expect(row.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('textbox', { name: 'Note' })).toHaveLength(1);
    // The primary action opens the profile, where the assistant sends; marking is one level down.
    const body = within(row.closest('li')!);
    expect(body.getByRole('button', { name: 'Open profile' }).className).toContain('primary');
    expect(body.getByRole('button', { name: 'Mark sent' }).className).not.toContain('primary');
    fireEvent.click(row);
    expect(screen.queryAllByRole('textbox', { name: 'Note' })).toHaveLength(0);
  });

  it('finds invitations by name or company, accents and case aside', async () => {
    const { names } = await queue();
    const search = screen.getByRole('searchbox', { name: 'Search by name or company' });
    // The hint in the box is short enough for a 240 px desk; its label says it whole.
    expect(search.getAttribute('placeholder')).toBe('Name or company');
    fireEvent.input(search, { target: { value: 'elodie' } });
    expect(names()).toEqual(['Élodie Garnier']);
    fireEvent.input(search, { target: { value: 'LEDGERLOOP' } });
    expect(names()).toEqual(['Sarah Chen']);
    fireEvent.input(search, { target: { value: '' } });
    expect(names().length).toBeGreaterThan(10);
  });

  it('sorts oldest first, or by agent', async () => {
    const { names } = await queue();
    const oldest = names();
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'agent' } });
    const byAgent = names();
    expect([...byAgent].sort()).toEqual([...oldest].sort());
    expect(byAgent).not.toEqual(oldest);
  });

  it('moves focus to the next row after a mark, never to the page body', async () => {
    const { toggle, names } = await queue();
    const before = names();
    const marked = before[2]!;
    fireEvent.click(toggle(marked));
    fireEvent.click(within(toggle(marked).closest('li')!).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(names()).not.toContain(marked));
    await waitFor(() => expect(document.activeElement?.closest('li')?.textContent).toContain(before[3]!));
    expect(document.activeElement?.className).toBe('row-toggle');
  });

  it('an undo within the delay takes the mark back: the row returns and the service never hears of it', async () => {
    const { toggle, names, sandbox, controller } = await queue();
    const name = names()[0]!;
    fireEvent.click(toggle(name));
    fireEvent.click(within(toggle(name).closest('li')!).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(names()).not.toContain(name));
    expect(screen.getByRole('status', { name: '' }).textContent ?? '').toBeDefined();
    fireEvent.click(await screen.findByRole('button', { name: /^Undo \(\d s\)$/ }));
    await waitFor(() => expect(names()).toContain(name));
    await controller.deliver();
    expect(sandbox.log.filter((l) => l.route === 'markSent')).toHaveLength(0);
  });
});
