import { browser } from 'wxt/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { contextAlive } from '../lib/page/extension-context';
import { panelSlot } from '../lib/page/panel/handle';
import { type LoaderWindow, watchProfile } from '../lib/page/profile-watch';

// The content script of every network page, declared in the manifest (lib/extension/manifest.ts) and
// injected into tabs already open on install or update. An unlisted script, not WXT's content
// script: that one's start-up posts the extension's id to the page (docs/page-states.md).
export default defineUnlistedScript(() => {
  const slot = panelSlot(window);
  // Injected on install into a tab where the browser ran it as well (Firefox can): one is enough.
  if (slot.__invitationAssistantLoader__?.()) return;
  const runtime = browser.runtime;
  slot.__invitationAssistantLoader__ = () => contextAlive(runtime);
  watchProfile(runtime, window as unknown as LoaderWindow, () => slot.__invitationAssistantPanel__);
});
