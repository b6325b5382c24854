/** Polls `read` until it returns something truthy, or undefined after `timeoutMs`. */
export async function waitFor<T>(read: () => T | undefined | null | false, timeoutMs: number, stepMs = 100): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() >= deadline) return undefined;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
