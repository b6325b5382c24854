/** Polls `check` until it holds; fails saying what it waited for when `timeout` ms pass. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeout = 20_000, stepMs = 200): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
