// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { viewCache } from '../../../components/options/use-view-data';
import { decisionsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { renderOptionsAt } from '../../helpers/options';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);
beforeEach(() => viewCache.clear());

async function openView(hash: string) {
  const wired = sandboxBackend();
  await configure();
  await renderOptionsAt(wired, hash);
  return wired;
}

const book = (wired: ReturnType<typeof sandboxBackend>) => wired.sandbox.accounts.get(DEMO_KEY)!.book;
const rowOf = async (name: RegExp) => (await screen.findAllByText(name))[0]!.closest('li') as HTMLElement;

describe('emails view', () => {
  it('validates a contact email, offers to undo it within the grace, and the sandbox holds the final choice', async () => {
    const wired = await openView('#emails');
    const row = await rowOf(/^Léon Marchal/);
    fireEvent.click(within(row).getByRole('button', { name: 'Validate' }));
    await screen.findByText(/^Validated\. You can undo it for 60 min\.$/);
    expect(book(wired).contacts.find((c) => c.id === 'ld_leonMrc1')?.decision?.kind).toBe('validated');
    const decided = (await screen.findByText(/^Validated\. You can undo/)).closest('li') as HTMLElement;
    fireEvent.click(within(decided).getByRole('button', { name: 'Reject instead' }));
    await screen.findByText(/^Rejected\. You can undo it for \d+ min\.$/);
    expect(book(wired).contacts.find((c) => c.id === 'ld_leonMrc1')?.decision?.kind).toBe('rejected');
  });

  it('sends the edited personalised messages with the validation', async () => {
    const wired = await openView('#emails');
    const row = await rowOf(/^Aurélie Petitjean/);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.input(within(row).getByRole('textbox', { name: 'Text of step 1' }), { target: { value: 'Bonjour Aurélie, un message revu.' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Validate with my changes' }));
    await waitFor(() => expect(book(wired).contacts.find((c) => c.id === 'ld_aurPtj2')?.decision?.kind).toBe('validated'));
    expect(JSON.stringify(book(wired).contacts.find((c) => c.id === 'ld_aurPtj2')?.draft)).toContain('un message revu');
  });

  it("shows a paused agent's refusal on the item, kept to retry", async () => {
    await openView('#emails');
    const row = await rowOf(/^Bruno Caron/);
    fireEvent.click(within(row).getByRole('button', { name: 'Validate' }));
    await within(row).findByText(/agent is paused/i);
    expect(within(row).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('handles an AI reply with a forwarding copy, saying whether the copy was taken, with the rule shown', async () => {
    await openView('#emails');
    fireEvent.click(screen.getByRole('button', { name: 'Replies to handle' }));
    const replies = await screen.findAllByRole('article', { name: 'Proposed reply' });
    // An email with an AI reply prepared (an automatic reply has none: sending it empty is refused).
    const row = replies.find((r) => !r.textContent?.includes('No reply was prepared'))!.closest('li') as HTMLElement;
    expect(within(row).getByText(/The copy counts only when the email is won/)).toBeTruthy();
    fireEvent.input(within(row).getByLabelText('Forwarding copy to (optional)'), { target: { value: 'not an email' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Send the reply as is' }));
    expect(within(row).getByRole('alert').textContent).toBe('The forwarding copy must be an email address.');
    fireEvent.input(within(row).getByLabelText('Forwarding copy to (optional)'), { target: { value: 'boss@demo.example' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Send the reply as is' }));
    await within(row).findByText(/^The AI reply is scheduled to be sent\. The forwarding copy was (added|ignored)/);
  });
});

describe('letters view', () => {
  it("validates a letter with an edited block, and the sandbox holds the block's new text", async () => {
    const wired = await openView('#letters');
    await waitFor(() => expect(document.querySelectorAll('.letter-paper').length).toBeGreaterThan(0));
    // A letter of an active agent (the paused agent's would be refused).
    const letter0 = book(wired).letters.find((l) => l.id === 'lt_val04')!;
    const id = letter0.id;
    const row = (await rowOf(new RegExp(`^${letter0.address.firstname} ${letter0.address.lastname}`))) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.input(within(row).getByRole('textbox', { name: 'Block 1' }), { target: { value: 'Madame, Monsieur, un bloc revu.' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Validate with my changes' }));
    await screen.findByText(/^Validated\. You can undo it for 60 min\.$/);
    const letter = book(wired).letters.find((l) => l.id === id)!;
    expect(letter.blocks[0]!.content).toBe('Madame, Monsieur, un bloc revu.');
    expect(letter.decision?.kind).toBe('validated');
    expect(Object.values(await decisionsItem.getValue()).some((d) => d.kind === 'letter' && d.id === id)).toBe(true);
  });
});
