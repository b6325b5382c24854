import type { Plugin } from 'vite';

/** Preact's one assignment of markup: `dangerouslySetInnerHTML` (minified: `u.innerHTML=h.__html`). */
const MARKUP = /\b([\w$]+)\.innerHTML=([\w$]+)\.__html\b/g;
const PREACT = /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.(module\.js|mjs)$/;

/**
 * Firefox's linter (web-ext lint, addons-linter) warns of every `innerHTML` set from a value that
 * is not a literal: Preact's renderer sets it only for the `dangerouslySetInnerHTML` prop, which
 * nothing here uses and the in-page panel must never use (the page is untrusted). The build
 * replaces that assignment with an error saying so, which the linter does not flag; the `innerHTML
 * = ""` that clears such markup is a literal and stays. The build fails if Preact's code changes
 * so that the assignment is no longer found, rather than let the warning come back unnoticed.
 */
export function noInnerHtml(): Plugin {
  return {
    name: 'no-inner-html',
    transform(code, id) {
      if (!PREACT.test(id)) return null;
      const out = code.replace(MARKUP, '(()=>{throw Error("dangerouslySetInnerHTML is not supported by this extension")})()');
      if (out === code) this.error(`no-inner-html: Preact's dangerouslySetInnerHTML assignment was not found in ${id}`);
      return { code: out, map: null };
    },
  };
}
