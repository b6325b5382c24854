// docs/privacy.md and the Firefox manifest's data consent say the same thing.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIREFOX_DATA_COLLECTION, manifestFor } from '../../lib/extension/manifest';

const privacy = readFileSync('docs/privacy.md', 'utf8');
const locales = { en: readFileSync('locales/en.yml', 'utf8'), fr: readFileSync('locales/fr.yml', 'utf8') };

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

  // Issue 38 removed the one read of a profile for acceptance (card-check.js); the notice followed late.
  it('says, in docs/privacy.md and the options page’s words in both languages, that acceptance is not read, and never that a profile visit reads it', () => {
    expect(existsSync('entrypoints/card-check.ts')).toBe(false);
    const visit =
      /now a (1st-degree )?connection|when you visited their profile|désormais en relation|quand vous avez visité son profil|once a\s+day per person|une fois par jour/;
    for (const text of [privacy, locales.en, locales.fr]) expect(text).not.toMatch(visit);
    expect(privacy).toMatch(/Not whether an invitation was accepted: no profile is read for it/);
    expect(locales.en).toMatch(/It does not read whether an invitation was accepted/);
    expect(locales.fr).toMatch(/Elle ne lit pas si une invitation a été acceptée/);
    expect(locales.en).toMatch(/no longer reads whether an invitation was accepted/);
    expect(locales.fr).toMatch(/ne lit plus si une invitation a été acceptée/);
  });
});
