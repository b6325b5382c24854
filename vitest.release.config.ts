import { defineConfig } from 'vitest/config';

// `npm run test:release`, after `npm run zip`: the store packages as a reviewer checks them. The
// sources package is installed (npm ci, from the registry) and built in a folder of its own.
export default defineConfig({
  test: {
    include: ['test/release/**/*.test.ts'],
    environment: 'node',
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});
