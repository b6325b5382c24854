import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe("the bench's idle requests", () => {
  // `npm run bench` runs the background's modules under tsx, where Vite defines no import.meta.env:
  // a module reading it unguarded at load or in a default argument stopped the bench at its end.
  it('runs the real controller outside Vite and counts its requests', () => {
    const script = "import { idleRequests } from './scripts/lib/idle-requests.ts'; console.log(await idleRequests(3));";
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toMatch(/Error/);
    expect(Number(run.stdout.trim())).toBeGreaterThan(0);
  }, 60_000);
});
