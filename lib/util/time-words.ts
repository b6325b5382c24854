// A time the service sent as text (an ISO 8601 string a record's line holds, "2026-12-01T22:39:35.043Z"),
// said as a person says it: the date and time in their own time zone and language, and how long
// ago or ahead, in the words of Intl (the UI language's). Any other text is not a time: null.

/** A date-time with its offset (Z or ±hh:mm), or a date alone: what the service writes. */
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** The units of "… ago", each with its length in seconds, largest first. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "2 hours ago", "yesterday", "in 3 days" (the UI language's words), for a time `seconds` from now. */
export function relativeWords(seconds: number, lang: string): string {
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const [unit, length] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  // Rounded away from zero at the half, ahead or behind alike (Math.round takes -1.5 to -1).
  return rtf.format(Math.sign(seconds) * Math.round(Math.abs(seconds) / length), unit);
}

/**
 * `value` as words when it is a time: "1 December 2026 at 23:39 (2 hours ago)". A date alone is a
 * day, not a moment: no hour, and no zone moves it. `timeZone`: the person's (the browser's) unless given.
 */
export function timeWords(value: string, lang: string, now: number, timeZone?: string): string | null {
  const text = value.trim();
  if (!ISO.test(text)) return null;
  const dateOnly = text.length === 10;
  const at = Date.parse(dateOnly ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
  if (Number.isNaN(at)) return null;
  const when = new Intl.DateTimeFormat(lang, dateOnly ? { dateStyle: 'long', timeZone: 'UTC' } : { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    at,
  );
  if (dateOnly) return when;
  return `${when} (${relativeWords((at - now) / 1000, lang)})`;
}

/** A day in full ("December 1, 2026", "1 décembre 2026"): when something was recorded. */
export const dayWords = (at: number, lang: string, timeZone?: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone }).format(at);

/** A clock time to the minute ("10:42 AM", "10:42"); `seconds` for a step that takes seconds. */
export const clockWords = (at: number, lang: string, seconds = false, timeZone?: string) =>
  new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), timeZone }).format(at);

/** A day and its time, short ("Dec 1, 2026, 11:39 PM", "1 déc. 2026, 23:39"): when a record was made. */
export const momentWords = (at: number, lang: string, timeZone?: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
