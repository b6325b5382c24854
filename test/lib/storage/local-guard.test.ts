import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ActionsSnapshot } from '../../../lib/store/storage';
import {
  accountItem,
  actionsItem,
  DEFAULT_SETTINGS,
  keyRejectedItem,
  noteDraftsItem,
  sentRecordItem,
  settingsItem,
  syncStatusItem,
  weeklyStatsItem,
} from '../../../lib/store/storage';
import { getLocalValues, localValuesFrom, useGuard } from '../../../lib/storage/storage-item';
import { asInFirefox, contentScriptGets, contentScriptSets } from '../../helpers/firefox-ledger';
import { webLocks } from '../../helpers/web-locks';

const snapshot = (id: string, fetchedAt = 1000): ActionsSnapshot => ({
  actions: [{ id } as ActionsSnapshot['actions'][number]],
  fetchedAt,
  full: false,
  agentFilter: null,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('Firefox: what a content script wrote to storage.local', () => {
  asInFirefox();

  it('reads as absent, item by item and in one read', async () => {
    await contentScriptSets({
      readyActions: snapshot('na_planted'),
      noteDrafts: { na_1: 'Click here: https://evil.example' },
      account: { account: { id: 'x' }, verifiedAt: 1 },
      weeklyStats: { stats: { sent: 0 }, fetchedAt: 1 },
      keyRejected: true,
      syncStatus: { state: 'ok', at: 5 },
    });
    expect(await actionsItem.getValue()).toBeNull();
    expect(await noteDraftsItem.getValue()).toEqual({});
    expect(await accountItem.getValue()).toBeNull();
    expect(await weeklyStatsItem.getValue()).toBeNull();
    expect(await keyRejectedItem.getValue()).toBe(false);
    expect(await getLocalValues(actionsItem, syncStatusItem, accountItem)).toEqual([null, { state: 'never', at: 0 }, null]);
  });

  it('a read of storage started before the modules load (the popup’s head script) is not taken as it came', async () => {
    await actionsItem.setValue(snapshot('na_ours'));
    await contentScriptSets({ account: { account: { id: 'x' }, verifiedAt: 1 } });
    const early = fakeBrowser.storage.local.get(['readyActions', 'account']);
    expect(await localValuesFrom(early, actionsItem, accountItem)).toEqual([snapshot('na_ours'), null]);
  });

  it('settings: kept where harmless, but no automatic Send, no higher cap or budget, no faster polling, no sooner old, no more withdrawals', async () => {
    await contentScriptSets({
      settings: {
        baseUrl: 'https://app.example.com',
        pollMinutes: 0.01,
        agentFilter: 'ag_1',
        autoSend: true,
        weeklyCap: 1000,
        requestCap: 100,
        oldAfterDays: 1,
        withdrawalsPerMinute: 20,
      },
    });
    const expected = { ...DEFAULT_SETTINGS, baseUrl: 'https://app.example.com', agentFilter: 'ag_1' };
    expect(await settingsItem.getValue()).toEqual(expected);
    expect((await getLocalValues(settingsItem))[0]).toEqual(expected);
    await contentScriptSets({ settings: 'nonsense' });
    expect(await settingsItem.getValue()).toEqual(DEFAULT_SETTINGS);
  });

  it('settings: a later "old after" and fewer withdrawals a minute are kept (they only hold the extension back)', async () => {
    await contentScriptSets({ settings: { ...DEFAULT_SETTINGS, oldAfterDays: 60, withdrawalsPerMinute: 1 } });
    expect(await settingsItem.getValue()).toMatchObject({ oldAfterDays: 60, withdrawalsPerMinute: 1 });
  });

  it('the record of invitations sent: one a content script wrote reads as empty (nothing listed to withdraw)', async () => {
    await contentScriptSets({ sentRecord: [{ actionId: 'na_1', slug: 'someone', note: null, sentAt: 1 }] });
    expect(await sentRecordItem.getValue()).toEqual([]);
  });

  it('a content script changing what the extension wrote: the change reads as absent', async () => {
    await noteDraftsItem.setValue({ na_1: 'My note' });
    await contentScriptSets({ noteDrafts: { na_1: 'Their note' } });
    expect(await noteDraftsItem.getValue()).toEqual({});
  });
});

describe('Firefox: a value the extension wrote once, put back later (a replay)', () => {
  asInFirefox();

  it('an old draft put back after the next edit is not trusted', async () => {
    await noteDraftsItem.setValue({ na_1: 'First words' });
    const old = await contentScriptGets('noteDrafts');
    await noteDraftsItem.setValue({ na_1: 'What I mean' });
    await contentScriptSets({ noteDrafts: old });
    expect(await noteDraftsItem.getValue()).toEqual({});
  });

  it('an old ready list put back is not trusted, nor one put back after the extension removed it', async () => {
    await actionsItem.setValue(snapshot('na_old'));
    const old = await contentScriptGets('readyActions');
    await actionsItem.setValue(snapshot('na_new', 2000));
    await contentScriptSets({ readyActions: old });
    expect(await actionsItem.getValue()).toBeNull();
    await actionsItem.setValue(null);
    await contentScriptSets({ readyActions: old });
    expect(await actionsItem.getValue()).toBeNull();
  });

  it('old settings put back (automatic Send on, since turned off) read as the safe settings', async () => {
    const on = { ...DEFAULT_SETTINGS, baseUrl: 'https://app.example.com', autoSend: true, weeklyCap: 150 };
    await settingsItem.setValue(on);
    expect(await settingsItem.getValue()).toEqual(on);
    const old = await contentScriptGets('settings');
    await settingsItem.setValue({ ...on, autoSend: false });
    await contentScriptSets({ settings: old });
    expect(await settingsItem.getValue()).toEqual({ ...on, autoSend: false, weeklyCap: DEFAULT_SETTINGS.weeklyCap });
  });
});

describe('Firefox: what the extension writes reads back as written', () => {
  asInFirefox();

  it('through getValue, one read of several, and watch; a content script’s write comes to watchers as absent', async () => {
    const seen: unknown[] = [];
    const stop = actionsItem.watch((v) => seen.push(v));
    await actionsItem.setValue(snapshot('na_1'));
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, autoSend: true });
    expect(await actionsItem.getValue()).toEqual(snapshot('na_1'));
    expect(await getLocalValues(actionsItem, settingsItem)).toEqual([snapshot('na_1'), { ...DEFAULT_SETTINGS, autoSend: true }]);
    await flush();
    await contentScriptSets({ readyActions: snapshot('na_planted') });
    await flush();
    await actionsItem.setValue(snapshot('na_2'));
    await flush();
    stop();
    expect(seen).toEqual([snapshot('na_1'), null, snapshot('na_2')]);
  });

  it('many writes at once in one context (fast typing): the last one stored is the one trusted', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => noteDraftsItem.setValue({ na_1: 'x'.repeat(i + 1) })));
    expect(await noteDraftsItem.getValue()).toEqual({ na_1: 'x'.repeat(12) });
  });

  it('a write cut short after the ledger took it and before storage did leaves the value before it trusted', async () => {
    await noteDraftsItem.setValue({ na_1: 'Kept' });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('worker stopped'));
    await expect(noteDraftsItem.setValue({ na_1: 'Lost' })).rejects.toThrow('worker stopped');
    set.mockRestore();
    expect(await noteDraftsItem.getValue()).toEqual({ na_1: 'Kept' });
    await noteDraftsItem.setValue({ na_1: 'Next' });
    expect(await noteDraftsItem.getValue()).toEqual({ na_1: 'Next' });
  });

  it('says the extension’s own storage failed, rather than reading nothing, when IndexedDB fails', async () => {
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    });
    await expect(noteDraftsItem.getValue()).rejects.toMatchObject({ kind: 'vault' });
    await expect(noteDraftsItem.setValue({ na_1: 'x' })).rejects.toMatchObject({ kind: 'vault' });
    open.mockRestore();
    await noteDraftsItem.setValue({ na_1: 'x' });
    expect(await noteDraftsItem.getValue()).toEqual({ na_1: 'x' });
  });

  it('session items are not checked (content scripts cannot reach storage.session)', async () => {
    await fakeBrowser.storage.session.set({ marks: 3 });
    const { sessionMarksItem } = await import('../../../lib/store/storage');
    expect(await sessionMarksItem.getValue()).toBe(3);
  });
});

describe('Firefox: two contexts writing the same item at once (the popup and the background, note drafts)', () => {
  asInFirefox();

  /** The extension's storage modules as one more context (a page, the background) loads them. */
  async function context() {
    vi.resetModules();
    const [storage, items, guard] = await Promise.all([
      import('../../../lib/store/storage'),
      import('../../../lib/storage/storage-item'),
      import('../../../lib/storage/local-guard'),
    ]);
    items.useGuard(guard.ledgerGuard);
    return storage;
  }

  it('the value stored last is the one trusted, whichever order their steps run in', async () => {
    vi.stubGlobal('navigator', { locks: webLocks() });
    try {
      const popup = await context();
      const background = await context();
      // The popup's write reaches storage first but is slow to return: the background's goes in between.
      const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
      let slow = true;
      vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
        await set(items);
        if (slow) {
          slow = false;
          await flush();
        }
      });
      await Promise.all([popup.noteDraftsItem.setValue({ na_1: 'From the popup' }), background.noteDraftsItem.setValue({ na_1: 'Saved: gone' })]);
      const stored = await contentScriptGets('noteDrafts');
      expect(stored).toEqual({ na_1: 'Saved: gone' });
      expect(await popup.noteDraftsItem.getValue()).toEqual(stored);
      expect(await background.noteDraftsItem.getValue()).toEqual(stored);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Chrome (no ledger): unchanged', () => {
  it('reads what storage holds, whoever wrote it', async () => {
    useGuard(undefined);
    await contentScriptSets({ readyActions: snapshot('na_1'), settings: { ...DEFAULT_SETTINGS, autoSend: true } });
    expect(await actionsItem.getValue()).toEqual(snapshot('na_1'));
    expect((await settingsItem.getValue()).autoSend).toBe(true);
  });
});
