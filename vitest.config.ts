import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import preact from '@preact/preset-vite';
import { classicJsx } from './scripts/lib/classic-jsx';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { HAPPY_DOM_OFFLINE } from './test/helpers/happy-dom-settings';

// Builds and browsers have their own configs: vitest.build, vitest.e2e, vitest.pages, vitest.release.
const exclude = ['test/e2e/**', 'test/build/**', 'test/pages/**', 'test/release/**', 'node_modules/**'];

/**
 * Files that may share one module graph: no module mocks, stubbed globals or fake timers (all
 * three outlive a file in a shared worker). They run in workers reused from file to file
 * (`isolate: false`), saving each file's setup and imports: the node files in one project, the
 * happy-dom files in another (vitest still gives each file a fresh window; each file unmounts what
 * it rendered). Every other file has its own worker. The happy-dom files' setup and imports went
 * from 21.8 s and 56.1 s summed to 2.3 s and 10.6 s (2026-11-28, 35 files, 2 workers).
 */
const unitFiles = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && !/^(e2e|build|pages|release)\//.test(f))
  .map((f) => ({ path: `test/${f}`, text: readFileSync(`test/${f}`, 'utf8') }))
  .filter((f) => !/vi\.(mock|doMock|stubGlobal|stubEnv|resetModules|useFakeTimers)\(|fake-clock/.test(f.text));
const shared = unitFiles.filter((f) => !/@vitest-environment/.test(f.text)).map((f) => f.path);
const sharedDom = unitFiles.filter((f) => /@vitest-environment happy-dom/.test(f.text)).map((f) => f.path);

const base = {
  setupFiles: ['test/setup.ts'],
  globalSetup: ['test/global-setup.ts'],
  environment: 'node',
  environmentOptions: HAPPY_DOM_OFFLINE,
  restoreMocks: true,
  // A guard against a test that hangs, not a measure of speed (no unit test waits on real time):
  // the property tests draw CI's counts on two workers sharing two cores with vitest itself, and
  // one reader property (500 answers of listContacts) took 3.3 s alone and over 5 s so.
  testTimeout: 30_000,
};

// WxtVitest does not forward vite plugins from wxt.config.ts, so preact() is added here too.
export default defineConfig({
  plugins: [WxtVitest(), preact(), classicJsx()],
  test: {
    // vitest's default in a run is one worker fewer than the cores: one on the 2-core CI machine.
    // Two took the whole run from 302 s to 197 s on the 2-core workplace machine (CI=true, 2026-11-28).
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { ...base, name: 'shared', include: shared, isolate: false } },
      { extends: true, test: { ...base, name: 'shared-dom', include: sharedDom, environment: 'happy-dom', isolate: false } },
      { extends: true, test: { ...base, name: 'isolated', include: ['test/**/*.test.{ts,tsx}'], exclude: [...exclude, ...shared, ...sharedDom] } },
    ],
  },
});
