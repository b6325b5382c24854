// The injected panel and the loader content script run in the extension's same isolated world:
// the panel leaves a handle on its window there, and the loader tells it when the profile changes.

export interface PanelHandle {
  /** Asks the background again what this tab's panel shows (the panel injected once more). */
  refresh(): void;
  /** The tab's address changed (whoever changed it): the panel goes unless it still names its prospect. */
  moved(slug: string | null): void;
}

/**
 * What the extension tells a tab's panel (tabs.sendMessage, from the extension only): take the
 * focus (the keyboard shortcut); prepare the invitation as the panel's own button does (Prepare here
 * in the popup, Prepare in the desk: the note the desk shows, and whether the person chose to invite
 * past their weekly cap; `arrival`: the open-next key brought the tab here, so once the page shows the
 * prospect's own card); ask the background again what it shows (a desk opened in the window); or
 * record what the session saw before the tab is taken elsewhere (`settle`, answered once done).
 */
export type PanelMessage =
  | { type: 'focusPanel' }
  | { type: 'prepare'; note?: string | null | undefined; pastCap?: boolean | undefined; arrival?: boolean | undefined }
  | { type: 'refresh' }
  | { type: 'settle' };

/** The window as the extension's scripts see it: the panel's handle while one is shown, and the live loader. */
export const panelSlot = (world: object) =>
  world as { __invitationAssistantPanel__?: PanelHandle | undefined; __invitationAssistantLoader__?: (() => boolean) | undefined };
