// Firefox: a content script can read storage.local, keep a write the background signed, and store
// it again once delivered. The ledger (lib/storage/storage-ledger.ts) is what stops that; the signature
// alone does not.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_LIMITER } from '../../../lib/outbox/limiter';
import { createOutbox } from '../../../lib/outbox/outbox';
import { entrySigner } from '../../../lib/outbox/signing';
import { outboxStore, outboxView } from '../../../lib/outbox/store';
import { asInFirefox, contentScriptGets, contentScriptSets } from '../../helpers/firefox-ledger';
import { entry, outboxWith } from '../../helpers/outbox-entries';

const state = outboxWith;

/** The background's outbox over the real store, as a new worker starts it; `sent` records each request. */
function worker(sent: string[]) {
  const store = outboxStore(entrySigner(false));
  let n = 0;
  return createOutbox({
    load: store.load,
    save: store.save,
    send: async (e) => void sent.push(e.actionId),
    now: () => 1_700_000_000_000,
    random: () => 0,
    wakeAt: () => undefined,
    newId: () => `e${n++}`,
    config: DEFAULT_LIMITER,
  });
}

describe('Firefox: an outbox write stored again after it was delivered', () => {
  asInFirefox();

  it('is not sent a second time, even with the index of the time it was queued', async () => {
    const sent: string[] = [];
    const first = worker(sent);
    await first.enqueue({ op: 'markSent', body: { metadata: {} } }, 'na_1');
    const copied = await fakeBrowser.storage.local.get(null);
    await first.drain();
    expect(sent).toEqual(['na_1']);
    expect(Object.keys(await fakeBrowser.storage.local.get(null)).filter((k) => k.startsWith('outboxEntry:'))).toEqual([]);
    // The content script puts back every item it read while the write was queued.
    await contentScriptSets(copied);
    const next = worker(sent);
    await next.drain();
    expect(sent).toEqual(['na_1']);
    expect((await next.state()).entries).toEqual([]);
  });

  it('is not sent a second time when the worker stopped between the two storage calls of its removal, and the index was then taken away', async () => {
    const sent: string[] = [];
    const first = worker(sent);
    await first.enqueue({ op: 'markSent', body: { metadata: {} } }, 'na_1');
    // The worker stops right after the first storage call that follows the delivery.
    const local = fakeBrowser.storage.local;
    const calls = { set: local.set.bind(local), remove: local.remove.bind(local) };
    let made = 0;
    const stopAfterOne =
      <A extends unknown[]>(call: (...args: A) => Promise<void>) =>
      (...args: A) =>
        made++ === 0 ? call(...args) : Promise.reject(new Error('worker stopped'));
    local.set = stopAfterOne(calls.set);
    local.remove = stopAfterOne(calls.remove);
    try {
      await first.drain().catch(() => undefined);
    } finally {
      Object.assign(local, calls);
    }
    expect(sent).toEqual(['na_1']);
    // A content script removes the index: the outbox is rebuilt from what the ledger vouches for.
    await local.remove('outboxMeta');
    const next = worker(sent);
    await next.drain();
    expect(sent).toEqual(['na_1']);
  });

  it('an index put back gives way to the writes the extension stored: those queued since are kept, in order', async () => {
    const store = outboxStore(entrySigner(false));
    await store.save(state([entry(1)]));
    const oldIndex = await contentScriptGets('outboxMeta');
    await store.save(state([entry(2), entry(3)]));
    await contentScriptSets({ outboxMeta: oldIndex });
    const loaded = await outboxStore(entrySigner(false)).load();
    expect(loaded.entries.map((e) => e.id)).toEqual(['w2', 'w3']);
    expect(loaded.dead).toEqual([]);
  });

  it('an older, validly signed version of a queued write put back is not sent: it goes to the refused list', async () => {
    const store = outboxStore(entrySigner(false));
    await store.save(state([entry(1)]));
    const before = await contentScriptGets('outboxEntry:w1');
    await store.save(state([{ ...entry(1), uncertain: true }]));
    await contentScriptSets({ 'outboxEntry:w1': before });
    const loaded = await outboxStore(entrySigner(false)).load();
    expect(loaded.entries).toEqual([]);
    expect(loaded.dead.map((d) => d.id)).toEqual(['w1']);
  });

  it('writes the background stores read back as stored', async () => {
    const store = outboxStore(entrySigner(false));
    await store.save(state([entry(1), entry(2)]));
    await store.save(state([entry(2)]));
    const loaded = await outboxStore(entrySigner(false)).load();
    expect(loaded.entries.map((e) => e.id)).toEqual(['w2']);
    expect(loaded.dead).toEqual([]);
  });
});

describe('Firefox: the outbox as pages show it', () => {
  asInFirefox();

  it('lists no write put back after delivery, and lists a changed one as refused, as the background reads them', async () => {
    const store = outboxStore(entrySigner(false));
    await store.save(state([entry(1), entry(2)]));
    const copied = await fakeBrowser.storage.local.get(null);
    await store.save(state([entry(2)]));
    await contentScriptSets(copied);
    await contentScriptSets({ 'outboxEntry:w2': { ...(copied['outboxEntry:w2'] as object), actionId: 'someone-else' } });
    const shown = await outboxView.getValue();
    expect(shown.entries).toEqual([]);
    expect(shown.dead.map((d) => [d.id, d.actionId])).toEqual([['w2', 'someone-else']]);
  });
});

describe('Firefox: an outbox index removed behind the extension', () => {
  asInFirefox();

  it('loses no queued write: the writes the ledger vouches for are read', async () => {
    const store = outboxStore(entrySigner(false));
    await store.save(state([entry(2), entry(1)]));
    await fakeBrowser.storage.local.remove('outboxMeta');
    const loaded = await outboxStore(entrySigner(false)).load();
    expect(loaded.entries.map((e) => e.id)).toEqual(['w1', 'w2']);
  });
});
