// What a person saw of an email or a letter before validating it, as a short text (issue 51): the
// validation carries it, and the background compares it with what the service holds before sending.
import type { EmailToValidate } from '../api/schemas/emails';
import type { Letter } from '../api/schemas/letters';
import { canonicalJson } from '../util/canonical-json';

/** cyrb53: a fast non-cryptographic hash; a change is what it must tell, not a forgery. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The texts the email's row shows: its subject, every step, and the lines shown whole beside them. */
export const emailSeen = (e: EmailToValidate): string => hash(canonicalJson([e.subject ?? null, e.steps, e.extra ?? null]));

/** The texts the letter's row shows: its blocks, its address, and the lines shown whole beside them. */
export const letterSeen = (l: Letter): string => hash(canonicalJson([l.blocks, l.address ?? null, l.extra ?? null]));
