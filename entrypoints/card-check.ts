import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { cardCheckScript } from '../lib/sent-invitations/in-tab/card-check';

// Run by the background (scripting.executeScript, isolated world) on the profile of an invitation
// sent through the extension, at most once a day: reads the card's state (accepted?), draws nothing.
export default defineUnlistedScript(() => cardCheckScript(globalThis, document, () => location.href));
