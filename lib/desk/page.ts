// The desk's page and how the background finds it. Chrome reports a side panel's context with no
// window (windowId -1), so the desk writes its window into its own address (`desk.html?window=<id>`,
// history.replaceState: nothing is loaded), where `runtime.getContexts` (Chrome) and
// `extension.getViews` (Firefox) show it. The same holds for the desk opened in a tab (the tests do).

const DESK_PATH = '/desk.html';

/** What the background tells the desks: a tab's injected script is there, its session may be followed. */
export interface DeskNotice {
  type: 'assistShown';
  tabId: number;
}

/** The window a desk document says it serves, from its address; null when the address is not a desk's. */
export function deskWindowOf(url: string | undefined): number | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const id = Number(u.searchParams.get('window') ?? Number.NaN);
  return u.pathname === DESK_PATH && Number.isInteger(id) ? id : null;
}

/** The desk's own address once it knows its window. */
export const deskSearch = (windowId: number) => `?window=${windowId}`;
