// First: its storage read starts before the other modules evaluate.
import { initialValues } from './early-read';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { BackendContext, messagingBackend } from '../../components/shared/backend';
import { PopupApp } from '../../components/popup/popup-app';
import { t } from '../../lib/extension/i18n';
import '../../components/shared/base.css';
import '../../components/shared/queue.css';
import './style.css';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = t('extName');

// Opened by the context menu's "Add to an agent…" (#add): the form is for the link's profile.
// One storage read (one call) before the first paint, so the list appears at once, never an empty flash.
const [snapshot, status, account, settings] = await initialValues;
render(
  <BackendContext.Provider value={messagingBackend(browser)}>
    <PopupApp initial={{ snapshot, status, account, settings }} addSource={location.hash === '#add' ? 'link' : 'tab'} />
  </BackendContext.Provider>,
  document.getElementById('app')!,
);
