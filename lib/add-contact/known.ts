// Is the person already among the account's contacts? (op 2, searched by name: the service
// does not say it searches profile addresses, so the address is compared here.)
import type { Contact } from '../api/schemas/contacts';
import { CONTACT_STATUSES } from '../api/spec-values';
import { t } from '../i18n';
import { profileSlug } from '../profile-url';
import type { ProfileTarget } from './target';

/** A lookup of the same person (op 2) is trusted this long: it is not repeated within it. */
export const KNOWN_FRESH_MS = 10 * 60_000;

/** What the popup says of a person already known: whose contact, in which status. */
export interface KnownContact {
  id: string;
  agentId?: string | undefined;
  agentName?: string | undefined;
  status?: string | undefined;
}

export function knownContact(contacts: Contact[], target: ProfileTarget): KnownContact | null {
  const found = contacts.find(
    (c) => c.identifier === target.identifier || (c.profileUrl && !c.profileUrl.masked && profileSlug(c.profileUrl.value) === target.slug),
  );
  return found ? { id: found.id, agentId: found.agentId, agentName: found.agentName, status: found.status } : null;
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
