import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** One `wxt build` at a time in this checkout: builds share `.wxt/`, and e2e files run two at once. */
const LOCK = resolve('.output/.build-lock');
const STALE_MS = 5 * 60_000;

function locked<T>(run: () => T): T {
  mkdirSync(resolve('.output'), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock left by a build that died is taken over; a live one is waited for.
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    return run();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function build(args: string[], env: Record<string, string>): void {
  // --no-install: a tool that is not installed is an error, never fetched from the registry.
  const result = spawnSync('npx', ['--no-install', 'wxt', 'build', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`wxt build ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Runs `wxt build` with extra arguments and environment; throws with its output on failure. */
export function wxtBuild(args: string[], env: Record<string, string> = {}): void {
  locked(() => build(args, env));
}

/**
 * `wxt build` into `outDir` unless an earlier call has already built there: the first caller
 * builds, the others wait for it and reuse its build (e2e files sharing one build per run).
 */
export function wxtBuildOnce(outDir: string, args: string[]): void {
  const done = resolve(outDir, '.built');
  locked(() => {
    if (existsSync(done)) return;
    build(args, { WXT_OUT_DIR: outDir });
    writeFileSync(done, '');
  });
}
