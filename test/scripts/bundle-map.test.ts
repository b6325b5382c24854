import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBySource, pageScripts } from '../../scripts/lib/bundle-map';

describe("the bench's map of where the bytes are", () => {
  it('gives each byte of the output to the source its map segment names, what no segment names to (unmapped)', () => {
    // Line 1: `a` from x.ts, then `b` and the line's end from y.ts. Line 2: `cd` from x.ts again
    // (a source delta of -1), then `e` under a segment that names no source.
    const map = { sources: ['x.ts', 'y.ts'], mappings: 'AAAA,CCAA;ADAA,E' };
    expect(Object.fromEntries(codeBySource('ab\ncde', map))).toEqual({ 'x.ts': 'acd', 'y.ts': 'b\n', '(unmapped)': 'e' });
  });

  it('gives lines the map does not reach, and the text before a line’s first segment, to (unmapped)', () => {
    const map = { sources: ['x.ts'], mappings: 'CAAA' };
    expect(Object.fromEntries(codeBySource('ab\nc', map))).toEqual({ '(unmapped)': 'ac', 'x.ts': 'b\n' });
  });

  it('counts a page’s scripts loaded at once, and with `later` every chunk it can load by a dynamic import too', () => {
    const out = mkdtempSync(join(tmpdir(), 'bundle-map-'));
    mkdirSync(join(out, 'chunks'));
    writeFileSync(join(out, 'popup.html'), '<script src="/early.js"></script><script type="module" src="/chunks/popup-a1.js"></script>');
    writeFileSync(join(out, 'early.js'), 'chrome.storage.local.get()');
    writeFileSync(join(out, 'chunks/popup-a1.js'), 'import{a}from"./shared-b2.js";const p=()=>import("./profile-c3.js");');
    writeFileSync(join(out, 'chunks/shared-b2.js'), 'export const a=1;');
    writeFileSync(join(out, 'chunks/profile-c3.js'), 'import{a}from"./shared-b2.js";import{r}from"./rules-d4.js";');
    writeFileSync(join(out, 'chunks/rules-d4.js'), 'export const r=2;');
    writeFileSync(join(out, 'chunks/options-e5.js'), 'never loaded by the popup');
    expect(pageScripts(out, 'popup.html').sort()).toEqual(['chunks/popup-a1.js', 'chunks/shared-b2.js', 'early.js']);
    expect(pageScripts(out, 'popup.html', true).sort()).toEqual([
      'chunks/popup-a1.js',
      'chunks/profile-c3.js',
      'chunks/rules-d4.js',
      'chunks/shared-b2.js',
      'early.js',
    ]);
  });
});
