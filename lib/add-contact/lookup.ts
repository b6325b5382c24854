// Whether the profile is already a contact (op 2), with what this extension added itself: an add
// is remembered in local storage until the contacts list shows the person, so "Already added"
// survives a browser restart and the minute before the service lists the new contact.
import { performanceFromAgents, readContactsFound, type PerformanceOf } from '../api/readers/contact-found';
import { UnreadableError } from '../api/body/unreadable';
import { elapsedSince } from '../util/clock';
import { accountItem, addedProfilesItem, agentFieldsItem, knownContactsItem } from '../store/storage';
import { KNOWN_FRESH_MS, knownContact, searchTerm, type KnownContact } from './known';
import type { ProfileTarget } from './target';

/** An add not seen in the contacts list after this long is forgotten (it was refused or removed). */
const ADDED_KEEP_MS = 30 * 24 * 60 * 60_000;
/** The most adds remembered: the oldest go first. */
const ADDED_MAX = 500;

/** Asks op 2 with this query; the popup's backend in practice. */
export type ListContacts = (query: { search: string; per_page: number }) => Promise<unknown>;

export async function rememberAdded(slug: string, agentId: string, agentName: string | undefined, now: number): Promise<void> {
  const kept = Object.entries(await addedProfilesItem.getValue())
    .filter(([s, a]) => s !== slug && elapsedSince(a.at, now) < ADDED_KEEP_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, ADDED_MAX - 1);
  await addedProfilesItem.setValue({ ...Object.fromEntries(kept), [slug]: { at: now, agentId, agentName } });
  await rememberKnown(slug, { id: '', agentId, agentName }, now);
}

/** Neither the page nor the address names the person: the contacts cannot be searched for them. */
export class NothingToSearch extends Error {}

/** The session remembers at most this many look-ups (each KNOWN_FRESH_MS): the latest. */
const KNOWN_MAX = 200;

async function rememberKnown(slug: string, contact: KnownContact | null, now: number): Promise<void> {
  const kept = Object.entries(await knownContactsItem.getValue())
    .filter(([s, k]) => s !== slug && elapsedSince(k.at, now) < KNOWN_FRESH_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, KNOWN_MAX - 1);
  await knownContactsItem.setValue({ ...Object.fromEntries(kept), [slug]: { at: now, contact } });
}

/** The agents' plans as operation 4 (cached per agent by the form) or the account (op 1) last said them. */
async function plans(): Promise<PerformanceOf> {
  const settings = await agentFieldsItem.getValue();
  const fromAccount = performanceFromAgents((await accountItem.getValue())?.account.agents ?? []);
  return (agentId) => settings[agentId]?.settings.performance ?? fromAccount(agentId);
}

/**
 * At most one op 2 per person in ten minutes (it spends the shared request budget). A person the
 * list shows for certain ends the memory of an add; otherwise that memory answers, also when the
 * list cannot be read. Without it, a list that cannot be read, refused or not allowed by the budget
 * is a rejection (never "not known"): the form then asks the person to check first.
 */
export async function lookUpKnown(found: ProfileTarget, list: ListContacts, now: number): Promise<KnownContact | null> {
  const cached = (await knownContactsItem.getValue())[found.slug];
  if (cached && elapsedSince(cached.at, now) < KNOWN_FRESH_MS) return cached.contact;
  const added = (await addedProfilesItem.getValue())[found.slug];
  const fromAdd: KnownContact | null =
    added && elapsedSince(added.at, now) < ADDED_KEEP_MS ? { id: '', agentId: added.agentId, agentName: added.agentName } : null;
  const search = searchTerm(found);
  if (!search) {
    if (fromAdd) return fromAdd;
    throw new NothingToSearch();
  }
  let contact: KnownContact | null;
  try {
    const read = readContactsFound(await list({ search, per_page: 25 }), await plans());
    contact = knownContact(read.contacts, found);
    // "Not a contact" only from a list found whole: a record it could not read may be the person,
    // and an empty list under a total above zero is not the list the service meant.
    if (!contact && (read.skipped > 0 || (!read.contacts.length && (read.page.total ?? 0) > 0))) {
      throw new UnreadableError(
        'listContacts',
        '$',
        `the contacts found cannot say whether ${search} is one (${read.skipped} records not read, total ${read.page.total ?? '—'})`,
      );
    }
  } catch (error) {
    if (fromAdd) return fromAdd;
    throw error;
  }
  if (contact && !contact.maybe && added) {
    const { [found.slug]: _seen, ...rest } = await addedProfilesItem.getValue();
    await addedProfilesItem.setValue(rest);
  }
  const answer = contact && !contact.maybe ? contact : (fromAdd ?? contact);
  await rememberKnown(found.slug, answer, now);
  return answer;
}
