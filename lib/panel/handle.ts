// The injected panel and the loader content script run in the extension's same isolated world:
// the panel leaves a handle on its window there, and the loader tells it when the profile changes.

export interface PanelHandle {
  /** Asks the background again what this tab's profile needs; removes the panel when nothing. */
  refresh(): void;
  /**
   * The address changed with no input of the person (a page's script): asks nothing, keeps the
   * panel only while the page still shows its person on a profile address.
   */
  moved(slug: string | null): void;
}

/** The window as the extension's scripts see it: the panel's handle while one is shown, and the live loader. */
export const panelSlot = (world: object) =>
  world as { __invitationAssistantPanel__?: PanelHandle | undefined; __invitationAssistantLoader__?: (() => boolean) | undefined };
