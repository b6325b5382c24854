import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, rateLimitItem, settingsItem } from '../../../lib/store/storage';
import { outboxView } from '../../../lib/outbox/store';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { requestLimits } from '../../../lib/background/service';

/** Requests the background counted in its budget. */
async function counted(): Promise<number> {
  return (await outboxView.getValue()).limiter.sent.length;
}

describe('every request in the budget', () => {
  it('counts the weekly statistics and the account check, and the fallback tries of 405 and 404', async () => {
    // The service answers the weekly statistics under the network's name (404, then the twin),
    // and the account to POST only (405, then POST).
    const { ask, sandbox } = controllerWithSandbox({ methods: { account: 'POST' }, networkSegment: 'linkedin' });
    await configure();
    expect(await ask({ type: 'getWeeklyStats' })).toMatchObject({ ok: true });
    expect(sandbox.log.map((l) => l.status)).toEqual([404, 200]);
    expect(await counted()).toBe(2);
    expect(await ask({ type: 'verifyKey' })).toMatchObject({ ok: true });
    expect(sandbox.log.map((l) => l.status)).toEqual([404, 200, 405, 200]);
    expect(await counted()).toBe(4);
  });

  it('sends no weekly statistics or account check while a retry-after is in force, and says how long to wait', async () => {
    const { ask, sandbox, controller } = controllerWithSandbox();
    await configure();
    sandbox.faults = { rateLimitStorm: { retryAfterSeconds: 90 } };
    await controller.poll();
    const before = sandbox.log.length;
    sandbox.faults = {};
    expect(await ask({ type: 'getWeeklyStats' })).toMatchObject({ ok: false, error: { kind: 'rate-limited', retryAfterSeconds: expect.any(Number) } });
    expect(await ask({ type: 'verifyKey' })).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
    expect(sandbox.log.length).toBe(before);
  });

  it("sends no weekly statistics once the minute's budget is spent", async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    await settingsItem.setValue({ ...(await settingsItem.getValue()), requestCap: 2 });
    expect(await ask({ type: 'getWeeklyStats' })).toMatchObject({ ok: true });
    expect(await ask({ type: 'getWeeklyStats' })).toMatchObject({ ok: true });
    expect(await ask({ type: 'getWeeklyStats' })).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
    expect(sandbox.log.length).toBe(2);
  });

  it('waits for the reset when x-ratelimit-remaining is 0, even when retry-after is shorter', async () => {
    const { controller, sandbox } = controllerWithSandbox();
    await configure();
    sandbox.faults = { rateLimitStorm: { retryAfterSeconds: 1 } };
    await controller.poll();
    const { limiter } = await outboxView.getValue();
    const snapshot = await rateLimitItem.getValue();
    expect(snapshot).toMatchObject({ remaining: 0, retryAfterSeconds: 1 });
    expect(limiter.blockedUntil).toBe(snapshot!.reset! * 1000);
    expect(limiter.blockedUntil).toBeGreaterThan(Date.now() + 1_000);
  });
});

describe('the request budget as stored', () => {
  it.each([
    [100_000, 100],
    [0, 1],
    [Number.NaN, 30],
    ['50' as unknown as number, 30],
  ])('takes a stored cap of %j as %j (a content script can write storage in Firefox)', async (stored, cap) => {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, requestCap: stored });
    expect((await requestLimits()).capPerMinute).toBe(cap);
  });
});
