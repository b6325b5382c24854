// The panel's Open the desk (Chrome only: docs/permissions.md) and the desk's shortcut: the desk is
// opened in the message's or the command's listener itself, before anything is awaited, within the
// person's user action (lib/desk/open.ts). Only the extension's own content script, in the top frame
// of a network tab, is heard; the panel sends it only on a trusted click of the person's.
import { openDeskIn, type DeskApi } from '../desk/open';
import { classifySender, type SenderInfo } from './sender';

export const OPEN_DESK_COMMAND = 'open-desk';

/** Opens the desk when `message` is the panel's Open the desk; says whether it was. */
export function openDeskOnMessage(api: DeskApi, message: unknown, sender: SenderInfo, self: { extensionId: string; extensionOrigin: string }): boolean {
  if ((message as { type?: unknown } | null)?.type !== 'openDesk' || classifySender(sender, self) !== 'content') return false;
  // Firefox refuses it from here (not a user action there): the panel does not offer it.
  openDeskIn(api, sender.tab?.windowId).catch(() => undefined);
  return true;
}
