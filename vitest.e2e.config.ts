import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { CPU_SLOTS, isWaitingFile, WAITING_FILES } from './test/e2e/cpu-slots';

/**
 * The waiting files (the outbox's, test/e2e/cpu-slots.ts) spend most of their minutes waiting for
 * real retry deadlines and the request budget, with little CPU: they start first, in workers of
 * their own, and the other files share the CPU slots around them.
 */
class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => (isWaitingFile(f.moduleId) ? 0 : 1);
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

// End-to-end tests drive Debian's Chromium and Firefox ESR with the built sandbox extension; each
// file has its own sandbox (port 0) and browser profile, so files run at once: the waiting files,
// and CPU_SLOTS others.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // The outbox test waits for real retry deadlines (a minute at least) and the 30-a-minute budget.
    teardownTimeout: 30_000,
    fileParallelism: true,
    maxWorkers: CPU_SLOTS + WAITING_FILES.length,
    globalSetup: ['test/e2e/cpu-slots.ts', 'test/e2e/shared-builds.ts'],
    setupFiles: ['test/e2e/cpu-slot.setup.ts'],
    sequence: { sequencer: WaitingFirst },
  },
});
