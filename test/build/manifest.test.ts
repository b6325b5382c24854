// The manifests WXT generates for the store builds of both browsers, as committed snapshots:
// a permission, host or key that appears or disappears shows up in review.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wxtBuild } from '../../scripts/lib/build';

function built(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`.output/${dir}/manifest.json`, 'utf8')) as Record<string, unknown>;
}

describe('generated manifests', () => {
  it('Chrome MV3', () => {
    wxtBuild([]);
    const manifest = built('chrome-mv3');
    expect(manifest).toMatchSnapshot();
    expect(manifest).not.toHaveProperty('web_accessible_resources');
    expect(manifest).not.toHaveProperty('externally_connectable');
    expect(manifest).not.toHaveProperty('content_security_policy');
  }, 60_000);

  it('Firefox MV2', () => {
    wxtBuild(['-b', 'firefox']);
    const manifest = built('firefox-mv2');
    expect(manifest).toMatchSnapshot();
    expect(manifest).not.toHaveProperty('web_accessible_resources');
  }, 60_000);

  it('store builds reach no local host without asking; the sandbox build does', () => {
    wxtBuild([]);
    expect(built('chrome-mv3').host_permissions).toEqual(['https://www.linkedin.com/*']);
    wxtBuild(['--mode', 'sandbox']);
    expect(built('chrome-mv3-sandbox').host_permissions).toEqual(['https://www.linkedin.com/*', 'http://127.0.0.1/*', 'http://localhost/*']);
  }, 60_000);
});
