import { describe, expect, it } from 'vitest';
import { looksMasked, maskable } from '../../../../lib/api/readers/masking';

describe('masked values', () => {
  it.each([
    'xxxx@xxxxx.xxx',
    'XXXX.XXXX@XXXX.XX',
    'https://www.linkedin.com/in/xxxxxxxx',
    'https://www.linkedin.com/in/xxx-xxxxx/',
    'j***@acme.fr',
    '••••••',
    '[masked]',
    'hidden',
    'Masqué',
    '*',
  ])('%s reads as masked', (v) => {
    expect(looksMasked(v)).toBe(true);
  });

  it.each(['jo@acme.fr', 'https://www.linkedin.com/in/xavier-dupont', 'Max', 'x@y.fr', '+33 6 12 34 56 78', 'https://www.linkedin.com/in/xx'])(
    '%s reads as data',
    (v) => {
      expect(looksMasked(v)).toBe(false);
    },
  );

  it('keeps nothing of a masked value', () => {
    expect(maskable({ email: 'xxxx@xxxx.xx' }, ['email'])).toEqual({ masked: true });
    expect(maskable({ email: 'jo@acme.fr' }, ['email'])).toEqual({ masked: false, value: 'jo@acme.fr' });
  });

  it("follows the record's and the field's own flags, even on values that look real", () => {
    expect(maskable({ email: 'jo@acme.fr', is_masked: true }, ['email'])).toEqual({ masked: true });
    expect(maskable({ email: 'jo@acme.fr', email_masked: 1 }, ['email'])).toEqual({ masked: true });
    expect(maskable({ email: { value: 'jo@acme.fr', masked: true } }, ['email'])).toEqual({ masked: true });
    expect(maskable({ email: { masked: true, value: null } }, ['email'])).toEqual({ masked: true });
  });

  it('gives nothing for an absent or empty value', () => {
    expect(maskable({ email: null }, ['email'])).toBeUndefined();
    expect(maskable({ email: '' }, ['email'], true)).toBeUndefined();
    expect(maskable({}, ['email'])).toBeUndefined();
  });
});
