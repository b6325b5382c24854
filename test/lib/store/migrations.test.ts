import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isSealed } from '../../../lib/storage/key-vault';
import { migrate, MIGRATIONS, SCHEMA_VERSION } from '../../../lib/store/migrations';
import { EMPTY_OUTBOX, type DeadEntry, type OutboxEntry } from '../../../lib/outbox/outbox';
import { ledgerGuard } from '../../../lib/storage/local-guard';
import { entrySigner } from '../../../lib/outbox/signing';
import { outboxStore, outboxView } from '../../../lib/outbox/store';
import { actionsItem, apiKeyItem, DEFAULT_SETTINGS, noteDraftsItem, schemaVersionItem, settingsItem, updateNoticeItem } from '../../../lib/store/storage';
import { useGuard } from '../../../lib/storage/storage-item';
import { asInFirefox } from '../../helpers/firefox-ledger';

const KEY = 'sk-live-0123456789abcdef';
const entry: OutboxEntry = { id: 'w1', actionId: 'na_1', op: 'markSent', body: { metadata: {} }, enqueuedAt: 1000, notBefore: 0, uncertain: false };
const dead: DeadEntry = { ...entry, id: 'w2', deadAt: 2000, reason: 'Agent cancelled', error: { kind: 'agent-cancelled', message: 'Agent cancelled' } };

/** What 0.1.0 and earlier could leave in storage: no version, older shapes. */
async function storeVersion0(): Promise<void> {
  await fakeBrowser.storage.local.set({
    // Saved before the request cap and the weekly cap existed.
    settings: { baseUrl: 'https://app.example.com', pollMinutes: 5, agentFilter: 'ag_1', autoSend: true },
    outbox: { ...EMPTY_OUTBOX, entries: [entry], dead: [dead] },
    apiKey: KEY,
    noteDrafts: { na_2: 'A draft' },
  });
}

const stored = async (name: string) => (await fakeBrowser.storage.local.get(name))[name];

describe('stored data migrations', () => {
  it('records the version the data has: the last migration’s', async () => {
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.at(-1)!.to);
    expect(MIGRATIONS.map((m) => m.to)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    await migrate();
    expect(await stored('schemaVersion')).toBe(SCHEMA_VERSION);
  });

  it('to 1: settings saved by 0.1.0 keep every value and gain the fields added since, with their defaults', async () => {
    await storeVersion0();
    await expect(migrate()).resolves.toEqual({ from: 0, to: SCHEMA_VERSION });
    expect(await settingsItem.getValue()).toEqual({
      baseUrl: 'https://app.example.com',
      pollMinutes: 5,
      agentFilter: 'ag_1',
      autoSend: true,
      letMeClick: false,
      weeklyCap: DEFAULT_SETTINGS.weeklyCap,
      requestCap: DEFAULT_SETTINGS.requestCap,
      oldAfterDays: 21,
      withdrawalsPerMinute: 5,
    });
  });

  it('to 2: settings saved at version 1 gain "Let me click on the page", off, and keep every value', async () => {
    const {
      letMeClick: _absent,
      oldAfterDays: _later,
      withdrawalsPerMinute: _later2,
      ...version1
    } = {
      ...DEFAULT_SETTINGS,
      baseUrl: 'https://app.example.com',
      autoSend: true,
      weeklyCap: 80,
    };
    await fakeBrowser.storage.local.set({ schemaVersion: 1, settings: version1 });
    await expect(migrate()).resolves.toEqual({ from: 1, to: SCHEMA_VERSION });
    expect(await stored('settings')).toMatchObject({ ...version1, letMeClick: false });
  });

  it('to 3: settings saved at version 2 gain "old after" 21 days and 5 withdrawals a minute, and keep every value', async () => {
    const {
      oldAfterDays: _absent,
      withdrawalsPerMinute: _absent2,
      ...version2
    } = { ...DEFAULT_SETTINGS, baseUrl: 'https://app.example.com', letMeClick: true, weeklyCap: 80 };
    await fakeBrowser.storage.local.set({ schemaVersion: 2, settings: version2 });
    await expect(migrate()).resolves.toEqual({ from: 2, to: 3 });
    expect(await stored('settings')).toEqual({ ...version2, oldAfterDays: 21, withdrawalsPerMinute: 5 });
  });

  it('to 1: the outbox kept in one item moves to one item per write, queued and refused writes kept', async () => {
    await storeVersion0();
    await migrate();
    expect(await stored('outbox')).toBeUndefined();
    expect(await stored('outboxEntry:w1')).toEqual(entry);
    const outbox = await outboxView.getValue();
    expect(outbox.entries).toEqual([entry]);
    expect(outbox.dead).toEqual([dead]);
  });

  it('to 1: a key stored in clear is sealed bound to the origin of the address saved with it, and still reads as the same key; drafts are untouched', async () => {
    await storeVersion0();
    await migrate();
    const raw = await stored('apiKey');
    expect(isSealed(raw)).toBe(true);
    expect(raw).toMatchObject({ origin: 'https://app.example.com' });
    expect(JSON.stringify(raw)).not.toContain(KEY);
    expect(await apiKeyItem.getValue()).toBe(KEY);
    expect(await noteDraftsItem.getValue()).toEqual({ na_2: 'A draft' });
  });

  it('writes nothing when the data already has this version (the cost of every wake is one read)', async () => {
    await storeVersion0();
    await migrate();
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const remove = vi.spyOn(fakeBrowser.storage.local, 'remove');
    await expect(migrate()).resolves.toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    expect(set).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it('leaves data of a newer version alone (an older build installed over a newer one)', async () => {
    await fakeBrowser.storage.local.set({ schemaVersion: SCHEMA_VERSION + 1, outbox: { ...EMPTY_OUTBOX, entries: [entry] } });
    await expect(migrate()).resolves.toEqual({ from: SCHEMA_VERSION + 1, to: SCHEMA_VERSION + 1 });
    expect(await stored('outbox')).toBeDefined();
  });

  it('a migration cut short records no version and runs again whole, losing nothing', async () => {
    await storeVersion0();
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    set.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await expect(migrate()).rejects.toThrow(/quota/);
    expect(await stored('schemaVersion')).toBeUndefined();
    set.mockRestore();
    await expect(migrate()).resolves.toEqual({ from: 0, to: SCHEMA_VERSION });
    expect((await outboxView.getValue()).entries).toEqual([entry]);
    expect((await settingsItem.getValue()).requestCap).toBe(DEFAULT_SETTINGS.requestCap);
  });

  it('on a new install stores the version and no settings of its own', async () => {
    await migrate();
    expect(await stored('settings')).toBeUndefined();
    expect(await stored('apiKey')).toBeUndefined();
  });
});

describe('Firefox: what the release before the storage ledger stored is taken over once (lib/store/firefox-adoption.ts)', () => {
  asInFirefox();

  const ORIGIN = 'https://app.example.com';
  const chosen = { ...DEFAULT_SETTINGS, baseUrl: ORIGIN, pollMinutes: 2, agentFilter: 'ag_1', autoSend: true, weeklyCap: 150, requestCap: 20 };

  /** As the current release left Firefox's storage: the same items, nothing in the ledger. */
  async function storeCurrentRelease(): Promise<void> {
    useGuard(undefined);
    await settingsItem.setValue(chosen);
    await apiKeyItem.setValue(KEY, ORIGIN);
    await outboxStore(entrySigner(false)).save({ ...EMPTY_OUTBOX, entries: [entry] });
    await noteDraftsItem.setValue({ na_2: 'A draft' });
    await actionsItem.setValue({ actions: [], fetchedAt: 1, full: false, agentFilter: null });
    await schemaVersionItem.setValue(SCHEMA_VERSION);
    useGuard(ledgerGuard);
  }

  it('keeps the key sealed with its origin and every signed queued write; settings lose automatic Send and caps above the defaults', async () => {
    await storeCurrentRelease();
    expect(await apiKeyItem.bound(false)).toBeNull();
    await migrate();
    expect(await apiKeyItem.bound(false)).toEqual({ key: KEY, origin: ORIGIN });
    const outbox = await outboxStore(entrySigner(false)).load();
    expect(outbox.entries).toEqual([entry]);
    expect(outbox.dead).toEqual([]);
    expect(await settingsItem.getValue()).toEqual({ ...chosen, autoSend: false, weeklyCap: DEFAULT_SETTINGS.weeklyCap });
  });

  it('drops the note drafts (one would become the note sent) and leaves caches to be read again from the service', async () => {
    await storeCurrentRelease();
    await migrate();
    expect(await stored('noteDrafts')).toBeUndefined();
    expect(await noteDraftsItem.getValue()).toEqual({});
    expect(await actionsItem.getValue()).toBeNull();
  });

  it('tells, once, what it turned off or cleared: automatic Send, limits above the defaults, how many drafts', async () => {
    await storeCurrentRelease();
    expect(await updateNoticeItem.getValue()).toBeNull();
    await migrate();
    expect(await updateNoticeItem.getValue()).toMatchObject({ sendTurnedOff: true, limitsReset: true, draftsCleared: 1 });
  });

  it('tells nothing when nothing the person set was changed or cleared', async () => {
    useGuard(undefined);
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: ORIGIN, agentFilter: 'ag_1' });
    await schemaVersionItem.setValue(SCHEMA_VERSION);
    useGuard(ledgerGuard);
    await migrate();
    expect(await updateNoticeItem.getValue()).toBeNull();
    expect((await settingsItem.getValue()).agentFilter).toBe('ag_1');
  });

  it('a queued write without a valid signature is not taken over: it waits in the refused list', async () => {
    await storeCurrentRelease();
    const signed = (await stored('outboxEntry:w1')) as OutboxEntry & { mac: string };
    await fakeBrowser.storage.local.set({ 'outboxEntry:w1': { ...signed, actionId: 'na_other' } });
    await migrate();
    const outbox = await outboxStore(entrySigner(false)).load();
    expect(outbox.entries).toEqual([]);
    expect(outbox.dead.map((d) => [d.id, d.actionId])).toEqual([['w1', 'na_other']]);
  });

  it('runs once: a content script setting the schema version back cannot have a write it put back taken over', async () => {
    await storeCurrentRelease();
    const copied = await fakeBrowser.storage.local.get(null);
    await migrate();
    // The write is delivered: its item goes. Then every item of before is put back, version 0.
    await outboxStore(entrySigner(false)).save(EMPTY_OUTBOX);
    await fakeBrowser.storage.local.set({ ...copied, schemaVersion: 0 });
    await migrate();
    expect((await outboxStore(entrySigner(false)).load()).entries).toEqual([]);
    expect((await settingsItem.getValue()).autoSend).toBe(false);
  });
});
