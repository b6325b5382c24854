import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { withdrawScript } from '../lib/sent-invitations/in-tab/withdraw';

// Run by the background (scripting.executeScript, isolated world) in a tab showing the Sent
// invitations page, for one withdrawal the person asked for from the desk: it speaks through its
// slot (lib/sent-invitations/in-tab/slot.ts) and draws nothing.
export default defineUnlistedScript(() => withdrawScript(globalThis, document, location.href));
