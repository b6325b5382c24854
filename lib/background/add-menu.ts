// "Add to an agent…" on links to profiles of the network. The browser shows it only on such links
// (targetUrlPatterns) and tells the background the link's address; nothing runs in the page.
import { browser } from 'wxt/browser';
import { t } from '../extension/i18n';

export const ADD_MENU_ID = 'add-profile-to-agent';

/** Menu items outlive the worker; they are created once per install or update. */
export function createAddMenu(): void {
  browser.contextMenus.create(
    {
      id: ADD_MENU_ID,
      title: t('add.menu'),
      contexts: ['link'],
      targetUrlPatterns: ['https://www.linkedin.com/in/*', 'https://linkedin.com/in/*', 'https://*.linkedin.com/in/*'],
    },
    // Created again after an update: "duplicate id" is not a failure.
    () => void browser.runtime.lastError,
  );
}
