import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../lib/page-reader/read-page';

const DIR = resolve(process.env.NETWORK_PAGES ?? '../shared/network-pages');
const expectedFile = resolve(DIR, 'expected.json');

describe('the page reader on the saved pages of ../shared/network-pages', () => {
  // No quiet skip: without the pages this fails and says where it looked.
  it('finds the saved pages and their expected states', () => {
    expect(existsSync(expectedFile), `missing ${expectedFile}`).toBe(true);
  });

  const expected: Record<string, string> = existsSync(expectedFile) ? JSON.parse(readFileSync(expectedFile, 'utf8')) : {};
  for (const [file, state] of Object.entries(expected)) {
    it(`classifies ${file} as ${state}`, () => {
      // Frames of a saved page are empty shells (ads, preloads); dropping them keeps happy-dom quiet.
      const html = readFileSync(resolve(DIR, file), 'utf8').replace(/<iframe\b[^>]*>(?:<\/iframe>)?/gi, '');
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const slug = basename(file, '.html');
      const reading = readPage(doc, { slug });
      expect(reading.state).toBe(state);
      expect(reading.card?.name).toBeTruthy();
      // Whatever the state, the control the assistant would use is on this profile's card or menu.
      const target = reading.card?.connect ?? reading.card?.menuConnect;
      if (target) expect(reading.card!.element.contains(target) || target.closest('[role="menu"]') !== null).toBe(true);
      if (state === 'connect-in-more') expect(reading.card?.more).toBeTruthy();
    });
  }
});
