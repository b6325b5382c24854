// Opening the desk. Both browsers open it only within a user action, and lose that as soon as the
// code awaits anything: call these in the click (or the shortcut's listener), first.
// Chrome: `sidePanel.open` with the window, from an extension page's click, a shortcut, or a message
// a content script sent from the person's click (checked: Chromium 156 opens it from the listener
// itself, and refuses it a microtask later). Firefox: `sidebarAction.open`, from an extension page's
// click or a shortcut; a content script's message is no user action there (MDN, "User actions").

/** What opening the desk needs of the browser. */
export interface DeskApi {
  sidePanel?: { open(options: { windowId: number }): Promise<void> } | undefined;
  sidebarAction?: { open(): Promise<void> } | undefined;
}

/** Whether this browser has a desk to open (Chrome's side panel, Firefox's sidebar; Firefox for Android has neither). */
export const canOpenDesk = (api: DeskApi): boolean => typeof api.sidebarAction?.open === 'function' || typeof api.sidePanel?.open === 'function';

/** Opens the desk in the window now (Firefox: the window of the user action). */
export function openDeskIn(api: DeskApi, windowId: number | undefined): Promise<void> {
  if (typeof api.sidebarAction?.open === 'function') return api.sidebarAction.open();
  if (typeof api.sidePanel?.open === 'function' && windowId !== undefined) return api.sidePanel.open({ windowId });
  return Promise.reject(new Error('This browser cannot open the desk here'));
}

/** A window as the windows API gives it: a browser window is `normal`; the demo's popup and the add form's are `popup`. */
export interface WindowInfo {
  id?: number | undefined;
  type?: string | undefined;
}

/**
 * The window the desk opens in from a page shown in `current`, found before the click; null: none,
 * and Work beside the page is not offered. A window of the popup type has no side panel or sidebar
 * (in the demo's popup window, the desk opened nowhere and the window closed): Chrome opens the side
 * panel of the browser window the person last used; Firefox's sidebar opens only in the window of
 * the click, so there is none.
 */
export async function deskWindowFrom(
  api: DeskApi,
  current: WindowInfo,
  lastBrowserWindow: () => Promise<WindowInfo | undefined>,
): Promise<number | undefined | null> {
  if (current.type === undefined || current.type === 'normal') return current.id;
  if (typeof api.sidebarAction?.open === 'function') return null;
  const other = await lastBrowserWindow().catch(() => undefined);
  return other?.type === 'normal' && other.id !== undefined ? other.id : null;
}
