// Counts what the real background controller requests while nobody touches the extension,
// with alarms simulated on a virtual clock (a real browser would need the full 10 minutes).
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { benchPlatform } from './bench-platform';

// The sandbox answers in-process, so any address will do: an https one, since outside the sandbox
// build (here, tsx without Vite) plain-HTTP loopback is refused like in a store build.
const BENCH_SERVICE = 'https://sandbox.invalid';

export async function idleRequests(minutes: number): Promise<number> {
  (globalThis as Record<string, unknown>).browser = fakeBrowser;
  (globalThis as Record<string, unknown>).chrome = fakeBrowser;
  const { createController } = await import('../../lib/background/controller');
  const { Sandbox } = await import('../../test/sandbox/app');
  const { DEMO_KEY } = await import('../../test/sandbox/seed');
  const { apiKeyItem, settingsItem, DEFAULT_SETTINGS } = await import('../../lib/store/storage');

  let now = Date.parse('2026-11-22T09:00:00Z');
  let period = 0;
  const sandbox = new Sandbox({ now: () => now });
  const controller = createController(
    benchPlatform({
      fetch: sandbox.fetch,
      now: () => now,
      schedulePoll: async (p) => {
        period = p;
      },
      wakeAt: () => {},
      newId: () => String(Math.random()),
    }),
  );
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: BENCH_SERVICE });
  await apiKeyItem.setValue(DEMO_KEY, BENCH_SERVICE);
  await controller.start();
  const end = now + minutes * 60_000;
  for (let next = now + period * 60_000; next <= end; next += period * 60_000) {
    now = next;
    await controller.poll();
  }
  return sandbox.log.length;
}
