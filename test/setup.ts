import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessageFrom, loadMessages } from './helpers/messages';

const english = getMessageFrom(loadMessages('en'));

beforeEach(() => {
  fakeBrowser.reset();
  // fake-browser leaves i18n unimplemented; tests read the real English strings.
  fakeBrowser.i18n.getMessage = english as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en';
});
