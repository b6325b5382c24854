// The injected panel and the loader content script run in the extension's same isolated world:
// the panel leaves a handle on its window there, and the loader tells it when the profile changes.

export const PANEL_HANDLE = '__invitationAssistantPanel__';

export interface PanelHandle {
  /** Asks the background again what this tab's profile needs; removes the panel when nothing. */
  refresh(): void;
}

type Slots = Record<string, PanelHandle | undefined>;

export const panelHandle = (world: object): PanelHandle | undefined => (world as Slots)[PANEL_HANDLE];

export function setPanelHandle(world: object, handle: PanelHandle | undefined): void {
  if (handle) (world as Slots)[PANEL_HANDLE] = handle;
  else delete (world as Slots)[PANEL_HANDLE];
}
