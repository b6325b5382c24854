import { describe, expect, it } from 'vitest';
import { codeBySource } from '../../scripts/lib/bundle-map';

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
});
