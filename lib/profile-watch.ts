// What runs on every profile page: no DOM, no styles, one message per profile viewed.
import { profileSlug } from './profile-url';

interface Runtime {
  id?: string | undefined;
  sendMessage(message: unknown): Promise<unknown>;
}

/** Announces each profile the tab shows, following in-page navigation; stops with a dead context. */
export function watchProfile(runtime: Runtime, location: { href: string }, everyMs = 1000): () => void {
  let last: string | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => clearInterval(timer);
  const check = () => {
    let alive = false;
    try {
      alive = !!runtime.id;
    } catch {
      alive = false;
    }
    if (!alive) return stop();
    const slug = profileSlug(location.href);
    if (!slug || slug === last) return;
    last = slug;
    runtime.sendMessage({ type: 'profileSeen' }).catch(() => {
      // The extension was reloaded or updated: this copy of the script has nobody to talk to.
      if (!runtime.id) stop();
    });
  };
  check();
  timer = setInterval(check, everyMs);
  return stop;
}
