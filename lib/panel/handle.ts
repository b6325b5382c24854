// The injected panel and the loader content script run in the extension's same isolated world:
// the panel leaves a handle on its window there, and the loader tells it when the profile changes.

export interface PanelHandle {
  /** Asks the background again what this tab's profile needs; removes the panel when nothing. */
  refresh(): void;
}

/** The window as the extension's scripts see it, holding the panel's handle while one is shown. */
export const panelSlot = (world: object) => world as { __invitationAssistantPanel__?: PanelHandle | undefined };
