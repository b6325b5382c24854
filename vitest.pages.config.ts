import { defineConfig } from 'vitest/config';
import { HAPPY_DOM_OFFLINE } from './test/helpers/happy-dom-settings';

// The page reader against the saved real pages in ../shared/network-pages.
export default defineConfig({
  test: { include: ['test/pages/**/*.test.ts'], environment: 'happy-dom', environmentOptions: HAPPY_DOM_OFFLINE, testTimeout: 30_000 },
});
