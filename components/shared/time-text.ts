// Times as every surface says them: one way each (a day, a clock time, a moment), in the UI
// language and the person's time zone, so that a period reads the same in the popup, the desk and
// the options page (lib/util/time-words.ts holds the words; this binds them to the UI language).
// A time is epoch milliseconds or the text a reader kept (ISO 8601); text that is no time stays as it is.
import { uiLanguage } from '../../lib/extension/i18n';
import { clockWords, dayWords, momentWords } from '../../lib/util/time-words';

type At = number | string;

const said = (at: At, words: (ms: number) => string) => {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isNaN(ms) ? String(at) : words(ms);
};

/** "December 1, 2026". */
export const dayText = (at: At) => said(at, (ms) => dayWords(ms, uiLanguage()));
/** "10:42 AM"; with seconds for a step under way. */
export const clockText = (at: At, seconds = false) => said(at, (ms) => clockWords(ms, uiLanguage(), seconds));
/** "Dec 1, 2026, 11:39 PM". */
export const momentText = (at: At) => said(at, (ms) => momentWords(ms, uiLanguage()));
