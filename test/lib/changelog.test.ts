import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addReleaseHeading, isNextVersion } from '../../scripts/lib/changelog';

const LOG = `# Changelog

Intro.

## [Unreleased]

### Added
- A thing.

## [0.1.0] - 2026-11-24

### Added
- The first.
`;

describe('release: changelog and version', () => {
  it('turns Unreleased into the version’s dated section and leaves an empty Unreleased above it', () => {
    expect(addReleaseHeading(LOG, '0.2.0', '2026-12-01')).toBe(`# Changelog

Intro.

## [Unreleased]

## [0.2.0] - 2026-12-01

### Added
- A thing.

## [0.1.0] - 2026-11-24

### Added
- The first.
`);
  });

  it('refuses a version already listed, and a release with nothing under Unreleased', () => {
    expect(() => addReleaseHeading(LOG, '0.1.0', '2026-12-01')).toThrow(/already has 0.1.0/);
    const released = addReleaseHeading(LOG, '0.2.0', '2026-12-01');
    expect(() => addReleaseHeading(released, '0.3.0', '2026-12-02')).toThrow(/Nothing is listed/);
  });

  it('takes only a plain x.y.z above the current version', () => {
    expect(isNextVersion('0.2.0', '0.1.0')).toBe(true);
    expect(isNextVersion('0.1.1', '0.1.0')).toBe(true);
    expect(isNextVersion('1.0.0', '0.9.9')).toBe(true);
    expect(isNextVersion('0.1.0', '0.1.0')).toBe(false);
    expect(isNextVersion('0.0.9', '0.1.0')).toBe(false);
    expect(isNextVersion('v0.2.0', '0.1.0')).toBe(false);
    expect(isNextVersion('0.2', '0.1.0')).toBe(false);
  });

  it('the project’s CHANGELOG.md has an Unreleased section and the current version’s', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const log = readFileSync('CHANGELOG.md', 'utf8');
    expect(log).toMatch(/^## \[Unreleased\]$/m);
    expect(log).toMatch(new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
  });
});
