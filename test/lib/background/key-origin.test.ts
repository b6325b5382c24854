import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { seal } from '../../../lib/storage/key-vault';
import { outboxView } from '../../../lib/outbox/store';
import { actionsItem, apiKeyItem, DEFAULT_SETTINGS, settingsItem } from '../../../lib/store/storage';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';
import { fakeClock, pass } from '../../helpers/fake-clock';

const OLD = 'http://127.0.0.1:8787';
const NEW = 'http://localhost:8787';

const urlsOf = (fetchSpy: ReturnType<typeof controllerWithSandbox>['fetchSpy']) =>
  fetchSpy.mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));

/** A configured extension that polled, then marked an invitation sent while the service was unreachable: the mark waits in the outbox. */
async function markQueuedOffline() {
  const wired = controllerWithSandbox();
  await configure();
  await wired.controller.poll();
  const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
  const fetchOk = wired.platform.fetch;
  wired.platform.fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  expect(await wired.ask({ type: 'markSent', actionId: action.id })).toMatchObject({ ok: true, data: { state: 'queued' } });
  wired.platform.fetch = fetchOk;
  return { ...wired, action };
}

describe('the saved key is bound to the origin it was entered for', () => {
  it('is not sent when only the address changed: Connect is refused before any request, saying the key must be typed again', async () => {
    const { ask, fetchSpy, keptOrigins } = controllerWithSandbox();
    await configure();
    const reply = await ask({ type: 'connect', baseUrl: NEW });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-request', request: { field: 'keyOrigin' } } });
    expect(urlsOf(fetchSpy).filter((u) => u.startsWith(NEW))).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((await settingsItem.getValue()).baseUrl).toBe(OLD);
    expect(await apiKeyItem.bound()).toEqual({ key: DEMO_KEY, origin: OLD });
    expect(keptOrigins).toEqual([]);
    expect(await ask({ type: 'getCredentials' })).toMatchObject({ ok: true, data: { hasKey: true, keyOrigin: OLD } });
  });

  it('goes nowhere but its origin when the address in storage is changed behind the background', async () => {
    const { ask, controller, fetchSpy } = controllerWithSandbox();
    await configure();
    await settingsItem.setValue({ ...(await settingsItem.getValue()), baseUrl: 'https://collector.example' });
    await controller.poll();
    expect(await ask({ type: 'verifyKey' })).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
    expect(urlsOf(fetchSpy)).toEqual([]);
  });

  it('reads as absent when the origin stored beside the sealed key is rewritten', async () => {
    await configure();
    const stored = (await fakeBrowser.storage.local.get('apiKey')).apiKey as object;
    await fakeBrowser.storage.local.set({ apiKey: { ...stored, origin: 'https://collector.example' } });
    expect(await apiKeyItem.bound()).toBeNull();
  });

  it('typed again for a new origin, holds the writes made for the old service until the person sends them there', async () => {
    fakeClock();
    const { ask, controller, sandbox, keptOrigins, action } = await markQueuedOffline();
    expect(await ask({ type: 'connect', baseUrl: NEW, apiKey: DEMO_KEY })).toMatchObject({ ok: true });
    expect(await apiKeyItem.bound()).toEqual({ key: DEMO_KEY, origin: NEW });
    expect(keptOrigins).toEqual(['http://localhost/*']);
    expect((await outboxView.getValue()).entries).toEqual([expect.objectContaining({ actionId: action.id, heldFor: OLD })]);
    await pass(1_200); // writes are a second apart
    await controller.deliver();
    expect(sandbox.action(action.id, DEMO_KEY)?.status).toBe('ready');
    expect(await ask({ type: 'heldWrites', send: true })).toMatchObject({ ok: true });
    await pass(1_200); // writes are a second apart
    await controller.deliver();
    expect(sandbox.action(action.id, DEMO_KEY)?.status).toBe('sent');
    expect((await outboxView.getValue()).entries).toEqual([]);
  });

  it('discards the held writes when the person says so: nothing reaches the new service', async () => {
    fakeClock();
    const { ask, controller, sandbox, action } = await markQueuedOffline();
    await ask({ type: 'connect', baseUrl: NEW, apiKey: DEMO_KEY });
    expect(await ask({ type: 'heldWrites', send: false })).toMatchObject({ ok: true });
    await pass(1_200); // writes are a second apart
    await controller.deliver();
    expect((await outboxView.getValue()).entries).toEqual([]);
    expect(sandbox.action(action.id, DEMO_KEY)?.status).toBe('ready');
  });

  it('gives back the permission granted for another service whose answer refused the key, and keeps everything saved', async () => {
    const { ask, keptOrigins } = controllerWithSandbox();
    await configure();
    expect(await ask({ type: 'connect', baseUrl: NEW, apiKey: 'a-key-the-service-does-not-know' })).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized' },
    });
    expect(keptOrigins).toEqual(['http://127.0.0.1/*']);
    expect(await apiKeyItem.bound()).toEqual({ key: DEMO_KEY, origin: OLD });
    expect((await settingsItem.getValue()).baseUrl).toBe(OLD);
  });

  it('no longer answers a request to save an address without verifying it (no page asks it)', async () => {
    const { ask } = controllerWithSandbox();
    expect(await ask({ type: 'saveCredentials', baseUrl: NEW, apiKey: DEMO_KEY })).toMatchObject({ ok: false, error: { message: 'Malformed request' } });
  });
});

describe('a key no one bound to an origin (an earlier version, or a content script in Firefox)', () => {
  it('is bound to the saved address where only the extension writes storage', async () => {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: OLD });
    await fakeBrowser.storage.local.set({ apiKey: await seal(DEMO_KEY) });
    expect(await apiKeyItem.bound(true)).toEqual({ key: DEMO_KEY, origin: OLD });
    expect(((await fakeBrowser.storage.local.get('apiKey')).apiKey as { origin?: string }).origin).toBe(OLD);
  });

  it('is not trusted in Firefox, where a content script could have written it or its address', async () => {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: 'https://collector.example' });
    await fakeBrowser.storage.local.set({ apiKey: 'a-key-written-in-clear' });
    expect(await apiKeyItem.bound(false)).toBeNull();
    await fakeBrowser.storage.local.set({ apiKey: await seal(DEMO_KEY) });
    expect(await apiKeyItem.bound(false)).toBeNull();
  });
});
