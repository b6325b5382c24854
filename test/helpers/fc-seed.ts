// One seed for every property test (fast-check), chosen in one place so that a red CI has a cause
// anyone can replay: FC_SEED when given (a replay); else, in CI, one derived from the commit id
// (the same commit draws the same cases on every run); else a new one on each developer's run.
// The global setup (test/global-setup.ts) picks it once and prints it; test/setup.ts hands it to
// fast-check with a reporter that prints the command replaying a failure.
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import fc from 'fast-check';
import { inCI } from './runs';

/** fast-check takes a 32-bit integer seed. */
const toSeed = (n: number): number => n | 0;

/** FNV-1a of the commit id: stable per commit, spread over 32 bits. */
export function seedOfCommit(commit: string): number {
  let hash = 0x811c9dc5;
  for (const c of commit) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  return toSeed(hash);
}

function headCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export interface SeedChoice {
  seed: number;
  why: string;
}

/** The seed of this run and where it came from, for the line printed at the start. */
export function chooseSeed(env: NodeJS.ProcessEnv = process.env, ci = inCI, commit = headCommit): SeedChoice {
  const given = env.FC_SEED?.trim();
  if (given) {
    const seed = Number(given);
    if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${given}"`);
    return { seed: toSeed(seed), why: 'FC_SEED' };
  }
  const id = ci ? commit() : undefined;
  if (id) return { seed: seedOfCommit(id), why: `commit ${id.slice(0, 12)}` };
  return { seed: toSeed(Math.floor(Math.random() * 2 ** 32)), why: ci ? 'random: no commit id' : 'random on each run' };
}

/** The command that replays a property test's failure: the same seed, runs and file. */
export function replayCommand(seed: number, testPath: string | undefined, ci = inCI): string {
  const file = testPath ? ` -- ${relative(process.cwd(), testPath)}` : '';
  return `${ci ? 'CI=true ' : ''}FC_SEED=${seed} npm run test:unit${file}`;
}

/** fast-check's own report of a failure, with the replay command after it. */
export function replayReporter(testPath: () => string | undefined) {
  return <T>(details: fc.RunDetails<T>): void => {
    if (!details.failed) return;
    const report = fc.defaultReportMessage(details) ?? 'Property failed';
    // fast-check 4 keeps the failing assertion in `errorInstance` only: say it too.
    const cause = details.errorInstance instanceof Error ? details.errorInstance : new Error(String(details.errorInstance));
    throw new Error(
      `${report}\n\nWhat failed: ${cause.message}\n\nReplay: ${replayCommand(details.seed, testPath())}\n` +
        "Then add the counterexample above to the property's `examples`, so that it is tried on every run.",
      { cause },
    );
  };
}
