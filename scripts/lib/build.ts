import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

/** Runs `wxt build` with extra arguments and environment; throws with its output on failure. */
export function wxtBuild(args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync('npx', ['wxt', 'build', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) throw new Error(`wxt build ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** The id Chromium gives an unpacked extension: its absolute path's SHA-256, in letters a to p. */
export function unpackedExtensionId(absolutePath: string): string {
  const hex = createHash('sha256').update(absolutePath).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode('a'.charCodeAt(0) + parseInt(c, 16))).join('');
}
