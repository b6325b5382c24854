import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The two outbox files spend most of their minutes waiting for real retry deadlines and the
 * request budget, with little CPU: they start first, one per worker, and the other files share
 * the machine's two cores around them.
 */
const WAITING_FIRST = ['outbox-return.test.ts', 'outbox.test.ts'];

class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = WAITING_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? WAITING_FIRST.length : i;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

// End-to-end tests drive Debian's Chromium and Firefox ESR with the built sandbox extension; each
// file has its own sandbox (port 0) and browser profile, so two files run at once.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // The outbox test waits for real retry deadlines (a minute at least) and the 30-a-minute budget.
    teardownTimeout: 30_000,
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: WaitingFirst },
  },
});
