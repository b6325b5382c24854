import { describe, expect, it, vi } from 'vitest';
import { RECHECK_MS } from '../../../lib/background/credentials';
import { VERIFY_WINDOW_MS } from '../../../lib/api/verification-budget';
import {
  accountItem,
  actionsItem,
  apiKeyItem,
  keyRejectedItem,
  settingsItem,
  syncStatusItem,
  verificationItem,
  weeklyStatsItem,
} from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { DEMO_KEY, OTHER_KEY } from '../../sandbox/seed';
import type { Account } from '../../sandbox/state';

describe('key verification budget (spec 001)', () => {
  it('asks the service at every Verify, so a key accepted again is seen at once', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    await ask({ type: 'verifyKey' });
    await ask({ type: 'verifyKey' });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(2);
  });

  it('verifies once when the key changes', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787', apiKey: DEMO_KEY });
    await vi.waitFor(() => expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(1));
    expect((await accountItem.getValue())?.account.agents).toHaveLength(3);
  });

  it('refuses a 76th verification within 15 minutes, without a request', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    const now = Date.now();
    await verificationItem.setValue({ at: Array.from({ length: 75 }, (_, i) => now - 60_000 + i) });
    const reply = await ask({ type: 'verifyKey' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'rate-limited', retryAfterSeconds: expect.any(Number) } });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(0);
  });

  it('counts verifications made before the clock went back as made now: the budget frees a quarter hour later, not hours later', async () => {
    let now = Date.UTC(2026, 10, 20, 9);
    const { ask, sandbox } = controllerWithSandbox({ now: () => now });
    await configure();
    // 75 verifications of the last minute, then the clock set back five hours.
    await verificationItem.setValue({ at: Array.from({ length: 75 }, (_, i) => now - 60_000 + i) });
    now -= 5 * 3_600_000;
    const reply = await ask({ type: 'verifyKey' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
    expect((reply as { error: { retryAfterSeconds: number } }).error.retryAfterSeconds).toBeLessThanOrEqual(VERIFY_WINDOW_MS / 1000);
    now += VERIFY_WINDOW_MS + 1_000;
    expect(await ask({ type: 'verifyKey' })).toMatchObject({ ok: true });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(1);
  });
});

describe('a 401 is a question, not a verdict', () => {
  /** The demo account, whose key the service stops accepting (it answers 401) until `recover`. */
  async function rejectedThenRecovered() {
    let now = Date.UTC(2026, 10, 20, 9);
    const wired = controllerWithSandbox({ now: () => now });
    await configure();
    await wired.controller.poll();
    const account = wired.sandbox.accounts.get(DEMO_KEY) as Account;
    wired.sandbox.accounts.delete(DEMO_KEY);
    const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
    await wired.ask({ type: 'markSent', actionId: action.id });
    await wired.controller.poll();
    return {
      ...wired,
      action,
      advance: (ms: number) => (now += ms),
      recover: () => wired.sandbox.accounts.set(DEMO_KEY, account),
      lists: () => wired.sandbox.log.filter((l) => l.route === 'listActions' && l.status === 200).length,
    };
  }

  it('Verify that succeeds clears "key rejected" and resumes polling and the held writes at once', async () => {
    const { ask, controller, recover, action, sandbox, lists, advance } = await rejectedThenRecovered();
    expect(await keyRejectedItem.getValue()).toBe(true);
    expect((await outboxView.getValue()).pausedForKey).toBe(true);
    const polled = lists();
    recover();
    // Past the second between two writes (the held one was tried when the 401 came).
    advance(2_000);
    expect(await ask({ type: 'verifyKey' })).toMatchObject({ ok: true });
    expect(await keyRejectedItem.getValue()).toBe(false);
    await vi.waitFor(() => expect(sandbox.action(action.id, DEMO_KEY)?.status).toBe('sent'));
    await vi.waitFor(() => expect(lists()).toBeGreaterThan(polled));
    await controller.poll();
    expect((await syncStatusItem.getValue()).state).toBe('ok');
  });

  it('saving the same key again verifies it again', async () => {
    const { ask, sandbox, recover } = await rejectedThenRecovered();
    recover();
    const before = sandbox.log.filter((l) => l.route === 'account').length;
    await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787' });
    await vi.waitFor(() => expect(sandbox.log.filter((l) => l.route === 'account').length).toBe(before + 1));
    await vi.waitFor(async () => expect(await keyRejectedItem.getValue()).toBe(false));
  });

  it('while rejected, the background asks once a quarter hour, and a recovered service resumes everything', async () => {
    const { controller, sandbox, advance, recover, action } = await rejectedThenRecovered();
    const checks = () => sandbox.log.filter((l) => l.route === 'account').length;
    const before = checks();
    for (let i = 0; i < 14; i++) {
      advance(60_000);
      await controller.poll();
    }
    expect(checks()).toBe(before);
    advance(RECHECK_MS);
    await controller.poll();
    expect(checks()).toBe(before + 1);
    expect(await keyRejectedItem.getValue()).toBe(true);
    recover();
    advance(RECHECK_MS);
    await controller.poll();
    expect(await keyRejectedItem.getValue()).toBe(false);
    await vi.waitFor(() => expect(sandbox.action(action.id, DEMO_KEY)?.status).toBe('sent'));
  });

  it('while rejected, still asks within a quarter hour after the clock is set back hours, then once a quarter hour', async () => {
    const { controller, sandbox, advance } = await rejectedThenRecovered();
    const checks = () => sandbox.log.filter((l) => l.route === 'account').length;
    const before = checks();
    advance(-5 * 3_600_000);
    for (let i = 0; i < RECHECK_MS / 60_000; i++) {
      await controller.poll();
      advance(60_000);
    }
    expect(checks()).toBe(before + 1);
    for (let i = 0; i < RECHECK_MS / 60_000; i++) {
      await controller.poll();
      advance(60_000);
    }
    expect(checks()).toBe(before + 2);
  });
});

describe('Connect with a key the service rejects', () => {
  it('stores and wipes nothing: the previous key, sync status, invitations, account and figures stay, queued writes go with the saved key, and only the verification used the rejected key', async () => {
    let now = Date.UTC(2026, 10, 20, 9);
    const { ask, controller, sandbox, platform } = controllerWithSandbox({ now: () => now });
    await configure();
    await controller.poll();
    // A mark queued while the service could not be reached, due again by now: a resume would send it.
    const fetchOk = platform.fetch;
    platform.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const action = (await actionsItem.getValue())!.actions.find((a) => a.agentId !== 'ag_H1cJ5yUoDq')!;
    expect(await ask({ type: 'markSent', actionId: action.id })).toMatchObject({ ok: true, data: { state: 'queued' } });
    platform.fetch = fetchOk;
    now += 60_000;
    const before = await Promise.all([
      settingsItem.getValue(),
      syncStatusItem.getValue(),
      actionsItem.getValue(),
      accountItem.getValue(),
      weeklyStatsItem.getValue(),
    ]);
    expect(before.every(Boolean)).toBe(true);
    const logged = sandbox.log.length;

    const reply = await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787', apiKey: 'a-key-the-service-does-not-know' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    await new Promise((r) => setTimeout(r, 50));

    expect(await apiKeyItem.getValue()).toBe(DEMO_KEY);
    expect(await keyRejectedItem.getValue()).toBe(false);
    const [settings, status, actions, account] = before;
    expect(await settingsItem.getValue()).toEqual(settings);
    expect(await syncStatusItem.getValue()).toEqual(status);
    expect(await accountItem.getValue()).toEqual(account);
    expect(await weeklyStatsItem.getValue()).not.toBeNull();
    // The service answered (a 401 to the candidate): the queued mark went, with the saved key.
    expect(sandbox.action(action.id, DEMO_KEY)?.status).toBe('sent');
    expect((await actionsItem.getValue())?.actions).toEqual(actions!.actions.filter((a) => a.id !== action.id));
    expect(await outboxView.getValue()).toMatchObject({ pausedForKey: false, entries: [] });
    const rejected = sandbox.log.slice(logged).filter((l) => l.authorization?.includes('a-key-the-service-does-not-know'));
    expect(rejected.map((l) => l.route)).toEqual(['account']);
  });

  it('stores a key the service accepts, with its account, and polls with it', async () => {
    const { ask, controller, sandbox } = controllerWithSandbox();
    await configure();
    await controller.poll();
    const reply = await ask({ type: 'connect', baseUrl: 'http://127.0.0.1:8787', apiKey: OTHER_KEY });
    expect(reply).toMatchObject({ ok: true });
    expect(await apiKeyItem.getValue()).toBe(OTHER_KEY);
    expect((await accountItem.getValue())?.account).toEqual((reply as { data: unknown }).data);
    await vi.waitFor(() => expect(sandbox.log.some((l) => l.route === 'listActions' && l.authorization?.includes(OTHER_KEY))).toBe(true));
    expect(sandbox.log.filter((l) => l.route === 'account' && l.authorization?.includes(OTHER_KEY))).toHaveLength(1);
  });
});
