import { describe, expect, it } from 'vitest';
import { forgetTab, grant, grantedHere, SETTLING_MS, tabShows, WAITING_MS, type TabGrants } from '../../../lib/background/tab-invitations';

const T0 = 1_000_000;
const at = (grants: TabGrants, slug: string | null) => grantedHere(grants, 7, slug);

describe('when the panel may come to a tab', () => {
  it('comes to a tab the extension navigated, at its first document on that profile, and stays while the tab shows it', () => {
    let g = grant({}, 7, 'na_1', 'jane', 'waiting', T0);
    expect(at(g, 'jane')).toBeUndefined();
    // The page being left still speaks: nothing settles before the new document.
    g = tabShows(g, 7, 'someone', false, T0 + 10);
    expect(g[7]?.state).toBe('waiting');
    g = tabShows(g, 7, 'jane', true, T0 + 1000);
    expect(at(g, 'jane')).toBe('na_1');
    // An address of the same profile (a sub-page, a query) keeps it.
    g = tabShows(g, 7, 'jane', false, T0 + 2000);
    expect(at(g, 'jane')).toBe('na_1');
    expect(at(g, 'other')).toBeUndefined();
  });

  it('takes the first word of the loader of the document on screen, a moment after the grant, for that document', () => {
    const given = grant({}, 7, 'na_1', 'jane', 'shown', T0);
    // Asked right after a load: the loader speaks (at document_idle) after the grant.
    const heard = tabShows(given, 7, 'jane', true, T0 + 800);
    expect(at(heard, 'jane')).toBe('na_1');
    // Then a new document ends it; as one long after the grant would have, unheard.
    expect(tabShows(heard, 7, 'jane', true, T0 + 900)[7]).toBeUndefined();
    expect(tabShows(given, 7, 'jane', true, T0 + SETTLING_MS)[7]).toBeUndefined();
    // A word from another profile is no such thing.
    expect(tabShows(given, 7, 'other', true, T0 + 10)[7]).toBeUndefined();
  });

  it('ends when the tab shows anything else, or loads any new document, so coming back by any path brings nothing', () => {
    // The document on screen's loader spoke since the grant.
    const shown = tabShows(grant({}, 7, 'na_1', 'jane', 'shown', T0), 7, 'jane', false, T0);
    for (const [slug, newDocument] of [
      [null, false],
      ['other', false],
      ['jane', true],
      ['other', true],
      [null, true],
    ] as const) {
      const after = tabShows(shown, 7, slug, newDocument, T0 + 1);
      expect(after[7]).toBeUndefined();
      expect(at(tabShows(after, 7, 'jane', false, T0 + 2), 'jane')).toBeUndefined();
    }
  });

  it('lapses when the navigation does not arrive in time, or arrives elsewhere', () => {
    const waiting = grant({}, 7, 'na_1', 'jane', 'waiting', T0);
    expect(tabShows(waiting, 7, 'jane', true, T0 + WAITING_MS)[7]).toBeUndefined();
    expect(tabShows(waiting, 7, 'jane', false, T0 + WAITING_MS)[7]).toBeUndefined();
    expect(tabShows(waiting, 7, 'other', true, T0 + 1)[7]).toBeUndefined();
  });

  it('is per tab: another tab showing the profile gets nothing, and a closed tab is forgotten', () => {
    const g = grant({}, 7, 'na_1', 'jane', 'shown', T0);
    expect(grantedHere(g, 8, 'jane')).toBeUndefined();
    expect(tabShows(g, 8, 'jane', true, T0)).toBe(g);
    expect(forgetTab(g, 7)).toEqual({});
    expect(forgetTab(g, 8)).toBe(g);
  });

  it('keeps the newest grants only, whatever the tabs’ ids', () => {
    let g: TabGrants = {};
    for (let i = 0; i < 60; i++) g = grant(g, 1000 - i, `na_${i}`, `p${i}`, 'shown', T0 + i);
    expect(Object.keys(g)).toHaveLength(50);
    expect(grantedHere(g, 1000 - 59, 'p59')).toBe('na_59');
    expect(grantedHere(g, 1000, 'p0')).toBeUndefined();
  });
});
