// What a page's own script can see of the extension while the person moves around: every change of
// its DOM but the app's own drawing of a profile (its <main>), and every event a script dispatched
// (isTrusted false) in it. Installed at the start of each document (addInitScript, or evaluated).

/** The watch, as source text evaluated in the page before anything else. */
export const PAGE_WATCH = `(() => {
  const w = window;
  w.__changes = [];
  w.__untrusted = [];
  const main = () => document.querySelector('main');
  const watch = () => new MutationObserver((records) => {
    for (const r of records) {
      // The app draws a profile by replacing its main's children: that, and nothing else, is its own.
      if (r.type === 'childList' && r.target === main()) continue;
      if (main() && main().contains(r.target) && r.type === 'childList') continue;
      w.__changes.push(r.type + ' ' + (r.target.nodeName || '') + ' ' + (r.attributeName || ''));
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  // From the parsed document on: the parser's own insertions are not a change.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true }); else watch();
  for (const type of ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'keydown', 'keyup', 'keypress', 'input', 'beforeinput', 'change', 'submit', 'focus', 'blur', 'focusin', 'focusout', 'select'])
    addEventListener(type, (e) => { if (!e.isTrusted) w.__untrusted.push(type + ' ' + ((e.target && e.target.outerHTML) || '').slice(0, 80)); }, true);
})();`;

/** What the page saw: the changes to its DOM outside the app's own drawing, and the events no person made. */
export const PAGE_SAW = `({ changes: window.__changes, untrusted: window.__untrusted, outside: document.documentElement.outerHTML.replace(/<main>[\\s\\S]*<\\/main>/, '<main></main>') })`;

export interface PageSaw {
  changes: string[];
  untrusted: string[];
  /** The document without the app's <main>: the same on every profile when the extension adds nothing. */
  outside: string;
}

/** A hostile page's script: as the person's pointer moves to something else of the page, its Send (of the fixture) goes under it. */
export const MOVE_SEND_UNDER_POINTER = `addEventListener('mousemove', (e) => {
  const send = document.querySelector('[data-send]');
  send.style.cssText = 'position:fixed;left:' + (e.clientX - 20) + 'px;top:' + (e.clientY - 10) + 'px;width:60px;height:24px;z-index:99';
  document.body.append(send);
}, { once: true, capture: true })`;
