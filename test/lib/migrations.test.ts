import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isSealed } from '../../lib/key-vault';
import { migrate, MIGRATIONS, SCHEMA_VERSION } from '../../lib/migrations';
import { EMPTY_OUTBOX, type DeadEntry, type OutboxEntry } from '../../lib/outbox/outbox';
import { outboxView } from '../../lib/outbox/store';
import { apiKeyItem, DEFAULT_SETTINGS, noteDraftsItem, settingsItem } from '../../lib/storage';

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
    await expect(migrate()).resolves.toEqual({ from: 0, to: 1 });
    expect(await settingsItem.getValue()).toEqual({
      baseUrl: 'https://app.example.com',
      pollMinutes: 5,
      agentFilter: 'ag_1',
      autoSend: true,
      weeklyCap: DEFAULT_SETTINGS.weeklyCap,
      requestCap: DEFAULT_SETTINGS.requestCap,
    });
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
    await expect(migrate()).resolves.toEqual({ from: 1, to: 1 });
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
    await expect(migrate()).resolves.toEqual({ from: 0, to: 1 });
    expect((await outboxView.getValue()).entries).toEqual([entry]);
    expect((await settingsItem.getValue()).requestCap).toBe(DEFAULT_SETTINGS.requestCap);
  });

  it('on a new install stores the version and no settings of its own', async () => {
    await migrate();
    expect(await stored('settings')).toBeUndefined();
    expect(await stored('apiKey')).toBeUndefined();
  });
});
