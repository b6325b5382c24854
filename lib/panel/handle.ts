// The injected panel and the loader content script run in the extension's same isolated world:
// the panel leaves a handle on its window there, and the loader tells it when the profile changes.

export interface PanelHandle {
  /** Asks the background again what this tab's panel shows (the panel injected once more). */
  refresh(): void;
  /** The tab's address changed (whoever changed it): the panel goes unless it still names its prospect. */
  moved(slug: string | null): void;
}

/**
 * What the background tells a tab's panel (tabs.sendMessage, from the extension only): take the
 * focus (the keyboard shortcut), or prepare the invitation as the panel's own button does (Prepare
 * here in the popup; any extension page may drive the flow this way).
 */
export type PanelMessage = { type: 'focusPanel' } | { type: 'prepare' };

/** The window as the extension's scripts see it: the panel's handle while one is shown, and the live loader. */
export const panelSlot = (world: object) =>
  world as { __invitationAssistantPanel__?: PanelHandle | undefined; __invitationAssistantLoader__?: (() => boolean) | undefined };
