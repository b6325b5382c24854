import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../lib/page/reader/read-page';
import { isControlWord, reportPage } from '../../lib/page/report/scrub';
import { loadReport } from '../fixtures/pages/load';

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

    it(`scrubs ${file} down to the words of the network's known control labels, and reads back as ${state}`, () => {
      const html = readFileSync(resolve(DIR, file), 'utf8').replace(/<iframe\b[^>]*>(?:<\/iframe>)?/gi, '');
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const copy = reportPage(doc, { slug: basename(file, '.html') }).html;
      const body = new DOMParser().parseFromString(copy, 'text/html').body;
      const texts = [...body.querySelectorAll('*')].flatMap((el) => [
        ...[...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue ?? ''),
        // The aria attributes that hold words (the others hold ids, booleans and tokens).
        ...['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'aria-placeholder'].map((name) => el.getAttribute(name) ?? ''),
      ]);
      // Placeholders of names (X1…), the word put for any other text, degree badges ("· 2nd").
      const kept = texts.flatMap((t) => t.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !/^X\d+$|^text$|^[123](st|nd|rd|er|re|e)?$/.test(w));
      expect(kept.filter((w) => !isControlWord(w))).toEqual([]);
      const back = loadReport(copy);
      expect(readPage(back.doc, back.who).state).toBe(state);
    });
  }
});
