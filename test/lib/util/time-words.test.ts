import { describe, expect, it } from 'vitest';
import { relativeWords, timeWords } from '../../../lib/util/time-words';

const NOW = Date.parse('2026-12-02T00:39:35Z');

describe('a time the service sent as text, in words', () => {
  it('says the date and time in the person’s zone, and how long ago, in English', () => {
    expect(timeWords('2026-12-01T22:39:35.043Z', 'en', NOW, 'Europe/Paris')).toBe('December 1, 2026 at 11:39 PM (2 hours ago)');
    expect(timeWords('2026-12-01T22:39:35.043Z', 'en-GB', NOW, 'Europe/Paris')).toBe('1 December 2026 at 23:39 (2 hours ago)');
    // Another zone, another hour: the same moment.
    expect(timeWords('2026-12-01T22:39:35.043Z', 'en', NOW, 'America/New_York')).toBe('December 1, 2026 at 5:39 PM (2 hours ago)');
  });

  it('says it in French', () => {
    expect(timeWords('2026-12-01T22:39:35.043Z', 'fr', NOW, 'Europe/Paris')).toBe('1 décembre 2026 à 23:39 (il y a 2 heures)');
    expect(timeWords('2026-11-30T10:00:00+01:00', 'fr', NOW, 'Europe/Paris')).toBe('30 novembre 2026 à 10:00 (avant-hier)');
  });

  it('a date alone is that day wherever the person is, without an hour', () => {
    expect(timeWords('2026-12-01', 'en', NOW, 'Pacific/Honolulu')).toBe('December 1, 2026');
    expect(timeWords('2026-12-01', 'fr', NOW)).toBe('1 décembre 2026');
  });

  it('leaves any other text alone', () => {
    for (const text of ['Salon Lyon 2026', '2026', '12/01/2026', '2026-12-01T22:39', '2026-13-45T99:99:00Z', 'Updated 2026-12-01T22:39:35Z'])
      expect([text, timeWords(text, 'en', NOW)]).toEqual([text, null]);
  });

  it('ahead and behind, in the largest unit that fits, with the language’s own words', () => {
    expect(relativeWords(-30, 'en')).toBe('30 seconds ago');
    expect(relativeWords(-90 * 60, 'en')).toBe('2 hours ago');
    expect(relativeWords(-86_400, 'en')).toBe('yesterday');
    expect(relativeWords(3 * 86_400, 'fr')).toBe('dans 3 jours');
    expect(relativeWords(-400 * 86_400, 'fr')).toBe('l’année dernière');
  });
});
