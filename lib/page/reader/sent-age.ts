// How long ago an invitation was sent, as the Sent page's row says it ("Sent 3 weeks ago",
// "Envoyée il y a 3 semaines", "Vor 3 Wochen gesendet", "Enviada hace 3 semanas").
import { norm } from './dom';
import { SENT } from './labels';

export interface SentAge {
  /** The words the row shows, as shown. */
  text: string;
  /**
   * About how many days ago, rounded down as the page rounds ("3 weeks" is 21): undefined when
   * the words are not known. Minutes and hours count as 0 days.
   */
  days: number | undefined;
}

const UNITS = SENT.ageUnits.map(([days, unit]) => [days, new RegExp(`^(?:${unit})$`, 'u')] as const);
// The unit is looked ahead, not taken: in "il y a une semaine", "a une" is tried before "une semaine".
const COUNT = new RegExp(`(?<!\\p{L})(\\d+|${SENT.one.join('|')})\\s+(?=(\\p{L}+))`, 'gu');

/** The days a relative time names ("3 weeks ago" → 21, "yesterday" → 1), or undefined when no known words say one. */
function daysIn(text: string): number | undefined {
  if (SENT.today.test(text)) return 0;
  if (SENT.yesterday.test(text)) return 1;
  if (!SENT.ago.test(text)) return undefined;
  for (const [, count, word] of text.matchAll(COUNT)) {
    const unit = UNITS.find(([, re]) => re.test(word ?? ''));
    if (unit) return (/^\d+$/.test(count ?? '') ? Number(count) : 1) * unit[0];
  }
  return undefined;
}

/**
 * The age a text gives, when it is an invitation's: the text says "sent" and a relative time in
 * one of the four languages, or (`timeElement`) it is the text of a <time> element, whose role
 * says it is a time, in any words. Undefined otherwise (a headline that mentions weeks is no age).
 */
export function parseSentAge(shown: string, timeElement = false): SentAge | undefined {
  const text = norm(shown);
  if (!text || !(timeElement || SENT.sentVerb.test(text))) return undefined;
  const days = daysIn(text);
  return days === undefined && !timeElement ? undefined : { text: shown.replace(/\s+/g, ' ').trim(), days };
}

/**
 * The age a row shows: the innermost of its texts (no button's) that gives one, a <time>
 * element's first. Two that disagree give an age whose days are unknown.
 */
export function readSentAge(row: Element): SentAge | undefined {
  const found = [...row.querySelectorAll('time'), ...row.querySelectorAll('p, span, div')]
    .filter((el) => !el.closest('button'))
    .map((el) => [el, parseSentAge(el.textContent ?? '', el.tagName === 'TIME')] as const)
    .filter((pair): pair is readonly [Element, SentAge] => !!pair[1]);
  const inner = found.filter(([el]) => !found.some(([other]) => other !== el && el.contains(other))).map(([, age]) => age);
  const [first] = inner;
  if (!first) return undefined;
  return inner.some((age) => age.days !== first.days) ? { text: first.text, days: undefined } : first;
}
