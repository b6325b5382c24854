// The sandbox build of the last released version, made from git: its commit archived into a
// temporary folder that borrows this clone's node_modules, built there once and kept (by commit)
// for the next runs. The update test installs it, then the current build over it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The commit of the last release, 0.1.0 (its data has no schema version). After each release,
 * set it to the released commit (CHANGELOG.md, "Releasing" in README.md).
 */
export const PREVIOUS_RELEASE = { version: '0.1.0', commit: '1d1dc80a80e2d15fef89c6b5419fdebf8625d0bf' };

/** The previous release's unpacked sandbox build (Chrome), built on first use. */
export function previousReleaseBuild(): string {
  const root = join(tmpdir(), `ia-release-${PREVIOUS_RELEASE.commit.slice(0, 12)}`);
  const build = join(root, '.output', 'chrome-mv3-sandbox');
  if (existsSync(join(build, 'manifest.json'))) return build;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', PREVIOUS_RELEASE.commit], { maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  execFileSync(resolve('node_modules/.bin/wxt'), ['build', '--mode', 'sandbox'], { cwd: root, stdio: 'ignore', env: { ...process.env, WXT_OUT_DIR: '' } });
  return build;
}

/** Puts a build in `dir` in place of what it held: the same folder, so the same extension id. */
export function installInto(dir: string, build: string): void {
  rmSync(dir, { recursive: true, force: true });
  cpSync(build, dir, { recursive: true });
}

/**
 * The current build installed over the previous one as an update, the browser closed: in the same
 * folder (so the same extension id), its version raised above the previous release's when it is
 * not already (an update always is; Chromium then fires onInstalled 'update'). Chromium, given an
 * unpacked folder on its command line, keeps running the service worker script it registered
 * before, where a store update registers the new one: the profile's worker registrations are
 * removed so that it registers the new script, as an update does.
 */
export function installUpdate(dir: string, build: string, profileDir: string, extensionId: string): void {
  installInto(dir, build);
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  if (!isAbove(manifest.version, PREVIOUS_RELEASE.version)) manifest.version = `${PREVIOUS_RELEASE.version}.1`;
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const prefsPath = join(profileDir, 'Default', 'Preferences');
  const prefs = JSON.parse(readFileSync(prefsPath, 'utf8')) as { extensions?: { settings?: Record<string, { service_worker_registration_info?: unknown }> } };
  const settings = prefs.extensions?.settings?.[extensionId];
  if (settings) delete settings.service_worker_registration_info;
  writeFileSync(prefsPath, JSON.stringify(prefs));
  rmSync(join(profileDir, 'Default', 'Service Worker'), { recursive: true, force: true });
}

function isAbove(version: string, than: string): boolean {
  const a = version.split('.').map(Number);
  const b = than.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}
