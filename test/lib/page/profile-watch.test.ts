import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { type LoaderWindow, REPORT_EVERY_MS, watchProfile } from '../../../lib/page/profile-watch';

afterEach(() => vi.useRealTimers());

type Fired = Event & { persisted?: boolean };

/** A page's window: its address, its listeners by type, and whether it has the Navigation API. */
function fakeWindow(href: string, withNavigation: boolean) {
  const listeners = new Map<string, Set<(e: Fired) => void>>();
  const target = (prefix: string) => ({
    addEventListener: (type: string, l: (e: Fired) => void) =>
      void (listeners.get(prefix + type) ?? listeners.set(prefix + type, new Set()).get(prefix + type)!).add(l),
    removeEventListener: (type: string, l: (e: Fired) => void) => void listeners.get(prefix + type)?.delete(l),
  });
  const win: LoaderWindow = {
    location: { href },
    ...target(''),
    navigation: withNavigation ? target('nav:') : undefined,
    setTimeout: (run, ms) => setTimeout(run, ms),
  };
  const fire = (type: string, fields: Partial<Fired> = {}) => {
    for (const l of listeners.get(type) ?? []) l({ isTrusted: true, ...fields } as Fired);
  };
  const count = () => [...listeners.values()].reduce((n, s) => n + s.size, 0);
  return { win, fire, count };
}

const profile = (slug: string) => `https://www.linkedin.com/in/${slug}/`;

function setup(href: string, withNavigation = true) {
  vi.useFakeTimers();
  const page = fakeWindow(href, withNavigation);
  const sent: unknown[] = [];
  const runtime: { id?: string; sendMessage: (m: unknown) => Promise<unknown> } = { id: 'ext', sendMessage: async (m) => void sent.push(m) };
  let handle: { refresh: Mock<() => void>; moved: Mock<(slug: string | null) => void> } | undefined;
  const stop = watchProfile(
    runtime,
    page.win,
    () => handle,
    () => Date.now(),
  );
  /** The address changes (pushState, a traversal, whoever made it): the browser reports the new entry. */
  const rewrite = (url: string) => {
    page.win.location.href = url;
    page.fire('nav:currententrychange');
  };
  /** A person's click on a link the page handles itself. */
  const click = (url: string) => {
    page.fire('click');
    rewrite(url);
  };
  return {
    ...page,
    sent,
    runtime,
    stop,
    rewrite,
    click,
    showPanel: () => (handle = { refresh: vi.fn<() => void>(), moved: vi.fn<(slug: string | null) => void>() }),
    hidePanel: () => (handle = undefined),
  };
}

const NEW = { type: 'profileSeen', newDocument: true };
const SEEN = { type: 'profileSeen' };

describe('the loader (every page of the network)', () => {
  it('tells the background of the profile a document loads with, as a new document; a page that never shows a profile sends nothing', () => {
    expect(setup(profile('jane')).sent).toEqual([NEW]);
    const feed = setup('https://www.linkedin.com/feed/');
    feed.rewrite('https://www.linkedin.com/search/results/people/?q=x');
    feed.rewrite('https://www.linkedin.com/feed/?page=2');
    expect(feed.sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells of each change of profile, whoever made it, and of leaving profiles; sub-pages of one profile say nothing more', () => {
    const t = setup('https://www.linkedin.com/feed/');
    t.click(profile('jane'));
    expect(t.sent).toEqual([NEW]);
    t.click(`${profile('jane')}details/experience/`);
    expect(t.sent).toHaveLength(1);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    // A script's own rewrite is told too: its answer is the same whatever the ready list holds.
    t.rewrite(profile('john'));
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    t.rewrite('https://www.linkedin.com/feed/');
    expect(t.sent).toEqual([NEW, SEEN, SEEN]);
  });

  it('tells the background no faster than every 300 ms however fast a page rewrites its address, the last address last', () => {
    const t = setup(profile('jane'));
    for (let i = 0; i < 50; i++) t.rewrite(profile(`candidate-${i}`));
    expect(t.sent).toEqual([NEW]);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    expect(t.sent).toEqual([NEW, SEEN]);
    vi.advanceTimersByTime(10 * REPORT_EVERY_MS);
    expect(t.sent).toHaveLength(2);
  });

  it('tells a shown panel of each change of address, and asks it nothing else', () => {
    const t = setup(profile('jane'));
    const panel = t.showPanel();
    t.rewrite(profile('probe'));
    expect(panel.moved).toHaveBeenCalledWith('probe');
    t.rewrite('https://www.linkedin.com/feed/');
    expect(panel.moved).toHaveBeenLastCalledWith(null);
    t.click(profile('john'));
    expect(panel.moved).toHaveBeenLastCalledWith('john');
    expect(panel.refresh).not.toHaveBeenCalled();
  });

  it('tells again a page restored from the back-forward cache, as a new document', () => {
    const t = setup(profile('jane'));
    t.fire('pageshow', { persisted: false });
    expect(t.sent).toHaveLength(1);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    t.fire('pageshow', { persisted: true });
    expect(t.sent).toEqual([NEW, NEW]);
  });

  it('without the Navigation API, reads the address only after a person’s input or a traversal: no timer otherwise', () => {
    const t = setup('https://www.linkedin.com/feed/', false);
    expect(vi.getTimerCount()).toBe(0);
    t.win.location.href = profile('probe');
    vi.advanceTimersByTime(60_000);
    expect(t.sent).toEqual([]);
    t.win.location.href = 'https://www.linkedin.com/feed/';
    t.fire('click');
    // The site navigates a moment after the click (it fetches first).
    vi.advanceTimersByTime(300);
    t.win.location.href = profile('jane');
    vi.advanceTimersByTime(5000);
    expect(t.sent).toEqual([NEW]);
    expect(vi.getTimerCount()).toBe(0);
    t.win.location.href = profile('john');
    t.fire('popstate');
    expect(t.sent).toEqual([NEW, SEEN]);
    // A script's click starts no reads.
    t.fire('click', { isTrusted: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('removes every listener at the first event after the extension context is gone', () => {
    const t = setup('https://www.linkedin.com/feed/');
    const before = t.count();
    expect(before).toBeGreaterThan(0);
    delete t.runtime.id;
    t.click(profile('jane'));
    expect(t.sent).toEqual([]);
    expect(t.count()).toBe(0);
  });
});
