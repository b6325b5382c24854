import { describe, expect, it, vi } from 'vitest';
import { injectLoaderIntoOpenTabs } from '../../../lib/background/open-tabs';

describe('the loader injected into network tabs open on install or update', () => {
  it('runs the loader in every open network tab, leaving those that refuse, and says how many took it', async () => {
    const query = vi.fn(async () => [{ id: 1 }, { id: 2 }, {}, { id: 3 }]);
    const inject = vi.fn(async (tabId: number) => {
      if (tabId === 2) throw new Error('Cannot access contents of the page');
    });
    expect(await injectLoaderIntoOpenTabs({ query, inject })).toBe(2);
    expect(query).toHaveBeenCalledWith('https://www.linkedin.com/*');
    expect(inject.mock.calls.map(([id]) => id)).toEqual([1, 2, 3]);
  });
});
