import { render } from 'preact';
import { browser } from 'wxt/browser';
import { BackendContext, messagingBackend } from '../../components/shared/backend';
import { OptionsApp } from '../../components/options/options-app';
import { t } from '../../lib/extension/i18n';
import { accountItem } from '../../lib/store/storage';
import '../../components/shared/base.css';
import './style.css';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = t('options.title');

const account = await accountItem.getValue();
render(
  <BackendContext.Provider value={messagingBackend(browser)}>
    <OptionsApp initial={{ account }} />
  </BackendContext.Provider>,
  document.getElementById('app')!,
);
