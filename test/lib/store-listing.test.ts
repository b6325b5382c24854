// docs/store/: the listing in both languages justifies every permission and host the store
// manifest asks for, one sentence each, with a short description within the stores' limit; the
// five screenshots are 1280×800.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifestFor } from '../../lib/extension/manifest';

const listing = (lang: string) => readFileSync(`docs/store/listing.${lang}.md`, 'utf8');
const section = (text: string, heading: RegExp) => text.split(heading)[1]?.split(/^## /m)[0]?.trim() ?? '';

describe('store listing', () => {
  const chrome = manifestFor('chrome', 'production');
  const asked = [...(chrome.permissions as string[]), ...(chrome.host_permissions as string[]), ...(chrome.optional_host_permissions as string[])];

  for (const lang of ['en', 'fr']) {
    it(`(${lang}) justifies each permission and host of the store manifest in one sentence`, () => {
      const rows = [...listing(lang).matchAll(/^\| `([^`]+)`[^|]*\| (.+) \|$/gm)].map((m) => ({ name: m[1]!, why: m[2]! }));
      for (const name of asked) expect(rows.map((r) => r.name)).toContain(name);
      for (const row of rows) expect(row.why.match(/[.!?](\s|$)/g), row.name).toHaveLength(1);
    });

    it(`(${lang}) has a name, a short description of at most 132 characters and a long description`, () => {
      const text = listing(lang);
      expect(section(text, /^## (?:Name|Nom)$/m)).toBe('Invitation Assistant');
      const short = section(text, /^## (?:Short description|Description courte)$/m);
      expect(short.length).toBeGreaterThan(40);
      expect(short.length).toBeLessThanOrEqual(132);
      expect(section(text, /^## (?:Long description|Description longue)$/m).length).toBeGreaterThan(800);
    });
  }

  it('has five 1280×800 screenshots, one of them in French', () => {
    const shots = readdirSync('docs/store/screenshots').filter((f) => f.endsWith('.png'));
    expect(shots).toHaveLength(5);
    expect(shots.filter((f) => f.includes('-fr'))).toHaveLength(1);
    for (const f of shots) {
      const png = readFileSync(`docs/store/screenshots/${f}`);
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], f).toEqual([1280, 800]);
    }
  });
});
