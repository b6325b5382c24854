import { spawnSync } from 'node:child_process';

/** Runs `wxt build` with extra arguments and environment; throws with its output on failure. */
export function wxtBuild(args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync('npx', ['wxt', 'build', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`wxt build ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}
