import { i18n } from '#i18n';

/** i18n.t with a plain string key, for keys built from codes (error kinds, reasons). */
export function t(key: string, substitutions?: (string | number)[]): string {
  return (i18n.t as (k: string, s?: string[]) => string)(key, substitutions?.map(String));
}

/** Plural form: messages hold "one | other" and $1 is the count. */
export function tn(key: string, count: number): string {
  return (i18n.t as (k: string, n: number) => string)(key, count);
}
