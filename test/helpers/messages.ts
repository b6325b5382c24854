// Loads the real locale files so that tests see the strings a person would.
import { readFileSync } from 'node:fs';
import { generateChromeMessages, parseMessagesText } from '@wxt-dev/i18n/build';

export type ChromeMessages = Record<string, { message: string }>;

export function loadMessages(locale: 'en' | 'fr'): ChromeMessages {
  const text = readFileSync(new URL(`../../locales/${locale}.yml`, import.meta.url), 'utf8');
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
