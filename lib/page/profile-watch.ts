// The loader, on every page of the network: no DOM node, no observer, no timer while the person
// does nothing, and nothing at all sent from a page that never shows a profile. It tells the
// background each change of the profile the tab shows (the background reads which from the tab's
// address, as the browser gives it), so that the tab's own badge can say an invitation is ready here.
// The answer is the same whatever the ready list holds, and nothing is drawn in the page from it: the
// panel comes only where the extension brought the tab, or the person asked (docs/page-states.md).
import { contextAlive } from './extension-context';
import type { PanelHandle } from './panel/handle';
import { profileSlug } from '../network/profile-url';

interface Runtime {
  id?: string | undefined;
  sendMessage(message: unknown): Promise<unknown>;
}

type Listener = (event: Event & { persisted?: boolean }) => void;

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

/** Without the Navigation API, the address is read this long after a person's input, and never else (pushState fires no event). */
const AFTER_INPUT_MS = [0, 150, 600, 2000, 4900];
/** At most one message this often: a page that rewrites its address in a loop wakes the background no faster. */
export const REPORT_EVERY_MS = 300;

/**
 * Tells the background of each profile this tab shows, and a shown panel of each change of address.
 * Stops at the first event after the extension context is gone.
 */
export function watchProfile(
  runtime: Runtime,
  win: LoaderWindow,
  panel: () => PanelHandle | undefined,
  now: () => number = () => performance.now(),
): () => void {
  let last: string | null | undefined;
  let lastHref: string | undefined;
  /** Nothing said of this document yet: its first message says it is new (lib/background/tab-invitations.ts). */
  let newDocument = true;
  let sentAt = Number.NEGATIVE_INFINITY;
  let due = false;
  const offs: (() => void)[] = [];
  const stop = () => {
    for (const off of offs.splice(0)) off();
  };
  const on = (target: Target, type: string, listener: Listener) => {
    const options = { capture: true, passive: true };
    target.addEventListener(type, listener, options);
    offs.push(() => target.removeEventListener(type, listener, options));
  };

  const send = () => {
    due = false;
    sentAt = now();
    const first = newDocument;
    newDocument = false;
    runtime.sendMessage(first ? { type: 'profileSeen', newDocument: true } : { type: 'profileSeen' }).catch(() => {
      // The extension was reloaded or updated: this copy of the script has nobody to talk to.
      if (!contextAlive(runtime)) stop();
    });
  };

  const check = (load = false) => {
    // The cheapest test first: a site may rewrite its address often (query strings) on one page.
    const href = win.location.href;
    if (href === lastHref && !load) return;
    lastHref = href;
    const slug = profileSlug(href);
    if (slug === last) return;
    if (!contextAlive(runtime)) return stop();
    last = slug;
    panel()?.moved(slug);
    // A document that never shows a profile costs the background nothing.
    if (newDocument && !slug) return;
    if (due) return;
    const wait = sentAt + REPORT_EVERY_MS - now();
    if (wait <= 0) return send();
    due = true;
    win.setTimeout(send, wait);
  };

  const nav = win.navigation;
  if (nav) on(nav, 'currententrychange', () => check());
  else {
    // A person's click or key may start an in-page navigation, which no event announces here.
    const input: Listener = (event) => {
      if (event.isTrusted) for (const ms of AFTER_INPUT_MS) win.setTimeout(check, ms);
    };
    on(win, 'click', input);
    on(win, 'keydown', input);
    on(win, 'popstate', () => check());
  }
  // A page restored from the back-forward cache is a document of its own again.
  on(win, 'pageshow', (event) => {
    if (!event.persisted) return;
    newDocument = true;
    last = undefined;
    check(true);
  });
  check(true);
  return stop;
}
