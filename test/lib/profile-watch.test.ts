import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchProfile } from '../../lib/profile-watch';

afterEach(() => vi.useRealTimers());

describe('profile watch (the content script)', () => {
  it('sends one message per profile viewed, none for sub-pages of the same profile; the first says a new document loaded', async () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const runtime = { id: 'ext', sendMessage: async (m: unknown) => void sent.push(m) };
    const location = { href: 'https://www.linkedin.com/in/jane/' };
    const stop = watchProfile(runtime, location);
    expect(sent).toEqual([{ type: 'profileSeen', newDocument: true }]);
    location.href = 'https://www.linkedin.com/in/jane/details/experience/';
    vi.advanceTimersByTime(3000);
    expect(sent).toHaveLength(1);
    location.href = 'https://www.linkedin.com/in/john/';
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
    // In-page navigation: the same document, which the address alone does not make new.
    expect(sent[1]).toEqual({ type: 'profileSeen' });
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

  it('tells a shown panel of every change of profile, leaving included, instead of messaging the background', () => {
    vi.useFakeTimers();
    const runtime = { id: 'ext', sendMessage: vi.fn(async () => undefined) };
    const location = { href: 'https://www.linkedin.com/in/jane/' };
    let handle: { refresh: ReturnType<typeof vi.fn<() => void>> } | undefined;
    watchProfile(runtime, location, () => handle);
    expect(runtime.sendMessage).toHaveBeenCalledTimes(1);
    handle = { refresh: vi.fn() };
    location.href = 'https://www.linkedin.com/in/jane/details/skills/';
    vi.advanceTimersByTime(2000);
    expect(handle.refresh).not.toHaveBeenCalled();
    location.href = 'https://www.linkedin.com/in/john/';
    vi.advanceTimersByTime(1000);
    location.href = 'https://www.linkedin.com/feed/';
    vi.advanceTimersByTime(1000);
    expect(handle.refresh).toHaveBeenCalledTimes(2);
    expect(runtime.sendMessage).toHaveBeenCalledTimes(1);
    handle = undefined;
    location.href = 'https://www.linkedin.com/in/ada/';
    vi.advanceTimersByTime(1000);
    expect(runtime.sendMessage).toHaveBeenCalledTimes(2);
  });
});
