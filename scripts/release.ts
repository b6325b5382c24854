// `npm run release -- <version>`: sets the version in package.json (the one place: WXT writes it
// into both manifests, and package-lock.json's copy follows), turns CHANGELOG.md's Unreleased
// section into that version's, then builds the store packages (npm run zip). Commit and tag after.
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { addReleaseHeading, isNextVersion } from './lib/changelog';

const version = process.argv[2];
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
if (!version || !isNextVersion(version, pkg.version)) {
  console.error(`Usage: npm run release -- <version>, a version x.y.z above ${pkg.version}`);
  process.exit(1);
}

const date = new Date().toISOString().slice(0, 10);
let changelog: string;
try {
  changelog = addReleaseHeading(readFileSync('CHANGELOG.md', 'utf8'), version, date);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const setVersion = (file: string, edit: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
};
setVersion('package.json', (json) => {
  json.version = version;
});
setVersion('package-lock.json', (json) => {
  json.version = version;
  const root = (json.packages as Record<string, { version?: string }>)[''];
  if (root) root.version = version;
});
writeFileSync('CHANGELOG.md', changelog);
console.log(`Version ${version} (${date}): package.json, package-lock.json, CHANGELOG.md. Building the packages…`);
execSync('npm run zip', { stdio: 'inherit' });
console.log(`Done: .output/invitation-assistant-${version}-{chrome,firefox,sources}.zip.
Next: npm run test:release, commit, tag v${version}, then set PREVIOUS_RELEASE (test/e2e/previous-release.ts) to that commit.`);
