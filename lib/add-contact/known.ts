// Is the person already among the account's contacts? (op 2, searched by name: the service
// does not say it searches profile addresses, so the address is compared here.)
import type { Agent } from '../api/schemas';
import type { FoundContact } from '../api/readers/contact-found';
import { CONTACT_STATUSES } from '../api/spec-values';
import { t } from '../extension/i18n';
import { profileSlug } from '../network/profile-url';
import type { ProfileTarget } from './target';
import type { KnownContact } from '../store/shapes';
export type { KnownContact } from '../store/shapes';

/** A lookup of the same person (op 2) is trusted this long: it is not repeated within it. */
export const KNOWN_FRESH_MS = 10 * 60_000;

/** Lower case, no accents, one space between words. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The same name, or every word of the contact's name in the tab's (a title may add "PhD", an emoji…). */
function sameName(contactName: string, targetName: string): boolean {
  const a = fold(contactName);
  const b = fold(targetName);
  if (!a || !b) return false;
  if (a === b) return true;
  const words = new Set(b.split(' '));
  const own = a.split(' ');
  return own.length >= 2 && own.every((w) => words.has(w));
}

/** Whether the contact's address cannot be compared with the profile's: masked, or not given. */
const uncomparable = (c: FoundContact) => !c.profileUrl || c.profileUrl.masked;

/**
 * The contact this profile is: by identifier or address, for certain; else, among contacts whose
 * address cannot be compared, one of the same name (and company, when both are known), as a maybe.
 */
export function knownContact(contacts: FoundContact[], target: ProfileTarget & { company?: string | undefined }): KnownContact | null {
  const found = contacts.find(
    (c) => c.identifier === target.identifier || (c.profileUrl && !c.profileUrl.masked && profileSlug(c.profileUrl.value) === target.slug),
  );
  if (found) return { id: found.id, agentId: found.agentId, agentName: found.agentName, status: found.status };
  // A profile chosen from a link has no tab title: the slug's words name the person.
  const name = target.name ?? searchTerm(target);
  if (!name) return null;
  const maybe = contacts.find(
    (c) => uncomparable(c) && c.name !== undefined && sameName(c.name, name) && (!target.company || !c.company || fold(c.company) === fold(target.company)),
  );
  if (!maybe?.name) return null;
  return { id: maybe.id, agentId: maybe.agentId, agentName: maybe.agentName, status: maybe.status, maybe: { name: maybe.name, company: maybe.company } };
}

/** The contact's agent by name: the record's, else the account's agent of that id (name, else note), else the id. */
export function agentLabel(contact: Pick<KnownContact, 'agentId' | 'agentName'>, agents: readonly Agent[] | undefined): string | undefined {
  if (contact.agentName) return contact.agentName;
  if (!contact.agentId) return undefined;
  const agent = agents?.find((a) => a.id === contact.agentId);
  return agent?.name ?? agent?.internalNote ?? contact.agentId;
}

/**
 * What to search the contacts for: the name the tab's title gives, else the slug's words
 * (camille-lefevre-4a1b2c → "camille lefevre"); nothing when neither names anyone.
 */
export function searchTerm(target: ProfileTarget): string | undefined {
  if (target.name) return target.name;
  const words = target.slug.split(/[-_.]+/).filter((w) => w && !/\d/.test(w));
  return words.length ? words.join(' ').slice(0, 100) : undefined;
}

/**
 * A contact's status in words, as the options' Contacts view says it; a code the spec does not
 * list is shown as the service sent it rather than hidden.
 */
export function statusWord(code: string): string {
  return (CONTACT_STATUSES as readonly string[]).includes(code) ? t(`contacts.statusWord.${code}`) : code;
}
