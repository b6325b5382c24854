import { describe, expect, it } from 'vitest';
import { deskSearch, deskWindowOf } from '../../../lib/desk/page';

describe('the desk’s address', () => {
  it('names the window the desk serves, and nothing else does', () => {
    expect(deskWindowOf(`chrome-extension://abc/desk.html${deskSearch(1234)}`)).toBe(1234);
    expect(deskWindowOf('moz-extension://uuid/desk.html?window=7')).toBe(7);
    for (const url of [
      undefined,
      '',
      'not a url',
      'chrome-extension://abc/desk.html',
      'chrome-extension://abc/popup.html?window=3',
      'chrome-extension://abc/desk.html?window=x',
    ])
      expect(deskWindowOf(url)).toBeNull();
  });
});
