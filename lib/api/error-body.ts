// What an error answer may show a person. A proxy, a firewall or a login page may answer in HTML:
// such a page is never the service's words, and its markup, styles and scripts are never shown.

/** Markup whose content is not text a person reads: dropped whole, even when cut off unclosed. */
const HIDDEN = /<(head|script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const TAG = /<\/?[a-z!][^>]*(?:>|$)/gi;

/** The text of an answer that may be an HTML page: hidden parts and tags dropped, spaces folded, cut at `max`. */
export function plainText(text: string, max: number): string {
  const flat = text
    .replace(HIDDEN, ' ')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(TAG, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The service's own words when a person can read them as they are: a short sentence, no markup. */
export function shortWords(text: string | undefined): string | undefined {
  const words = text?.replace(/\s+/g, ' ').trim();
  return words && words.length <= 160 && !/<\/?[a-z!][^>]*>/i.test(words) ? words : undefined;
}

/**
 * What opens an unreadable answer's shape in an error's technical detail (lib/api/answer-shape.ts
 * writes it, components/shared/error-details.tsx splits there): here, so that a page showing an
 * error loads no reading rules.
 */
export const SHAPE_MARK = "\n\nThe answer's shape (";
