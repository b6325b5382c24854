import { describe, expect, it } from 'vitest';
import type { NetworkAction } from '../../../lib/api/schemas';
import { atHandNow } from '../../../lib/desk/at-hand';

const action = (id: string, slug: string): NetworkAction =>
  ({ id, prospect: { name: id, profileUrl: `https://www.linkedin.com/in/${slug}` } }) as NetworkAction;
const tab = (id: number, slug?: string) => ({ id, url: slug ? `https://www.linkedin.com/in/${slug}/` : 'https://www.linkedin.com/feed/' });

describe('the invitation at hand', () => {
  const camille = action('na_1', 'camille');
  const hannah = action('na_2', 'hannah');

  it('is the ready invitation of the profile the followed tab shows, and none off profiles or without one', () => {
    expect(atHandNow(null, tab(3, 'camille'), [hannah, camille])).toEqual({ tabId: 3, slug: 'camille', action: camille });
    expect(atHandNow(null, tab(3), [camille])).toBeNull();
    expect(atHandNow(null, tab(3, 'nobody'), [camille])).toBeNull();
    expect(atHandNow(null, null, [camille])).toBeNull();
  });

  it('is kept after its outcome took it off the list while that tab still shows that profile, and no longer once it does not', () => {
    const held = atHandNow(null, tab(3, 'camille'), [camille]);
    expect(atHandNow(held, tab(3, 'camille'), [hannah])).toBe(held);
    expect(atHandNow(held, tab(4, 'camille'), [hannah])).toBeNull();
    expect(atHandNow(held, tab(3, 'hannah'), [hannah])).toEqual({ tabId: 3, slug: 'hannah', action: hannah });
    expect(atHandNow(held, tab(3), [hannah])).toBeNull();
  });

  it('takes the list’s newer copy of the same invitation (a note saved since)', () => {
    const held = atHandNow(null, tab(3, 'camille'), [camille]);
    const edited = { ...camille, message: 'A newer note' };
    expect(atHandNow(held, tab(3, 'camille'), [edited])?.action).toBe(edited);
  });
});
