// The page is read when it changes, not on a timer: a MutationObserver on the document and on
// the open shadow roots it holds (the interop outlet draws dialogs in one), throttled.
import { shadowRoots } from '../reader/dom';

/** The attributes whose change can change what the reader finds (menus, dialogs, Send). */
const OPTIONS: MutationObserverInit = {
  childList: true,
  subtree: true,
  attributeFilter: ['aria-expanded', 'aria-hidden', 'hidden', 'disabled', 'aria-disabled', 'aria-label', 'open', 'href'],
};

/** Calls `onChange` at most once every `throttleMs` while the page changes; returns the stop. */
export function watchPage(doc: Document, onChange: () => void, throttleMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Shadow roots attached since are looked for at each change.
  const observeAll = () => {
    for (const root of [doc, ...shadowRoots(doc)]) observer.observe(root, OPTIONS);
  };
  const observer = new MutationObserver(() => {
    timer ??= setTimeout(() => {
      timer = undefined;
      observeAll();
      onChange();
    }, throttleMs);
  });
  observeAll();
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

/**
 * Resolves with `read()`'s first truthy value, read now and at each change of the page (and
 * each second, for changes no observer sees), or with undefined after `timeoutMs`.
 */
export function waitFor<T>(doc: Document, read: () => T | undefined | null | false, timeoutMs: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const check = (last?: boolean) => {
      const value = read();
      if (!value && !last) return;
      stop();
      clearTimeout(deadline);
      clearInterval(poll);
      resolve(value || undefined);
    };
    const stop = watchPage(doc, check, 50);
    const deadline = setTimeout(() => check(true), timeoutMs);
    const poll = setInterval(check, 1000);
    check();
  });
}
