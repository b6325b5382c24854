import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { manifestFor } from './lib/extension/manifest';
import { classicJsx } from './scripts/lib/classic-jsx';
import { noInnerHtml } from './scripts/lib/no-inner-html';
import { popupChunk } from './scripts/lib/popup-chunk';

// `--mode sandbox` builds a Chrome package that may reach a local sandbox service
// without a permission prompt; store builds (`production`) never get those hosts.
export default defineConfig({
  srcDir: '.',
  // A build kept apart from the others (the e2e test of the demo builds its own presets there).
  ...(process.env.WXT_OUT_DIR ? { outDir: process.env.WXT_OUT_DIR } : {}),
  modules: ['@wxt-dev/i18n/module'],
  imports: false,
  vite: () => ({
    // noInnerHtml: Firefox's linter, 0 warnings (scripts/lib/no-inner-html.ts).
    plugins: [preact(), classicJsx(), noInnerHtml(), popupChunk()],
    // terser packs a few percent tighter than esbuild: the bundles have gzip budgets to hold.
    build: {
      target: 'es2022',
      minify: 'terser',
      // Source maps only for the bench's own build, kept apart (scripts/lib/bundle-map.ts): never in a package.
      sourcemap: process.env.WXT_SOURCEMAP === 'true',
      terserOptions: { compress: { passes: 3, ecma: 2020 }, mangle: { toplevel: true }, format: { comments: false } },
    },
  }),
  manifest: ({ browser, mode }) => manifestFor(browser, mode),
  // The Firefox sources package holds what building needs (README.md says how), not the tests,
  // the sandbox, the scripts of the demo and screenshots, or the docs' images (test/release/).
  zip: {
    excludeSources: ['test/**', 'scripts/*.{ts,mjs}', 'docs/**/*.png', 'docs/store/**', 'vitest*.config.ts', 'knip.jsonc', 'biome.jsonc'],
  },
  hooks: {
    // wxt 0.21's default, kept on 0.20: without it wxt appends `<name>;` after each script's IIFE,
    // a ReferenceError once terser's toplevel mangle has renamed the IIFE's variable.
    'entrypoints:resolved': (_wxt, entrypoints) => {
      for (const e of entrypoints) if (e.type === 'content-script' || e.type === 'unlisted-script') e.options.globalName = false;
    },
  },
});
