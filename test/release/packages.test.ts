// The store packages as reviewers check them: the Firefox sources package, unpacked into an empty
// folder, installed and built exactly as its README says, gives the Firefox package file for file;
// no package holds a source map, a test hook of the sandbox build, or a file nothing uses.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../sandbox/seed';
import { differences, filesUnder, packagePath, unusedFiles, unzip } from './package-files';

const temp: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `ia-${name}-`));
  temp.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** The commands of the README's "Build the Firefox package from these sources" block. */
function buildCommands(readme: string): string[] {
  const section = readme.split(/^### Build the Firefox package from these sources$/m)[1];
  const block = section && /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('The sources package README says nowhere how to build (### Build the Firefox package from these sources)');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/** Test hooks and presets that only the sandbox build may hold. */
const SANDBOX_ONLY = ['__linkChosen', '__sandbox', DEMO_KEY];

function unpacked(kind: 'chrome' | 'firefox'): string {
  const zip = packagePath(kind);
  if (!existsSync(zip)) throw new Error(`No ${zip}: run npm run zip first (npm run test:release does)`);
  const dir = folder(kind);
  unzip(zip, dir);
  return dir;
}

describe('store packages', () => {
  it('the sources package, installed and built as its README says in an empty folder, gives the Firefox package file for file', () => {
    const sources = folder('sources');
    unzip(packagePath('sources'), sources);
    const commands = buildCommands(readFileSync(join(sources, 'README.md'), 'utf8'));
    expect(commands[0]).toMatch(/^npm ci\b/);
    // As from a reviewer's shell: without what Vitest sets in its own environment (NODE_ENV=test
    // changes what Vite builds). The npm cache is used when it has the packages: same lock file,
    // same bytes, sooner.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$|TEST$|WXT_)/.test(name)));
    for (const command of commands) execSync(command, { cwd: sources, stdio: 'ignore', env: { ...env, npm_config_prefer_offline: 'true' } });
    const firefox = unpacked('firefox');
    expect(differences(firefox, join(sources, '.output', 'firefox-mv2'))).toEqual([]);
  });

  for (const kind of ['chrome', 'firefox'] as const) {
    it(`the ${kind} package holds no source map, no sandbox test hook and no file nothing uses`, () => {
      const dir = unpacked(kind);
      const files = filesUnder(dir);
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
      const texts = files.filter((f) => /\.(js|html|css|json)$/.test(f)).map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const);
      expect(texts.filter(([, text]) => text.includes('sourceMappingURL')).map(([f]) => f)).toEqual([]);
      for (const hook of SANDBOX_ONLY) expect(texts.filter(([, text]) => text.includes(hook)).map(([f]) => `${f}: ${hook}`)).toEqual([]);
      expect(unusedFiles(dir)).toEqual([]);
    });
  }

  it('the checks find what they look for: the sandbox build has its hook, and a stray file is reported', () => {
    const sandbox = '.output/chrome-mv3-sandbox';
    if (!existsSync(join(sandbox, 'background.js'))) execSync('npx wxt build --mode sandbox', { stdio: 'ignore' });
    expect(readFileSync(join(sandbox, 'background.js'), 'utf8')).toContain('__linkChosen');
    const dir = unpacked('chrome');
    execSync('touch stray.txt && mkdir -p chunks && touch chunks/old-chunk-abc123.js', { cwd: dir });
    expect(unusedFiles(dir)).toEqual(['chunks/old-chunk-abc123.js', 'stray.txt']);
  });
});
