// docs/privacy.md and the Firefox manifest's data consent say the same thing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIREFOX_DATA_COLLECTION, manifestFor } from '../../lib/extension/manifest';

const privacy = readFileSync('docs/privacy.md', 'utf8');

describe('privacy statement and manifest', () => {
  it('lists in docs/privacy.md exactly the data categories the Firefox manifest declares', () => {
    const gecko = (manifestFor('firefox', 'production').browser_specific_settings as { gecko: { data_collection_permissions: { required: string[] } } }).gecko;
    expect(gecko.data_collection_permissions.required).toEqual(FIREFOX_DATA_COLLECTION);
    const table = [...privacy.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(table).toEqual(FIREFOX_DATA_COLLECTION);
  });

  it('declares no collection beyond what is sent to the person’s own service', () => {
    expect(privacy).toMatch(/no analytics/i);
    expect(privacy).toMatch(/no remote code/i);
    expect(FIREFOX_DATA_COLLECTION).not.toContain('none');
  });
});
