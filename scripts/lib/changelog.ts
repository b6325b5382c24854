// CHANGELOG.md in the usual form (keepachangelog.com): an "Unreleased" section on top, then one
// section per version, newest first. A release turns what is under Unreleased into its section.

const VERSION = /^\d+\.\d+\.\d+$/;

/** Whether `next` is a plain x.y.z version above `current`. */
export function isNextVersion(next: string, current: string): boolean {
  if (!VERSION.test(next)) return false;
  const a = next.split('.').map(Number);
  const b = current.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/**
 * The changelog with a heading for `version` (dated `date`, YYYY-MM-DD) under an emptied
 * "Unreleased": what was listed there becomes the version's. Throws when the version already has
 * a heading or when nothing is listed under Unreleased (a release says what changed).
 */
export function addReleaseHeading(changelog: string, version: string, date: string): string {
  if (new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\]`, 'm').test(changelog)) throw new Error(`CHANGELOG.md already has ${version}`);
  const unreleased = /^## \[Unreleased\]\n/m.exec(changelog);
  if (!unreleased) throw new Error('CHANGELOG.md has no "## [Unreleased]" section');
  const start = unreleased.index + unreleased[0].length;
  const next = changelog.slice(start).search(/^## \[/m);
  const end = next < 0 ? changelog.length : start + next;
  const notes = changelog.slice(start, end).trim();
  if (!notes) throw new Error('Nothing is listed under "## [Unreleased]" in CHANGELOG.md: say what changed first');
  return `${changelog.slice(0, start)}\n## [${version}] - ${date}\n\n${notes}\n\n${changelog.slice(end)}`.replace(/\n{3,}/g, '\n\n');
}
