// The loader, on every page of the network: no DOM node, no observer, no timer while the person
// does nothing. It looks a profile up (one message, or the panel asking again) only after a
// document load or an address change the person started: a trusted click or key just before, or
// the browser's Back/Forward. An address a page's script rewrites alone starts no lookup, so a page
// cannot probe candidate profiles and watch whether a panel appears (docs/page-states.md).
import { contextAlive } from './extension-context';
import type { PanelHandle } from './panel/handle';
import { profileSlug } from './profile-url';

interface Runtime {
  id?: string | undefined;
  sendMessage(message: unknown): Promise<unknown>;
}

type Listener = (event: Event & { persisted?: boolean; userInitiated?: boolean; navigationType?: string }) => void;

interface Target {
  addEventListener(type: string, listener: Listener, options: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: Listener, options: AddEventListenerOptions): void;
}

/** The parts of the page's window the loader uses (`navigation` where the browser has it). */
export interface LoaderWindow extends Target {
  location: { href: string };
  navigation?: Target | undefined;
  setTimeout(run: () => void, ms: number): unknown;
}

/** How long a person's click or key vouches for the address change that follows (the site may fetch first). */
export const INPUT_VOUCHES_MS = 5000;
/** Without the Navigation API, the address is read this long after a person's input, and never else. */
const AFTER_INPUT_MS = [0, 150, 600, 2000, INPUT_VOUCHES_MS - 100];
/** A traversal the browser does not vouch for (a script's history.back()) looks up at most this often. */
export const UNVOUCHED_EVERY_MS = 60_000;

type Cause = 'load' | 'change' | 'traverse';

/**
 * Announces each profile the person brings up in this tab; tells a shown panel instead (it asks
 * again, or, for an address a script rewrote, keeps only while the page shows its person).
 * Stops at the first event after the extension context is gone.
 */
export function watchProfile(
  runtime: Runtime,
  win: LoaderWindow,
  panel: () => PanelHandle | undefined,
  now: () => number = () => performance.now(),
): () => void {
  let last: string | null | undefined;
  let vouchedAt = Number.NEGATIVE_INFINITY;
  let unvouchedAt = Number.NEGATIVE_INFINITY;
  /** The first announcement of this document: the background forgets what the tab showed before. */
  let newDocument = true;
  const offs: (() => void)[] = [];
  const stop = () => {
    for (const off of offs.splice(0)) off();
  };
  const on = (target: Target, type: string, listener: Listener) => {
    const options = { capture: true, passive: true };
    target.addEventListener(type, listener, options);
    offs.push(() => target.removeEventListener(type, listener, options));
  };

  let lastHref: string | undefined;
  const check = (cause: Cause) => {
    // The cheapest test first: a site may rewrite its address often (query strings) on one page.
    const href = win.location.href;
    if (href === lastHref && cause !== 'load') return;
    lastHref = href;
    const slug = profileSlug(href);
    if (slug === last) return;
    if (!contextAlive(runtime)) return stop();
    last = slug;
    let vouched = cause === 'load' || now() - vouchedAt < INPUT_VOUCHES_MS;
    if (!vouched && cause === 'traverse' && now() - unvouchedAt >= UNVOUCHED_EVERY_MS) {
      unvouchedAt = now();
      vouched = true;
    }
    // One lookup per input: a page cannot hang a string of probes on a single click.
    if (vouched) vouchedAt = Number.NEGATIVE_INFINITY;
    const shown = panel();
    if (shown) return vouched ? shown.refresh() : shown.moved(slug);
    if (!vouched || !slug) return;
    const first = newDocument;
    newDocument = false;
    runtime.sendMessage(first ? { type: 'profileSeen', newDocument: true } : { type: 'profileSeen' }).catch(() => {
      // The extension was reloaded or updated: this copy of the script has nobody to talk to.
      if (!contextAlive(runtime)) stop();
    });
  };

  const nav = win.navigation;
  const input: Listener = (event) => {
    if (!event.isTrusted) return;
    vouchedAt = now();
    if (!nav) for (const ms of AFTER_INPUT_MS) win.setTimeout(() => check('change'), ms);
  };
  on(win, 'click', input);
  on(win, 'keydown', input);
  // A page restored from the back-forward cache: a document the person went back or forward to.
  on(win, 'pageshow', (event) => {
    if (!event.persisted) return;
    newDocument = true;
    last = undefined;
    check('load');
  });
  if (nav) {
    // The browser says which navigations the person made (its Back button, a plain link).
    on(nav, 'navigate', (event) => {
      if (event.userInitiated) vouchedAt = now();
    });
    on(nav, 'currententrychange', (event) => check(event.navigationType === 'traverse' ? 'traverse' : 'change'));
  } else on(win, 'popstate', () => check('traverse'));
  check('load');
  return stop;
}
