import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { INPUT_VOUCHES_MS, type LoaderWindow, UNVOUCHED_EVERY_MS, watchProfile } from '../../lib/profile-watch';

afterEach(() => vi.useRealTimers());

type Fired = Event & { persisted?: boolean; userInitiated?: boolean; navigationType?: string };

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
  /** The page's own script changes the address (pushState): the browser reports the new entry. */
  const rewrite = (url: string, navigationType = 'push') => {
    page.win.location.href = url;
    page.fire('nav:currententrychange', { navigationType });
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

describe('the loader (every page of the network)', () => {
  it('looks up the profile a document loads with, saying it is a new document; a page off profiles sends nothing', () => {
    expect(setup(profile('jane')).sent).toEqual([{ type: 'profileSeen', newDocument: true }]);
    expect(setup('https://www.linkedin.com/feed/').sent).toEqual([]);
  });

  it('looks up a profile reached from the feed by a person’s click, however the page swaps it in', () => {
    const t = setup('https://www.linkedin.com/feed/');
    t.click(profile('jane'));
    expect(t.sent).toEqual([{ type: 'profileSeen', newDocument: true }]);
    // Sub-pages of the same profile ask nothing more.
    t.click(`${profile('jane')}details/experience/`);
    expect(t.sent).toHaveLength(1);
  });

  it('starts no lookup for addresses a script rewrites alone, however many', () => {
    const t = setup('https://www.linkedin.com/feed/');
    for (let i = 0; i < 10; i++) {
      t.rewrite(profile(`candidate-${i}`));
      vi.advanceTimersByTime(200);
    }
    expect(t.sent).toEqual([]);
  });

  it('lets one click vouch for one lookup only, and only for a short while', () => {
    const t = setup('https://www.linkedin.com/feed/');
    t.click(profile('jane'));
    t.rewrite(profile('probe-1'));
    t.rewrite(profile('probe-2'));
    expect(t.sent).toHaveLength(1);
    t.fire('keydown');
    vi.advanceTimersByTime(INPUT_VOUCHES_MS + 1);
    t.rewrite(profile('probe-3'));
    expect(t.sent).toHaveLength(1);
  });

  it('ignores clicks and keys a script dispatches (untrusted events)', () => {
    const t = setup('https://www.linkedin.com/feed/');
    t.fire('click', { isTrusted: false });
    t.fire('keydown', { isTrusted: false });
    t.rewrite(profile('probe'));
    expect(t.sent).toEqual([]);
  });

  it('looks up after a traversal the browser says the person made (Back), and a script’s own traversal at most once a minute', () => {
    const t = setup('https://www.linkedin.com/feed/');
    t.fire('nav:navigate', { userInitiated: true, navigationType: 'traverse' });
    t.rewrite(profile('jane'), 'traverse');
    expect(t.sent).toHaveLength(1);
    t.rewrite(profile('probe-1'), 'traverse');
    t.rewrite(profile('probe-2'), 'traverse');
    expect(t.sent).toHaveLength(2);
    vi.advanceTimersByTime(UNVOUCHED_EVERY_MS);
    t.rewrite(profile('probe-3'), 'traverse');
    expect(t.sent).toHaveLength(3);
  });

  it('tells a shown panel to ask again after the person’s navigation, and only that the address moved after a script’s', () => {
    const t = setup(profile('jane'));
    const panel = t.showPanel();
    t.rewrite(profile('probe'));
    expect(panel.moved).toHaveBeenCalledWith('probe');
    t.rewrite('https://www.linkedin.com/feed/');
    expect(panel.moved).toHaveBeenLastCalledWith(null);
    t.click(profile('john'));
    expect(panel.refresh).toHaveBeenCalledTimes(1);
    expect(panel.moved).toHaveBeenCalledTimes(2);
    expect(t.sent).toHaveLength(1);
    t.hidePanel();
    t.click(profile('ada'));
    expect(t.sent).toEqual([{ type: 'profileSeen', newDocument: true }, { type: 'profileSeen' }]);
  });

  it('looks up again a page restored from the back-forward cache, as a new document', () => {
    const t = setup(profile('jane'));
    t.fire('pageshow', { persisted: false });
    expect(t.sent).toHaveLength(1);
    t.fire('pageshow', { persisted: true });
    expect(t.sent).toEqual([
      { type: 'profileSeen', newDocument: true },
      { type: 'profileSeen', newDocument: true },
    ]);
  });

  it('without the Navigation API, reads the address only after a person’s input or a traversal: no timer otherwise', () => {
    const t = setup('https://www.linkedin.com/feed/', false);
    expect(vi.getTimerCount()).toBe(0);
    t.win.location.href = profile('probe');
    vi.advanceTimersByTime(10 * INPUT_VOUCHES_MS);
    expect(t.sent).toEqual([]);
    t.win.location.href = 'https://www.linkedin.com/feed/';
    t.fire('click');
    // The site navigates a moment after the click (it fetches first).
    vi.advanceTimersByTime(300);
    t.win.location.href = profile('jane');
    vi.advanceTimersByTime(INPUT_VOUCHES_MS);
    expect(t.sent).toEqual([{ type: 'profileSeen', newDocument: true }]);
    expect(vi.getTimerCount()).toBe(0);
    t.win.location.href = profile('john');
    t.fire('popstate');
    expect(t.sent).toHaveLength(2);
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
