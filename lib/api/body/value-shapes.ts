// Values known by their shape (issue 49), where no word of a family is found: an email address, a
// profile address on the network, a time, a text of words. A list's records are found by them too:
// an answer whose keys are words of another language still holds addresses, times and sentences.
import { profileSlug } from '../../network/profile-url';
import { isNode, some, theOneOf, type Node } from './fold';
import { time } from './values';

export const isEmailAddress = (v: unknown): boolean => typeof v === 'string' && v.length < 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
export const isProfileAddress = (v: unknown): boolean => typeof v === 'string' && v.length <= 2048 && profileSlug(v) !== null;
export const isTime = (v: unknown): boolean => (typeof v === 'string' || isNode(v)) && time(v) !== undefined;
/** A text of at least two words, not an address: a subject, a sentence, a body. */
export const isWords = (v: unknown): boolean => typeof v === 'string' && /\p{L}{2,}\p{P}*\s+\S/u.test(v.slice(0, 200)) && !/^\S+@\S+$/.test(v.trim());
/** A text on several lines, or long: a body rather than a subject. */
export const isLongText = (v: unknown): boolean => typeof v === 'string' && isWords(v) && (/\n/.test(v.trim()) || v.length > 160);
/** A text of one short line: a subject, a name. */
export const isLine = (v: unknown, max = 160): boolean => typeof v === 'string' && v.trim() !== '' && v.length <= max && !/\n/.test(v.trim());

/** Whether one of `o`'s members (or of an object one level down) is shaped as `fits` says. */
export const holds = (o: Node, fits: (v: unknown) => boolean): boolean => some(o, (_, v) => fits(v) || (isNode(v) && some(v, (_, x) => fits(x))));

/** The one member of `o` that `fits`, its key among those not `taken`; undefined when none, or several, fit. */
export const theOne = (o: Node, fits: (v: unknown) => boolean, taken: ReadonlySet<unknown> = new Set()): unknown =>
  theOneOf(o, (_, v) => (taken.has(v) || !fits(v) ? undefined : v));
