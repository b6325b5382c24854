import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { sentReadScript } from '../lib/sent-invitations/in-tab/sent-read';

// Run by the background (scripting.executeScript, isolated world) in a tab showing the Sent
// invitations page while the desk lists its old invitations: reads the rows, draws nothing.
export default defineUnlistedScript(() => sentReadScript(globalThis, document, location.href));
