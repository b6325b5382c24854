import { describe, expect, it } from 'vitest';
import { blocklistAddress, detectBlocklistType, isBlocklistValue, normalizeBlocklistValue, slugFr } from '../../../lib/api/blocklist';

describe('French-locale slugs', () => {
  it.each([
    ['Élodie', 'elodie'],
    ['François', 'francois'],
    ['Jean-Pierre', 'jean-pierre'],
    ['Le  Goff', 'le-goff'],
    ['  Anaïs ', 'anais'],
    ['Lætitia', 'laetitia'],
    ['Œdipe', 'oedipe'],
    ['Müller', 'muller'],
    ['Strauß', 'strauss'],
    ['Søren', 'soren'],
    ['Łukasz', 'lukasz'],
    ["D'Artagnan", 'dartagnan'],
    ['O’Neil', 'oneil'],
    ['J.-P.', 'j-p'],
    ['marie_claire', 'marie-claire'],
    ['Hélène -- Dupré', 'helene-dupre'],
    ['Ñúñez', 'nunez'],
    ['Zoë 2', 'zoe-2'],
    ['!!!', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugFr(name)).toBe(slug);
  });
});

describe('blocklist address value', () => {
  it('joins the two slugs and the postal code with pipes', () => {
    expect(blocklistAddress({ firstname: 'Élodie', lastname: 'Le Bihan', zip: '29200' })).toBe('elodie|le-bihan|29200');
  });

  it('removes spaces from the postal code and uppercases its letters', () => {
    expect(blocklistAddress({ firstname: 'Anne', lastname: 'Smith', zip: ' sw1a 1aa ' })).toBe('anne|smith|SW1A1AA');
  });

  it('gives null when a part is empty once folded', () => {
    expect(blocklistAddress({ firstname: '—', lastname: 'Martin', zip: '75001' })).toBeNull();
    expect(blocklistAddress({ firstname: 'Paul', lastname: 'Martin', zip: '' })).toBeNull();
    expect(blocklistAddress({ firstname: 'Paul', lastname: 'Mar|tin', zip: '75001' })).toBe('paul|martin|75001');
  });
});

describe('blocklist type detection', () => {
  it.each([
    ['elodie|martin|75001', 'address'],
    ['Élodie|Martin|75001', 'address'],
    ['jo@acme.fr', 'email'],
    ['Jo.Doe+x@sub.acme.co.uk', 'email'],
    ['123456789', 'siren'],
    ['123 456 789', 'siren'],
    ['acme.fr', 'domain'],
    ['https://www.acme.fr/contact', 'domain'],
    ['Acme', 'company'],
    ['Acme Industries S.A.', 'company'],
    ['12345678', 'company'],
    ['3M', 'company'],
  ] as const)('%s is %s', (value, type) => {
    expect(detectBlocklistType(value)).toBe(type);
  });

  it('gives null for an empty value', () => {
    expect(detectBlocklistType('   ')).toBeNull();
  });
});

describe('blocklist value shapes', () => {
  it('normalizes each type to the spelling the service expects', () => {
    expect(normalizeBlocklistValue('email', ' Jo@Acme.FR ')).toBe('jo@acme.fr');
    expect(normalizeBlocklistValue('domain', 'https://WWW.Acme.fr/contact?x=1')).toBe('acme.fr');
    expect(normalizeBlocklistValue('domain', 'jo@acme.fr')).toBe('acme.fr');
    expect(normalizeBlocklistValue('siren', '123 456 789')).toBe('123456789');
    expect(normalizeBlocklistValue('company', ' Acme   Corp ')).toBe('Acme Corp');
  });

  it("accepts only values of the type's shape", () => {
    expect(isBlocklistValue('email', 'jo@acme.fr')).toBe(true);
    expect(isBlocklistValue('email', 'jo@acme')).toBe(false);
    expect(isBlocklistValue('domain', 'acme.fr')).toBe(true);
    expect(isBlocklistValue('domain', 'acme')).toBe(false);
    expect(isBlocklistValue('siren', '12345678')).toBe(false);
    expect(isBlocklistValue('siren', '123456789')).toBe(true);
    expect(isBlocklistValue('address', 'elodie|martin|75001')).toBe(true);
    expect(isBlocklistValue('address', 'Élodie|Martin|75001')).toBe(false);
    expect(isBlocklistValue('address', 'elodie|martin')).toBe(false);
    expect(isBlocklistValue('company', ' ')).toBe(false);
  });
});
