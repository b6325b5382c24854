import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { panelSlot } from '../lib/panel/handle';
import { watchProfile } from '../lib/profile-watch';

export default defineContentScript({
  matches: ['https://www.linkedin.com/in/*'],
  runAt: 'document_idle',
  main() {
    watchProfile(browser.runtime, location, () => panelSlot(window).__invitationAssistantPanel__);
  },
});
