import { realWork } from './real-work';

/** The fake clock vitest installs on `setTimeout` (test/helpers/fake-clock.ts), when one is. */
const fakeClockOf = () => (setTimeout as unknown as { clock?: { tickAsync(ms: number): Promise<number> } }).clock;

/**
 * Polls `check` until it holds; fails saying what it waited for when `timeout` ms pass. On a fake
 * clock (`fakeClock`), it is the clock that passes between polls, with a real turn of the event
 * loop for storage and crypto: no real waiting.
 */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 20_000, stepMs = 200): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    const clock = fakeClockOf();
    if (clock) {
      // Ten real turns first, and as many more as crypto needs: storage finishes within a few, so
      // the fake time that passes while real work goes on stays small however loaded the machine is.
      await realWork(10);
      await clock.tickAsync(stepMs);
    } else await new Promise((r) => setTimeout(r, stepMs));
  }
}
