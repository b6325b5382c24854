import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressOf, identifierOf, nameFromTitle, targetOf } from '../../../lib/add-contact/target';

describe('the profile to add', () => {
  it.each([
    'https://www.linkedin.com/in/camille-lefevre-4a1b2c',
    'https://www.linkedin.com/in/camille-lefevre-4a1b2c/',
    'https://www.linkedin.com/in/Camille-Lefevre-4A1B2C/details/experience/?trk=x#top',
    'https://fr.linkedin.com/in/camille-lefevre-4a1b2c',
    'https://linkedin.com/in/camille-lefevre-4a1b2c/recent-activity/',
  ])('gives one address and one identifier for %s', (url) => {
    expect(targetOf(url)).toMatchObject({
      slug: 'camille-lefevre-4a1b2c',
      url: 'https://www.linkedin.com/in/camille-lefevre-4a1b2c',
      identifier: 'network-profile:camille-lefevre-4a1b2c',
    });
  });

  it('encodes a slug with accents in the address, and keeps the identifier the same for both spellings', () => {
    const plain = targetOf('https://www.linkedin.com/in/élodie-garnier/');
    const encoded = targetOf('https://www.linkedin.com/in/%C3%A9lodie-garnier');
    expect(plain?.url).toBe('https://www.linkedin.com/in/%C3%A9lodie-garnier');
    expect(encoded?.identifier).toBe(plain?.identifier);
  });

  it.each([
    'https://www.linkedin.com/company/acme/',
    'https://www.linkedin.com/feed/',
    'https://evil.example/in/camille',
    'https://www.linkedin.com.evil.example/in/camille',
    'not a url',
    undefined,
  ])('is nothing for %s', (url) => {
    expect(targetOf(url)).toBeNull();
  });

  it('keeps the identifier within the 255 characters the service allows', () => {
    expect(identifierOf('a'.repeat(400))).toHaveLength(255);
    expect(addressOf('a b')).toBe('https://www.linkedin.com/in/a%20b');
  });

  it.each([
    ['Camille Lefèvre | LinkedIn', 'Camille Lefèvre'],
    ['(3) Camille Lefèvre | LinkedIn', 'Camille Lefèvre'],
    ['(99+) Hannah Becker – LinkedIn', 'Hannah Becker'],
    ['LinkedIn', undefined],
    // A tab still loading: its title is its address.
    ['www.linkedin.com/in/jeanne-durand-8c2f1/', undefined],
    ['https://www.linkedin.com/in/jeanne-durand-8c2f1/', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads the name in the tab title %j', (title, name) => {
    expect(nameFromTitle(title)).toBe(name);
  });
});

describe('a title the page writes, however long', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads a 1 MB title of no-break spaces with no pattern ever given more than 200 characters', () => {
    // Every pattern run (test, exec, replace) goes through RegExp.prototype.exec: its input is recorded,
    // and refused past the bound so that an unbounded run fails here at once instead of holding the test.
    const sizes: number[] = [];
    const exec = RegExp.prototype.exec;
    vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, input: string) {
      sizes.push(input.length);
      if (input.length > 200) throw new Error(`a pattern was given ${input.length} characters`);
      return exec.call(this, input);
    });
    const title = `${'\u00a0'.repeat(1_000_000)}| LinkedIn`;
    expect(nameFromTitle(title)).toBeUndefined();
    expect(nameFromTitle(`Camille Lefèvre${'\u00a0'.repeat(1_000_000)}`)).toBe('Camille Lefèvre');
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(200);
  });
});
