import { configure } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { countCryptoInFlight, realWork } from './real-work';

/**
 * A fake clock for the test that calls it (no test waits on real time): `Date`, `setTimeout` and
 * `setInterval` are vitest's, put back after the test. `setImmediate` and microtasks stay real, so
 * storage, IndexedDB and the key's decryption go on between the steps the test lets pass.
 */
export function fakeClock(): void {
  countCryptoInFlight();
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  testingLibraryMovesTheClock();
}
afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as { jest?: unknown }).jest;
});

/**
 * Testing Library's `waitFor` and `findBy…` move a fake clock between their polls only where a
 * global named `jest` can advance it (they look for it by that name; without it they would wait
 * for timers that never fire). On the fake clock it is vitest's, and each poll gives storage and
 * crypto real turns of the event loop, as `pass` does; their timeout is then fake time too.
 */
function testingLibraryMovesTheClock(): void {
  (globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };
  configure({
    unstable_advanceTimersWrapper: async (advance) => {
      await advance();
      await realWork(TURNS);
    },
  });
}

/**
 * Real turns of the event loop before each step of the fake clock: storage and crypto finish
 * within a few, so the fake time that passes while they work stays small however loaded the
 * machine is.
 */
const TURNS = 10;

/** `turns` real turns of the event loop, then `stepMs` of the fake clock, the timers due firing. */
async function step(stepMs: number, turns = TURNS): Promise<void> {
  await realWork(turns);
  await vi.advanceTimersByTimeAsync(stepMs);
}

/** Lets `ms` of the fake clock pass, a step at a time. */
export async function pass(ms: number, stepMs = 50): Promise<void> {
  for (let t = 0; t < ms; t += stepMs) await step(Math.min(stepMs, ms - t));
  await new Promise<void>((r) => setImmediate(r));
}

/**
 * Lets the fake clock run until `promise` settles (within `timeout` ms of it); returns what it
 * gives. Each step gives real work (storage, crypto) `turns` turns of the event loop first: more
 * turns, less fake time counted while a request leaves, for a test that measures the spacing the
 * code puts between its own requests.
 */
export async function settle<T>(promise: Promise<T>, timeout = 600_000, stepMs = 50, turns = TURNS): Promise<T> {
  let settled = false;
  const watched = promise.finally(() => {
    settled = true;
  });
  // Handled here too: a rejection before the clock stops is the caller's to see, not unhandled.
  watched.catch(() => undefined);
  for (let t = 0; !settled; t += stepMs) {
    if (t > timeout) throw new Error(`Not settled after ${timeout} ms of the fake clock`);
    await step(stepMs, turns);
  }
  return watched;
}
