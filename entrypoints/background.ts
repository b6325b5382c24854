import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createController } from '../lib/background/controller';
import { browserPlatform, OUTBOX_ALARM, POLL_ALARM } from '../lib/background/browser-platform';
import { applySandboxPreset } from '../lib/background/sandbox-preset';
import { restrictStorageToTrustedContexts } from '../lib/background/storage-access';
import { injectLoaderIntoOpenTabs } from '../lib/background/open-tabs';
import { ADD_MENU_ID, createAddMenu } from '../lib/background/add-menu';
import { installedSteps } from '../lib/background/installed';
import { welcomeOnInstall } from '../lib/background/welcome';
import { migrate } from '../lib/store/migrations';
import { OPEN_DESK_COMMAND, openDeskOnMessage } from '../lib/background/desk-open';
import { openDeskIn } from '../lib/desk/open';

export default defineBackground(() => {
  // `npm run bench`: the bundle is evaluated when this runs (the worker's wake, issue 24). Store builds leave this out.
  if (import.meta.env.MODE === 'sandbox') Object.assign(globalThis, { __evaluatedAt: performance.now() });
  // Chrome: content scripts may not read extension storage, where the API key lives. Nothing is
  // handled, and so nothing stored, before the browser has applied that, and before stored data
  // has the shape this version reads (a failed migration is tried again at the next wake).
  const storageClosed = restrictStorageToTrustedContexts()
    .then(migrate)
    .catch((error: unknown) => console.error('Stored data could not be migrated', error));
  const once =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A) =>
      storageClosed.then(() => run(...args));
  // The platform wakes the outbox; the controller is created right after, hence the indirection.
  const controller = createController(browserPlatform(() => void deliver()));
  const deliver = once(controller.deliver);
  const start = once(controller.start);

  // Listeners are registered synchronously: the worker may have been woken by one of them.
  // sendResponse and `return true` work in both Chrome and Firefox; a returned promise does not everywhere.
  const self = { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/').replace(/\/$/, '') };
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    // The panel's Open the desk: here and now, inside the person's click (a promise later, Chrome refuses).
    openDeskOnMessage(browser, message, sender, self);
    void once(controller.handle)(message, sender).then(sendResponse);
    return true;
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === POLL_ALARM) void once(controller.poll)();
    if (alarm.name === OUTBOX_ALARM) void deliver();
  });
  browser.tabs.onRemoved.addListener((tabId) => void once(controller.tabClosed)(tabId));
  browser.commands.onCommand.addListener((name, tab) => {
    // The desk's shortcut opens it at once, inside the key press (lib/desk/open.ts).
    if (name === OPEN_DESK_COMMAND) openDeskIn(browser as Parameters<typeof openDeskIn>[0], tab?.windowId).catch(() => undefined);
    else void once(controller.command)(name);
  });
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId === ADD_MENU_ID) void once(controller.linkChosen)(info.linkUrl);
  });
  // A demo build sets its key first (store builds leave the preset out).
  const preset = import.meta.env.MODE === 'sandbox' ? once(applySandboxPreset)() : Promise.resolve(false);
  browser.runtime.onInstalled.addListener(({ reason }) => {
    const steps = installedSteps(reason);
    if (steps.menu) createAddMenu();
    // Network tabs open before the install or update get the loader without a reload.
    if (reason === 'install' || reason === 'update')
      void injectLoaderIntoOpenTabs({
        query: (url) => browser.tabs.query({ url }),
        inject: (tabId) => browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['/loader.js'] }),
      });
    if (steps.start) void start();
    void preset.then(() => welcomeOnInstall(reason)).catch(() => undefined);
  });
  browser.runtime.onStartup.addListener(() => void start());
  // The end-to-end tests stand in for a person choosing the context menu item, which no driver can
  // click; store builds leave this out.
  if (import.meta.env.MODE === 'sandbox') Object.assign(globalThis, { __linkChosen: once(controller.linkChosen) });
  // A demo build run again on another port follows its sandbox. Store builds leave this out.
  void preset.then((changed) => (changed ? start() : undefined));
  // Whatever woke the worker, writes left in the outbox go out when due.
  void deliver();
});
