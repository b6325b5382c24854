// The extension's keyboard shortcuts (the commands API): their names, the keys the manifest
// suggests, and how a page says them. A suggested key is only a wish: the browser leaves it unset
// when it or another extension holds that key, and the person may change it. So nothing shows a key
// from here: the pages show what `commands.getAll()` reports (lib/background/platform.ts).
//
// Why these three keys. Chromium 156 on Linux leaves Alt+Shift+A, B, C, N, P, R, T, W, X and Z unset
// (its own accelerators, split view's N among them: measured by a throwaway extension's getAll(), and
// chrome/browser/ui/views/accelerator_table.cc), and Google Chrome's branded builds also take
// Alt+Shift+I (the feedback form) outside macOS. Ctrl+Shift+<letter> is worse: Chromium takes 15 of
// the 26 and Firefox most of the rest (S screenshot, K console, E network, Y downloads, X text
// direction, V plain paste; U is Linux's Unicode entry). Firefox, on Windows and Linux, lets
// Alt+Shift+<letter> open its menu bar's menu of that access key: F E V S B P T H in English (File,
// Edit, View, History, Bookmarks, Profiles, Tools, Help), A H M O in French, D B A C L X H in German,
// and Alt+D focuses its address bar. J, K and U are in none of these sets, and sit together under the
// right hand on QWERTY, QWERTZ and AZERTY alike: J for the next (j is "next" in the options page's
// lists too), K beside it for the panel, U above them for the desk.
export const SUGGESTED_KEYS = {
  'focus-panel': 'Alt+Shift+K',
  'open-next': 'Alt+Shift+J',
  'open-desk': 'Alt+Shift+U',
} as const;

export type CommandName = keyof typeof SUGGESTED_KEYS;

/** The commands in the order the pages list them. */
const COMMAND_NAMES = Object.keys(SUGGESTED_KEYS) as CommandName[];

/** One command as the browser reports it: `shortcut` is '' when no key is set. */
export interface CommandKey {
  name: string;
  shortcut?: string | undefined;
}

/** Each of our commands with the key the browser set for it, null when none is (never the suggested one). */
export function keysOf(reported: readonly CommandKey[]): { name: CommandName; keys: string | null }[] {
  return COMMAND_NAMES.map((name) => {
    const shortcut = reported.find((c) => c.name === name)?.shortcut?.trim();
    return { name, keys: shortcut ? shortcut : null };
  });
}

/** French keyboards name Shift "Maj"; the browser's own settings page says it so too. */
export function keysIn(keys: string, lang: string): string {
  return lang.toLowerCase().startsWith('fr')
    ? keys
        .split('+')
        .map((k) => (k === 'Shift' ? 'Maj' : k))
        .join('+')
    : keys;
}
