// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AboutPrivacy } from '../../../components/options/about-privacy';
import { BackendContext } from '../../../components/shared/backend';
import { outboxView } from '../../../lib/outbox/store';
import { actionsItem, apiKeyItem, noteDraftsItem, schemaVersionItem, settingsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { configure } from '../../helpers/controller';

afterEach(cleanup);

/** Connected, a list read, a draft, two marks queued while the service is down, one refused. */
async function used() {
  const wired = sandboxBackend();
  await configure();
  await schemaVersionItem.setValue(1);
  await wired.controller.poll();
  const actions = (await actionsItem.getValue())!.actions.filter((a) => a.agentId !== 'ag_H1cJ5yUoDq');
  await noteDraftsItem.setValue({ [actions[0]!.id]: 'Not saved yet' });
  wired.sandbox.faults = { down: true };
  for (const a of actions.slice(0, 2)) await wired.ask({ type: 'markSent', actionId: a.id });
  await fakeBrowser.storage.session.set({ marks: 2 });
  return wired;
}

function renderAbout(wired: ReturnType<typeof sandboxBackend>, onForgotten = vi.fn()) {
  render(
    <BackendContext.Provider value={wired.backend}>
      <AboutPrivacy onForgotten={onForgotten} />
    </BackendContext.Provider>,
  );
  return onForgotten;
}

describe('About and privacy', () => {
  it('says what is read, sent and kept, with no analytics and no remote code', () => {
    renderAbout(sandboxBackend());
    expect(screen.getByRole('heading', { name: 'About and privacy' })).toBeTruthy();
    for (const name of ['What it reads', 'What it sends, and to whom', 'What it keeps on this computer', 'How to delete it'])
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getByText(/No analytics/)).toBeTruthy();
    expect(screen.getByText(/none is loaded from the web/)).toBeTruthy();
    expect(screen.getByText(/Only to the service address you entered/)).toBeTruthy();
  });

  it('Forget everything says how many queued writes would be lost, and Cancel keeps everything', async () => {
    const wired = await used();
    renderAbout(wired);
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything…' }));
    await screen.findByText(/2 queued writes, not yet on the service, would be lost\./);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/would be lost/)).toBeNull();
    expect(await apiKeyItem.getValue()).not.toBeNull();
    expect((await outboxView.getValue()).entries).toHaveLength(2);
  });

  it('once confirmed, clears the key, settings, caches, drafts and the outbox, and says so', async () => {
    const wired = await used();
    const onForgotten = renderAbout(wired);
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything…' }));
    await screen.findByText(/would be lost/);
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything' }));
    await screen.findByText(/Everything the extension kept in this browser is deleted/);
    expect(onForgotten).toHaveBeenCalled();
    expect(await apiKeyItem.getValue()).toBeNull();
    expect((await settingsItem.getValue()).baseUrl).toBe('');
    expect(await noteDraftsItem.getValue()).toEqual({});
    expect(await actionsItem.getValue()).toBeNull();
    const outbox = await outboxView.getValue();
    expect(outbox.entries).toEqual([]);
    expect(outbox.dead).toEqual([]);
    // What is left: the data's version, the outbox's empty index (with the request budget's count)
    // and what the poll after it wrote: the status, not set up, and the badge's count, of nothing.
    const left = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(left).sort()).toEqual(['outboxMeta', 'readyCount', 'schemaVersion', 'syncStatus']);
    expect(left.syncStatus).toMatchObject({ state: 'not-set-up' });
    expect(left.readyCount).toEqual({ ready: 0, more: false, waiting: [] });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    // The service back: nothing forgotten is sent.
    wired.sandbox.faults = {};
    await wired.controller.deliver();
    expect(wired.sandbox.log.filter((l) => l.route === 'markSent')).toEqual([]);
  });

  it('with nothing queued, says no queued write would be lost', async () => {
    renderAbout(sandboxBackend());
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything…' }));
    await screen.findByText(/No queued write would be lost\./);
  });
});
