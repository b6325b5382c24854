// The extension's own messages, read straight from browser.i18n. @wxt-dev/i18n still generates
// the locale files at build time; its runtime costs the in-page panel 0.4 kB gzip for what
// these few lines do.
import { browser } from 'wxt/browser';

/** A message by key ("panel.state.connect"); message names allow no dot, so dots become underscores. */
export function t(key: string, substitutions?: (string | number)[]): string {
  // Keys are often built from codes (error kinds, reasons); the completeness test checks they exist.
  const i18n = browser.i18n as { getMessage(name: string, subs?: string[]): string };
  return i18n.getMessage(key.replaceAll('.', '_'), substitutions?.map(String));
}

/**
 * Plural form: messages hold "one | other" (or "zero | one | other") and $1 is the count ($2… the
 * `more`). `translate`: the background's own t (its platform's), else the pages' one.
 */
export function tn(key: string, count: number, more: (string | number)[] = [], translate: typeof t = t): string {
  const forms = translate(key, [count, ...more]).split(' | ');
  return (forms.length === 3 ? forms[Math.min(count, 2)] : forms[count === 1 ? 0 : forms.length - 1])!;
}

/** "note-quota-reached" → "noteQuotaReached": message names allow no hyphen. */
export const camel = (code: string) => code.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

/** The browser's interface language ("fr", "en-US"): the language the extension's messages are in. */
export const uiLanguage = (): string => (browser.i18n as { getUILanguage(): string }).getUILanguage();
