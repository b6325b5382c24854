import { describe, expect, it, vi } from 'vitest';
import { accountItem, verificationItem } from '../../../lib/storage';
import { configure, controllerWithSandbox } from '../../helpers/controller';
import { DEMO_KEY } from '../../sandbox/seed';

describe('key verification budget (spec 001)', () => {
  it('does not verify again when nothing changed', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    await ask({ type: 'verifyKey' });
    await ask({ type: 'verifyKey' });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(1);
    await configure('bad-key');
    await ask({ type: 'verifyKey' });
    await ask({ type: 'verifyKey' });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(2);
  });

  it('verifies once when the key changes', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await ask({ type: 'saveCredentials', baseUrl: 'http://127.0.0.1:8787', apiKey: DEMO_KEY });
    await vi.waitFor(() => expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(1));
    expect((await accountItem.getValue())?.account.agents).toHaveLength(3);
  });

  it('refuses a 76th verification within 15 minutes, without a request', async () => {
    const { ask, sandbox } = controllerWithSandbox();
    await configure();
    const now = Date.now();
    await verificationItem.setValue({ at: Array.from({ length: 75 }, (_, i) => now - 60_000 + i), last: null });
    const reply = await ask({ type: 'verifyKey' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'rate-limited', retryAfterSeconds: expect.any(Number) } });
    expect(sandbox.log.filter((l) => l.route === 'account')).toHaveLength(0);
  });
});
