import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createController } from '../lib/background/controller';
import { browserPlatform, POLL_ALARM } from '../lib/background/platform';
import { applySandboxPreset } from '../lib/background/sandbox-preset';

export default defineBackground(() => {
  const controller = createController(browserPlatform());

  // Listeners are registered synchronously: the worker may have been woken by one of them.
  // sendResponse and `return true` work in both Chrome and Firefox; a returned promise does not everywhere.
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void controller.handle(message, sender).then(sendResponse);
    return true;
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === POLL_ALARM) void controller.poll();
  });
  browser.runtime.onInstalled.addListener(() => {
    void applySandboxPreset().then(() => controller.start());
  });
  browser.runtime.onStartup.addListener(() => void controller.start());
});
