import { render } from 'preact';
import { browser } from 'wxt/browser';
import { DeskApp } from '../../components/desk/desk-app';
import { BackendContext, messagingBackend } from '../../components/shared/backend';
import { browserDesk } from '../../lib/desk/browser-desk';
import { t } from '../../lib/extension/i18n';
import { accountItem, actionsItem, settingsItem, syncStatusItem } from '../../lib/store/storage';
import { getLocalValues } from '../../lib/storage/storage-item';
import '../../components/shared/base.css';
import '../../components/shared/queue.css';
import './style.css';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = t('extName');

// The window it serves: the side panel's (or the sidebar's) own; in a tab, that tab's window, and the
// tab itself is never followed.
const [windowId, own, [snapshot, status, account, settings]] = await Promise.all([
  browser.windows.getCurrent().then((w) => w.id!),
  browser.tabs.getCurrent().then((tab) => tab?.id),
  getLocalValues(actionsItem, syncStatusItem, accountItem, settingsItem),
]);
render(
  <BackendContext.Provider value={messagingBackend(browser)}>
    <DeskApp desk={browserDesk(windowId, own)} initial={{ snapshot, status, account, settings }} />
  </BackendContext.Provider>,
  document.getElementById('app')!,
);
