import { defineConfig } from 'vitest/config';

// End-to-end tests drive Debian's Chromium with the built sandbox extension; one file at a time.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // The outbox test waits for real retry deadlines (a minute at least) and the 30-a-minute budget.
    teardownTimeout: 30_000,
    fileParallelism: false,
  },
});
