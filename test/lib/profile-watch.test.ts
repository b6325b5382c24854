import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchProfile } from '../../lib/profile-watch';

afterEach(() => vi.useRealTimers());

describe('profile watch (the content script)', () => {
  it('sends one message per profile viewed, none for sub-pages of the same profile', async () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const runtime = { id: 'ext', sendMessage: async (m: unknown) => void sent.push(m) };
    const location = { href: 'https://www.linkedin.com/in/jane/' };
    const stop = watchProfile(runtime, location);
    expect(sent).toEqual([{ type: 'profileSeen' }]);
    location.href = 'https://www.linkedin.com/in/jane/details/experience/';
    vi.advanceTimersByTime(3000);
    expect(sent).toHaveLength(1);
    location.href = 'https://www.linkedin.com/in/john/';
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
    location.href = 'https://www.linkedin.com/feed/';
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
    stop();
  });

  it('stops quietly when the extension context is gone', () => {
    vi.useFakeTimers();
    const runtime: { id?: string; sendMessage: (m: unknown) => Promise<unknown> } = { id: 'ext', sendMessage: vi.fn(async () => undefined) };
    const location = { href: 'https://www.linkedin.com/in/jane/' };
    watchProfile(runtime, location);
    delete runtime.id;
    location.href = 'https://www.linkedin.com/in/john/';
    vi.advanceTimersByTime(5000);
    expect(runtime.sendMessage).toHaveBeenCalledTimes(1);
  });
});
