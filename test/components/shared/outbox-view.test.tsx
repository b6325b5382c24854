// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { actionsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { renderPopup } from '../../helpers/popup';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';
import { fakeClock, settle } from '../../helpers/fake-clock';
import { getMessageFrom, loadMessages } from '../../helpers/messages';
import { fakeBrowser } from 'wxt/testing/fake-browser';

afterEach(cleanup);

function inFrench() {
  fakeBrowser.i18n.getMessage = getMessageFrom(loadMessages('fr')) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'fr';
}

describe('popup: refused writes', () => {
  it('shows a refused write with Retry and Discard, and tells the background it was seen', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    const cancelled = (await actionsItem.getValue())!.actions[0]!;
    wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === cancelled.agentId)!.status = 'cancelled';
    await wired.ask({ type: 'markSent', actionId: cancelled.id });
    const seen = vi.spyOn(wired.backend, 'ask');
    await renderPopup(wired);
    await screen.findByText('Not accepted by the service');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    await waitFor(() => expect(seen).toHaveBeenCalledWith({ type: 'refusedSeen' }));
    // Stored once the background has handled the request (it reads the outbox's signed writes first).
    await waitFor(async () => expect(((await browser.storage.local.get('outboxMeta')).outboxMeta as { deadSeenAt?: number }).deadSeenAt).toBeGreaterThan(0));
  });

  it("says why a write was refused in plain words, with the service's answer behind Details, and no alert for a listed one", async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    const cancelled = (await actionsItem.getValue())!.actions[0]!;
    wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === cancelled.agentId)!.status = 'cancelled';
    await wired.ask({ type: 'markSent', actionId: cancelled.id });
    await renderPopup(wired);
    const item = (await screen.findByText('Not accepted by the service')).closest('section')!.querySelector('li.dead')!;
    expect(item.querySelector('span')?.textContent).toMatch(/cancelled on the service/);
    const details = item.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('Details');
    expect(details.querySelector('code')?.textContent).toMatch(/^agent-cancelled \(HTTP 403\)/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('popup: a refused write names its person', () => {
  /** A mark failed refused (the agent cancelled), then a poll that no longer lists the action. */
  async function refusedThenGone() {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    const snapshot = (await actionsItem.getValue())!;
    const action = snapshot.actions.find((a) => a.prospect.company)!;
    wired.sandbox.accounts.get(DEMO_KEY)!.agents.find((a) => a.id === action.agentId)!.status = 'cancelled';
    expect(await wired.ask({ type: 'markFailed', actionId: action.id, reason: 'not_relevant', text: '' })).toMatchObject({
      ok: false,
      error: { kind: 'agent-cancelled' },
    });
    await actionsItem.setValue({ ...snapshot, actions: snapshot.actions.filter((a) => a.id !== action.id) });
    return { wired, action, snapshot };
  }

  it.each([
    ['en', 'Mark $1 ($2) failed'],
    ['fr', 'Marquer $1 ($2) en échec'],
  ])('by the name and company kept with the write, after the action left the ready list, never by its id (%s)', async (lang, line) => {
    if (lang === 'fr') inFrench();
    const { wired, action } = await refusedThenGone();
    await renderPopup(wired);
    const item = (await screen.findByText(lang === 'fr' ? 'Refusées par le service' : 'Not accepted by the service'))
      .closest('section')!
      .querySelector('li.dead')!;
    expect(item.querySelector('strong')?.textContent).toBe(line.replace('$1', action.prospect.name!).replace('$2', action.prospect.company!));
    expect(item.textContent).not.toContain(action.id);
  });

  it.each([
    ['en', 'Mark an invitation failed'],
    ['fr', 'Marquer une invitation en échec'],
  ])(
    'a write stored by the previous version, without its person, reads by the listed name, else as “an invitation”, never by its id (%s)',
    async (lang, unnamed) => {
      if (lang === 'fr') inFrench();
      const { wired, action, snapshot } = await refusedThenGone();
      // As the previous version stored it: no `person`.
      const { outboxMeta } = (await browser.storage.local.get('outboxMeta')) as { outboxMeta: { dead: { person?: unknown }[] } };
      for (const d of outboxMeta.dead) delete d.person;
      await browser.storage.local.set({ outboxMeta });
      await renderPopup(wired);
      const title = lang === 'fr' ? 'Refusées par le service' : 'Not accepted by the service';
      const line = async () => (await screen.findByText(title)).closest('section')!.querySelector('li.dead strong')?.textContent;
      expect(await line()).toBe(unnamed);
      cleanup();
      await actionsItem.setValue(snapshot);
      await renderPopup(wired);
      expect(await line()).toContain(action.prospect.name!);
      expect(await line()).not.toContain(action.id);
    },
  );
});

describe('popup: a write refused because another browser handled the invitation first', () => {
  it.each([
    ['en', 'Not accepted by the service', 'was already marked sent, at', 'Dismiss', 'Retry'],
    ['fr', 'Refusées par le service', 'était déjà marquée envoyée, à', 'Fermer', 'Réessayer'],
  ])(
    'says what reading it again found, offers no Retry, only to put it away, and the queue no longer lists it (%s)',
    async (lang, title, words, dismiss, retry) => {
      fakeClock();
      if (lang === 'fr') inFrench();
      const wired = sandboxBackend();
      await configure();
      await wired.controller.poll();
      const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq' && a.prospect.name)!;
      const there = wired.sandbox.action(action.id)!;
      Object.assign(there, {
        status: 'sent',
        sent_at: Date.now() - 60_000,
        metadata: { browser: 'firefox', marked_at: new Date(Date.now() - 60_000).toISOString() },
      });
      expect(await wired.ask({ type: 'markFailed', actionId: action.id, reason: 'other', text: '' })).toMatchObject({
        ok: false,
        error: { kind: 'handled-elsewhere' },
      });
      await renderPopup(wired);
      const item = (await screen.findByText(title)).closest('section')!.querySelector('li.dead')!;
      expect(item.textContent).toContain(`${action.prospect.name}`);
      expect(item.textContent).toContain(words);
      expect(within(item as HTMLElement).queryByRole('button', { name: retry })).toBeNull();
      expect(within(item as HTMLElement).getByRole('button', { name: dismiss })).toBeTruthy();
      expect(screen.queryByRole('button', { name: new RegExp(action.prospect.name!) })).toBeNull();
    },
  );
});

describe('popup: a note refused because the service’s note changed since it was opened', () => {
  it.each([
    ['en', 'Not saved: this note was changed elsewhere', 'Keep mine', 'Take theirs', 'Edit mine', 'Retry'],
    ['fr', 'Non enregistrée : cette note a été modifiée ailleurs', 'Garder la mienne', 'Prendre la leur', 'Modifier la mienne', 'Réessayer'],
  ])('shows both notes and the three choices, no Retry; Keep mine sends mine on the service’s note (%s)', async (lang, words, keep, take, edit, retry) => {
    fakeClock();
    if (lang === 'fr') inFrench();
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.prospect.name)!;
    wired.sandbox.action(action.id)!.message = 'Theirs';
    expect(await settle(wired.ask({ type: 'saveNote', actionId: action.id, message: 'Mine', base: action.message }))).toMatchObject({
      ok: false,
      error: { kind: 'note-changed' },
    });
    await renderPopup(wired);
    const item = (await screen.findByText(new RegExp(words))).closest('li.dead') as HTMLElement;
    expect(item.textContent).toContain(action.prospect.name);
    expect(within(item).getByText('Mine').tagName).toBe('BLOCKQUOTE');
    expect(within(item).getByText('Theirs').tagName).toBe('BLOCKQUOTE');
    expect(within(item).queryByRole('button', { name: retry })).toBeNull();
    expect(within(item).getByRole('button', { name: take })).toBeTruthy();
    expect(within(item).getByRole('button', { name: edit })).toBeTruthy();
    within(item).getByRole('button', { name: keep }).click();
    await waitFor(() => expect(wired.sandbox.action(action.id)!.message).toBe('Mine'), { timeout: 4_000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: keep })).toBeNull());
  });
});

describe('popup: writes made for the service the person left', () => {
  it('says they are held for the old address and sends them to the new service only when asked', async () => {
    const wired = sandboxBackend();
    await configure();
    await wired.controller.poll();
    const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
    wired.sandbox.faults.down = true;
    await wired.ask({ type: 'markSent', actionId: action.id });
    wired.sandbox.faults.down = false;
    expect(await wired.ask({ type: 'connect', baseUrl: 'http://localhost:8787', apiKey: DEMO_KEY })).toMatchObject({ ok: true });
    await renderPopup(wired);
    await screen.findByText(/1 change was made for the service you left\. They were meant for http:\/\/127\.0\.0\.1:8787/);
    expect(wired.sandbox.action(action.id, DEMO_KEY)?.status).toBe('ready');
    screen.getByRole('button', { name: 'Send them to the new service' }).click();
    await waitFor(() => expect(wired.sandbox.action(action.id, DEMO_KEY)?.status).toBe('sent'), { timeout: 4_000 });
  });
});
