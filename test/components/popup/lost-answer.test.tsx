// @vitest-environment happy-dom
// The background stops mid-request (the MV3 worker may stop at any time): the popup's write was
// stored in the outbox first, so the popup says it is kept, never that something failed.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BackendContext, messagingBackend } from '../../../components/shared/backend';
import { PopupApp } from '../../../components/popup/popup-app';
import { receiptFromOutbox, writeKey } from '../../../lib/messaging/lost-answer';
import { configure, controllerWithSandbox, POPUP_SENDER } from '../../helpers/controller';
import { storedInitial } from '../../helpers/popup';

afterEach(cleanup);

/** A popup whose background handles each message, then stops before answering when `stop` is set. */
async function popupWithStoppingBackground() {
  const wired = controllerWithSandbox();
  await configure();
  await wired.controller.poll();
  const control = { stop: false };
  const backend = messagingBackend({
    runtime: {
      sendMessage: async (m: unknown) => {
        const reply = await wired.controller.handle(m, POPUP_SENDER);
        if (control.stop) throw new Error('The message port closed before a response was received.');
        return reply;
      },
      openOptionsPage: async () => {},
      getURL: (p: string) => p,
    },
    permissions: { request: async () => true },
    tabs: { create: async () => ({}) },
  });
  render(
    <BackendContext.Provider value={backend}>
      <PopupApp initial={await storedInitial()} />
    </BackendContext.Provider>,
  );
  return { wired, control };
}

function open(name: string) {
  const li = screen.getByText(name, { selector: '.row-name' }).closest('li') as HTMLElement;
  fireEvent.click(within(li).getAllByRole('button')[0]!);
  return within(li);
}

describe('a write whose answer was lost when the background stopped', () => {
  it('says a note kept in the outbox is queued, not that the service cannot be reached', async () => {
    const { wired, control } = await popupWithStoppingBackground();
    await screen.findByRole('list', { name: 'Ready invitations' });
    // The service is away too: the note stays in the outbox.
    wired.platform.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    control.stop = true;
    const row = open('Julien Moreau');
    fireEvent.input(row.getByRole('textbox', { name: 'Note' }), { target: { value: 'Salut Julien' } });
    fireEvent.click(row.getByRole('button', { name: 'Save note' }));
    expect(await row.findByText('Queued. It will be saved as soon as the service can be reached.')).toBeTruthy();
    expect(row.queryByText(/cannot be reached\. Check your connection/)).toBeNull();
  });

  it('shows a mark held for undo as marked, with Undo, after a lost answer', async () => {
    const { control } = await popupWithStoppingBackground();
    await screen.findByRole('list', { name: 'Ready invitations' });
    control.stop = true;
    const row = open('Sarah Chen');
    fireEvent.click(row.getByText('Mark by hand'));
    fireEvent.click(row.getByRole('button', { name: 'Mark sent' }));
    expect(await screen.findByText('Marked sent: Sarah Chen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Undo/ })).toBeTruthy();
  });

  it('says the extension did not answer when the outbox holds nothing for it', async () => {
    const { control } = await popupWithStoppingBackground();
    await screen.findByRole('list', { name: 'Ready invitations' });
    control.stop = true;
    const row = open('Julien Moreau');
    fireEvent.click(row.getByRole('button', { name: 'Open profile' }));
    expect(await row.findByText(/The extension did not answer/)).toBeTruthy();
  });
});

describe('the outbox item of a write request', () => {
  it('names the item and operations each write is stored under', () => {
    expect(writeKey({ type: 'saveNote', actionId: 'na_1', message: 'x' })).toEqual({ item: 'na_1', ops: ['updateMessage'] });
    expect(writeKey({ type: 'markFailed', actionId: 'na_1', reason: 'other', text: '' })).toEqual({ item: 'na_1', ops: ['markSent', 'markFailed'] });
    expect(writeKey({ type: 'viewWrite', item: 'email:ld_1', call: { name: 'validateEmail' } } as never)).toEqual({ item: 'view:email:ld_1', ops: ['call'] });
    expect(writeKey({ type: 'refresh' })).toBeUndefined();
  });

  it('gives the receipt of the kept entry: held with its undo time, else queued with why', () => {
    const base = { id: 'e1', actionId: 'na_1', enqueuedAt: 0, notBefore: 0, uncertain: false, body: { metadata: {} } };
    const held = { ...base, op: 'markSent' as const, holdUntil: 5000 };
    expect(receiptFromOutbox({ entries: [held] as never }, { item: 'na_1', ops: ['markSent'] })).toEqual({ state: 'held', entryId: 'e1', until: 5000 });
    const waiting = { ...base, op: 'markSent' as const, lastError: 'Failed to fetch', waitingFor: 'service' as const };
    expect(receiptFromOutbox({ entries: [waiting] as never }, { item: 'na_1', ops: ['markSent'] })).toEqual({
      state: 'queued',
      reason: 'Failed to fetch',
      waitingFor: 'service',
    });
    expect(receiptFromOutbox({ entries: [waiting] as never }, { item: 'na_2', ops: ['markSent'] })).toBeUndefined();
  });
});
