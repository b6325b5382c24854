// @vitest-environment happy-dom
// Every page report saved with "This page was read wrong" and dropped, unchanged, into a folder of
// test/fixtures/pages/ is a regression test: the reader must read the state written in it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../../../lib/page/reader/read-page';
import { loadReport } from '../../../fixtures/pages/load';

const DIR = resolve(__dirname, '../../../fixtures/pages');
const reports = readdirSync(DIR)
  .filter((folder) => statSync(join(DIR, folder)).isDirectory())
  .flatMap((folder) =>
    readdirSync(join(DIR, folder))
      .filter((file) => file.endsWith('.html'))
      .map((file) => join(folder, file)),
  );

describe('page reports in test/fixtures/pages', () => {
  it('holds reports (the folder is not silently empty)', () => {
    expect(reports.length).toBeGreaterThan(0);
  });

  it.each(reports)('%s reads as the state written in it', (file) => {
    const { doc, who, expected } = loadReport(readFileSync(join(DIR, file), 'utf8'));
    expect(readPage(doc, who).state).toBe(expected);
  });
});
