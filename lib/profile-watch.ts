// What runs on every profile page: no DOM, no styles, one message per profile viewed.
import { contextAlive } from './extension-context';
import type { PanelHandle } from './panel/handle';
import { profileSlug } from './profile-url';

interface Runtime {
  id?: string | undefined;
  sendMessage(message: unknown): Promise<unknown>;
}

/**
 * Announces each profile the tab shows, following in-page navigation; stops with a dead context.
 * When a panel is already shown, it is told instead (it asks what the new address needs).
 */
export function watchProfile(runtime: Runtime, location: { href: string }, panel: () => PanelHandle | undefined = () => undefined, everyMs = 1000): () => void {
  let last: string | null = null;
  let lastHref: string | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** The first announcement of this document: the background forgets what the tab showed before. */
  let newDocument = true;
  const stop = () => clearInterval(timer);
  const check = () => {
    if (!contextAlive(runtime)) return stop();
    // Once a second on every profile: parse the address only when it changed.
    if (location.href === lastHref) return;
    lastHref = location.href;
    const slug = profileSlug(location.href);
    if (slug === last) return;
    last = slug;
    const shown = panel();
    if (shown) return shown.refresh();
    if (!slug) return;
    const first = newDocument;
    newDocument = false;
    runtime.sendMessage(first ? { type: 'profileSeen', newDocument: true } : { type: 'profileSeen' }).catch(() => {
      // The extension was reloaded or updated: this copy of the script has nobody to talk to.
      if (!contextAlive(runtime)) stop();
    });
  };
  check();
  timer = setInterval(check, everyMs);
  return stop;
}
