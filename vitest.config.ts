import preact from '@preact/preset-vite';
import { classicJsx } from './scripts/lib/classic-jsx';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { HAPPY_DOM_OFFLINE } from './test/helpers/happy-dom-settings';

// WxtVitest does not forward vite plugins from wxt.config.ts, so preact() is added here too.
export default defineConfig({
  plugins: [WxtVitest(), preact(), classicJsx()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Builds and browsers have their own configs: vitest.build, vitest.e2e, vitest.pages, vitest.release.
    exclude: ['test/e2e/**', 'test/build/**', 'test/pages/**', 'test/release/**', 'node_modules/**'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    environmentOptions: HAPPY_DOM_OFFLINE,
    restoreMocks: true,
  },
});
