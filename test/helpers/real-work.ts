/**
 * Web Crypto works on the thread pool, not in turns of the event loop: on a loaded machine a
 * digest or a signature can outlast any number of turns, and a fake clock moving meanwhile reached
 * a request's or a wait's deadline that real code never would (CI runs failed so, through
 * `waitFor` and through `until`). So every helper that moves a fake clock (fake-clock.ts,
 * until.ts) first lets real work finish here: the clock stands still while an operation of
 * `crypto.subtle` is in flight.
 */
let cryptoInFlight = 0;
const COUNTED = [
  'digest',
  'encrypt',
  'decrypt',
  'sign',
  'verify',
  'generateKey',
  'importKey',
  'exportKey',
  'deriveKey',
  'deriveBits',
  'wrapKey',
  'unwrapKey',
] as const;

/** Counts the operations of `crypto.subtle` in flight from now on (once per worker). */
export function countCryptoInFlight(): void {
  const subtle = globalThis.crypto.subtle as SubtleCrypto & { counted?: true };
  if (subtle.counted) return;
  for (const name of COUNTED) {
    const original = (subtle[name] as (...args: unknown[]) => Promise<unknown>).bind(subtle);
    Object.defineProperty(subtle, name, {
      configurable: true,
      value: (...args: unknown[]) => {
        cryptoInFlight++;
        return original(...args).finally(() => cryptoInFlight--);
      },
    });
  }
  subtle.counted = true;
}

/** `turns` real turns of the event loop, then more until no crypto operation is in flight. */
export async function realWork(turns: number): Promise<void> {
  for (let i = 0; i < turns || cryptoInFlight > 0; i++) await new Promise<void>((r) => setImmediate(r));
}
