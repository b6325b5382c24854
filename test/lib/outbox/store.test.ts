import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EMPTY_OUTBOX, type DeadEntry, type OutboxEntry } from '../../../lib/outbox/outbox';
import { MAX_REFUSED, outboxStore, outboxView } from '../../../lib/outbox/store';
import { entry, outboxWith } from '../../helpers/outbox-entries';

const dead = (i: number): DeadEntry => ({
  ...entry(i),
  deadAt: 5000 + i,
  reason: 'Agent cancelled',
  error: { kind: 'agent-cancelled', message: 'Agent cancelled' },
});
const state = outboxWith;

describe('the outbox in storage', () => {
  it('keeps each write in an item of its own: answering one write rewrites that item and the small index only', async () => {
    const store = outboxStore();
    const entries = Array.from({ length: 20 }, (_, i) => entry(i));
    await store.save(state(entries));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const answered = entries.map((e) => (e.id === 'w7' ? { ...e, uncertain: true } : e));
    await store.save(state(answered));
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]![0] as object).sort()).toEqual(['outboxEntry:w7']);
    await store.save(state(answered.filter((e) => e.id !== 'w3')));
    expect(Object.keys(set.mock.calls[1]![0] as object)).toEqual(['outboxMeta']);
    expect((await fakeBrowser.storage.local.get('outboxEntry:w3'))['outboxEntry:w3']).toBeUndefined();
    expect((await outboxStore().load()).entries.map((e) => e.id)).toEqual(entries.filter((e) => e.id !== 'w3').map((e) => e.id));
  });

  it('reads the single item an earlier version wrote, and moves it to the new layout on the next save', async () => {
    await fakeBrowser.storage.local.set({ outbox: state([entry(1), entry(2)], [dead(9)]) });
    const store = outboxStore();
    const loaded = await store.load();
    expect(loaded.entries.map((e) => e.id)).toEqual(['w1', 'w2']);
    expect(loaded.dead.map((d) => d.id)).toEqual(['w9']);
    await store.save(loaded);
    expect((await fakeBrowser.storage.local.get('outbox')).outbox).toBeUndefined();
    expect((await outboxView.getValue()).entries.map((e) => e.id)).toEqual(['w1', 'w2']);
  });

  it('bounds the refused list, dropping the oldest only once a person has seen them', async () => {
    const store = outboxStore();
    const refused = Array.from({ length: MAX_REFUSED + 10 }, (_, i) => dead(i));
    await store.save(state([], refused));
    expect((await store.load()).dead).toHaveLength(MAX_REFUSED + 10);
    // Seen at 10 000, after every refusal: the oldest make room for the new one.
    await store.save({ ...state([], [...refused, dead(100)]), deadSeenAt: 10_000 });
    const kept = (await store.load()).dead;
    expect(kept).toHaveLength(MAX_REFUSED);
    expect(kept[0]!.id).toBe('w11');
    expect(kept.at(-1)!.id).toBe('w100');
  });
});

describe('writes the extension did not store (a content script can write storage.local in Firefox)', () => {
  it('stores each pending write signed, and loads it back as it was', async () => {
    const { entrySigner } = await import('../../../lib/outbox/signing');
    const store = outboxStore(entrySigner(false));
    await store.save(state([entry(1), { ...entry(2), lastError: 'x', heldFor: undefined }]));
    const item = (await fakeBrowser.storage.local.get('outboxEntry:w1'))['outboxEntry:w1'] as { mac?: unknown };
    expect(typeof item.mac).toBe('string');
    const loaded = await outboxStore(entrySigner(false)).load();
    expect(loaded.entries.map((e) => e.id)).toEqual(['w1', 'w2']);
    expect(loaded.entries[0]).not.toHaveProperty('mac');
    expect(loaded.dead).toEqual([]);
  });

  it('sends no write whose signature does not match what it holds: it is listed for the person to retry or discard', async () => {
    const { entrySigner } = await import('../../../lib/outbox/signing');
    await outboxStore(entrySigner(true)).save(state([entry(1), entry(2)]));
    const signed = (await fakeBrowser.storage.local.get('outboxEntry:w2'))['outboxEntry:w2'] as OutboxEntry & { mac: string };
    // Another write under a signature taken from a real one.
    await fakeBrowser.storage.local.set({ 'outboxEntry:w2': { ...signed, actionId: 'someone-else', body: { metadata: { forged: true } } } });
    const loaded = await outboxStore(entrySigner(true)).load();
    expect(loaded.entries.map((e) => e.id)).toEqual(['w1']);
    expect(loaded.dead).toEqual([
      expect.objectContaining({ id: 'w2', actionId: 'someone-else', error: expect.objectContaining({ request: { field: 'unsigned', problem: 'malformed' } }) }),
    ]);
  });

  it('in Firefox, holds back an unsigned write (an earlier version, or a content script) for the person; elsewhere sends it', async () => {
    const { entrySigner } = await import('../../../lib/outbox/signing');
    await fakeBrowser.storage.local.set({ outboxMeta: { ...EMPTY_OUTBOX, order: ['w5'], dead: [] }, 'outboxEntry:w5': entry(5) });
    expect((await outboxStore(entrySigner(true)).load()).entries.map((e) => e.id)).toEqual(['w5']);
    const firefox = await outboxStore(entrySigner(false)).load();
    expect(firefox.entries).toEqual([]);
    expect(firefox.dead.map((d) => d.id)).toEqual(['w5']);
  });

  it('reads an unsigned single-item outbox of an earlier version the same way', async () => {
    const { entrySigner } = await import('../../../lib/outbox/signing');
    await fakeBrowser.storage.local.set({ outbox: state([entry(1)]) });
    const firefox = await outboxStore(entrySigner(false)).load();
    expect(firefox.entries).toEqual([]);
    expect(firefox.dead.map((d) => d.id)).toEqual(['w1']);
  });
});
