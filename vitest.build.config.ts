import { defineConfig } from 'vitest/config';

// Checks on what `wxt build` makes (the generated manifests): kept apart from the unit tests, which
// build nothing, so that `npm run test:unit` stays quick; `npm test` runs both.
export default defineConfig({
  test: {
    include: ['test/build/**/*.test.ts'],
    environment: 'node',
  },
});
