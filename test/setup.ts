import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { configure } from '@testing-library/preact';
import { beforeEach, expect, inject } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { replayReporter } from './helpers/fc-seed';
import { getMessageFrom, loadMessages } from './helpers/messages';

// Every property test draws from the run's one seed (test/global-setup.ts) and says how to replay.
fc.configureGlobal({ seed: inject('fcSeed'), reporter: replayReporter(() => expect.getState().testPath) });

// Component tests drive the real controller and sandbox; on a loaded 2-core machine (CI, a build
// beside it) an answer can take longer than Testing Library's 1 s default, which made them fail
// for no fault of the code. A wait's bound, not a timing assertion: a pass is not slower.
configure({ asyncUtilTimeout: 5_000 });

const english = getMessageFrom(loadMessages('en'));

beforeEach(() => {
  fakeBrowser.reset();
  // fake-browser leaves i18n unimplemented; tests read the real English strings.
  fakeBrowser.i18n.getMessage = english as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en';
});
