// Loads the real locale files so that tests see the strings a person would.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateChromeMessages, parseMessagesText } from '@wxt-dev/i18n/build';

export type ChromeMessages = Record<string, { message: string }>;

export function loadMessages(locale: 'en' | 'fr'): ChromeMessages {
  // Tests run from the project root (vitest's root); import.meta.url is not a file URL under happy-dom.
  const text = readFileSync(resolve(process.cwd(), 'locales', `${locale}.yml`), 'utf8');
  return generateChromeMessages(parseMessagesText(text, 'YAML')) as ChromeMessages;
}

/** browser.i18n.getMessage over the given messages: $1..$9 substituted, "" when unknown. */
export function getMessageFrom(messages: ChromeMessages) {
  return (name: string, substitutions?: string | string[]): string => {
    const entry = messages[name];
    if (!entry) return '';
    const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    return entry.message.replace(/\$(\d)/g, (_, d: string) => subs[Number(d) - 1] ?? '').replace(/\$\$/g, '$');
  };
}
