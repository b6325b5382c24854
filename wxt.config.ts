import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { manifestFor } from './lib/manifest';
import { classicJsx } from './scripts/lib/classic-jsx';

// `--mode sandbox` builds a Chrome package that may reach a local sandbox service
// without a permission prompt; store builds (`production`) never get those hosts.
export default defineConfig({
  srcDir: '.',
  // A build kept apart from the others (the e2e test of the demo builds its own presets there).
  ...(process.env.WXT_OUT_DIR ? { outDir: process.env.WXT_OUT_DIR } : {}),
  modules: ['@wxt-dev/i18n/module'],
  imports: false,
  vite: () => ({
    plugins: [preact(), classicJsx()],
    // terser packs a few percent tighter than esbuild: the bundles have gzip budgets to hold.
    build: {
      target: 'es2022',
      minify: 'terser',
      terserOptions: { compress: { passes: 3, ecma: 2020 }, mangle: { toplevel: true }, format: { comments: false } },
    },
  }),
  manifest: ({ browser, mode }) => manifestFor(browser, mode),
});
