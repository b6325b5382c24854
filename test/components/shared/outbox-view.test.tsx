// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { actionsItem } from '../../../lib/store/storage';
import { sandboxBackend } from '../../helpers/backend';
import { renderPopup } from '../../helpers/popup';
import { configure } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

afterEach(cleanup);

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
