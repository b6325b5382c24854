// Adding the profile the person is on (or a profile link they right-clicked) to an agent
// (spec 000, op 3). The address and identifier come from the browser, never from a page or a form.
import { prepareCall } from '../api/client';
import { ApiError, InvalidRequestError, InvalidResponseError } from '../api/errors';
import { UnreadableError } from '../api/body/unreadable';
import { readActionList } from '../api/reader';
import type { NetworkAction } from '../api/schemas';
import type { ViewCall, ViewWrite } from '../api/view-ops';
import { readWithShape } from '../api/answer-shape';
import { readAddContactAnswer } from '../api/readers/add-contact';
import { readAgentSettings } from '../api/readers/agent-settings';
import { customFields } from '../add-contact/agent-fields';
import { addBody } from '../add-contact/form';
import { addOutcome } from '../add-contact/outcome';
import { KNOWN_FRESH_MS } from '../add-contact/known';
import { lookUpKnown, NothingToSearch, rememberAdded } from '../add-contact/lookup';
import { addressOf, identifierOf, NO_TARGET, targetOf, type ProfileTarget } from '../add-contact/target';
import { elapsedSince } from '../util/clock';
import { outboxView } from '../outbox/store';
import { profileSlug } from '../network/profile-url';
import { agentFieldsItem, knownContactsItem, linkTargetItem } from '../store/storage';
import { itemWriteStatus } from '../views/write-status';
import type { Agents } from './agents';
import { tabOf, type Platform } from './platform';
import type { ReadyList } from './polling';
import type { Service } from './service';
import type { Writes } from './writes';

/** A link chosen from the context menu is offered this long. */
const LINK_TARGET_MS = 30 * 60_000;

/** The invitations being prepared are read again after this long (two requests of the budget). */
const PREPARING_FRESH_MS = 5 * 60_000;
/** Statuses of an invitation of ours not ready yet (spec 000, op 23 lists one status a request). */
const PREPARING_STATUSES = ['pending', 'generating'] as const;
/** The most op 23 lists in one request. */
const PREPARING_LIMIT = 100;
/** Operation 4's answer is kept this long per agent: an agent's fields rarely change. */
const FIELDS_FRESH_MS = 60 * 60_000;
/** The desk looks a profile up only after the person stayed on it this long. */
const DWELL_MS = 1_000;

export type TargetSource = 'tab' | 'link';

export function createAddToAgent(
  p: Pick<Platform, 'now' | 'activeTab' | 'tabInfo' | 'openAddWindow'>,
  service: Service,
  ready: ReadyList,
  writes: Writes,
  agents: Agents,
) {
  /** Invitations of ours not ready yet, as last read; kept in memory only (the worker may stop). */
  let preparing: { at: number; actions: NetworkAction[] } | null = null;

  /** The profile of the chosen link, or of the tab: the one the desk names, else the active one. */
  async function target(source: TargetSource, tabId?: number): Promise<ProfileTarget | null> {
    if (source === 'link') {
      const chosen = await linkTargetItem.getValue();
      return chosen && p.now() - chosen.at < LINK_TARGET_MS ? chosen.target : null;
    }
    const tab = await tabOf(p, tabId);
    return tab ? targetOf(tab.url, tab.title) : null;
  }

  /**
   * The pending and generating invitations (op 23, the first 100 of each), read at most once in
   * PREPARING_FRESH_MS; null when they cannot be read now (budget, service away): nothing is said.
   */
  async function preparingActions(): Promise<NetworkAction[] | null> {
    if (preparing && elapsedSince(preparing.at, p.now()) < PREPARING_FRESH_MS) return preparing.actions;
    if (!(await service.readAllowed())) return null;
    try {
      const lists = await Promise.all(
        PREPARING_STATUSES.map(async (status) => {
          const list = await service.read('listActions', { query: { status, limit: PREPARING_LIMIT } }, (body) => readActionList(body, PREPARING_LIMIT));
          // The service filters by status; a record of another status is not taken as this one.
          return list.actions.filter((a) => a.status === undefined || a.status === status);
        }),
      );
      preparing = { at: p.now(), actions: lists.flat() };
      return preparing.actions;
    } catch {
      return null;
    }
  }

  /** The invitation of ours being prepared for this profile, unless the person is a known contact. */
  async function preparingFor(slug: string) {
    const known = (await knownContactsItem.getValue())[slug];
    // The popup says whose contact the person is: no request for what it already knows.
    if (known?.contact && !known.contact.maybe && elapsedSince(known.at, p.now()) < KNOWN_FRESH_MS) return null;
    const action = (await preparingActions())?.find((a) => profileSlug(a.prospect.profileUrl) === slug);
    if (!action) return null;
    return { agentName: action.agentName ?? (await agents.find(action.agentId))?.name ?? null };
  }

  return {
    /**
     * The profile to add, and the invitation of ours that exists for it: ready, else being prepared
     * (pending or generating), if any.
     */
    async profileTarget(source: TargetSource, tabId?: number) {
      let found = await target(source, tabId);
      if (!found) return null;
      // The desk names its tab, and asks at each change of its address or title: a profile is looked
      // up (account, invitations being prepared, then the form's op 2) only once the person stayed
      // on it a second, so a page rewriting its address spends no request.
      if (tabId !== undefined) {
        const seen = found.slug;
        await new Promise((stayed) => setTimeout(stayed, DWELL_MS));
        found = await target(source, tabId);
        if (found?.slug !== seen) return null;
      }
      // The form offers the agents: read the account if it is not known or stale (one request).
      await agents.refreshIfStale();
      const action = await ready.forProfile(found.slug);
      return {
        ...found,
        invitation: action ? { id: action.id, name: action.prospect.name ?? null, agentName: action.agentName ?? null } : null,
        preparing: action ? null : await preparingFor(found.slug),
      };
    },

    /**
     * Whether the profile is a known contact (lib/add-contact/lookup.ts, op 2 in the views' share of
     * the budget): the page gets the answer, not the list, and carries no reader of contacts.
     * 'no-name': nothing names the person to search by.
     */
    async known(slug: string, name: string | undefined) {
      try {
        return await lookUpKnown(
          { slug, url: addressOf(slug), identifier: identifierOf(slug), name },
          (query) => service.view('listContacts', { query }),
          p.now(),
        );
      } catch (error) {
        if (error instanceof NothingToSearch) return 'no-name' as const;
        // As the page said it when it read the list itself (lib/messaging/request-state.ts).
        throw readable(error);
      }
    },

    /** The agent's own fields the add form asks for (op 4 in the views' share, kept FIELDS_FRESH_MS per agent). */
    async fields(agentId: string) {
      const cached = (await agentFieldsItem.getValue())[agentId];
      if (cached && elapsedSince(cached.at, p.now()) < FIELDS_FRESH_MS) return customFields(cached.settings);
      const settings = await service
        .view('agentSettings', { params: { agentId } })
        .then((body) => readWithShape('agentSettings', body, readAgentSettings))
        .catch((error: unknown) => Promise.reject(readable(error)));
      await agentFieldsItem.setValue({ ...(await agentFieldsItem.getValue()), [agentId]: { at: p.now(), settings } });
      return customFields(settings);
    },

    /**
     * Adds the profile the form showed (`shown`, its slug), read again from the browser: refused when
     * the tab now shows someone else. Stored in the outbox first (queued when the service is away); a
     * refusal is the form's to show. The add is remembered ("Already added") once stored.
     */
    async add(source: TargetSource, shown: string, agentId: string, aiContext: string | undefined, custom: Record<string, string>, tabId?: number) {
      const found = await target(source, tabId);
      if (!found) throw new InvalidRequestError(NO_TARGET, 'network_url', 'empty');
      // The person the form showed, or no one: a page that rewrote its address since gets nobody added.
      if (found.slug !== shown) throw new InvalidRequestError('The tab now shows another profile than the form did', 'shownProfile');
      const call: ViewCall<ViewWrite> = { name: 'addContact', params: { agentId }, body: addBody(found, { aiContext, custom }) };
      prepareCall('addContact', { params: { agentId }, body: call.body as Record<string, string> & { network_url: string } });
      const item = `add:${agentId}:${found.slug}`;
      try {
        const receipt = await writes.call(call, item);
        // Remembered here, before the popup is answered: a popup closed at once would lose it. Not
        // remembered, the add still stands: the contacts list (op 2) tells of it next time.
        const remember = async () => rememberAdded(found.slug, agentId, (await agents.find(agentId))?.name, p.now());
        await remember().catch(() => undefined);
        return { ...receipt, outcome: outcomeOf(receipt) };
      } catch (error) {
        // The form shows the refusal next to its fields and keeps what was typed: the refused
        // write would only be a second copy of it in the popup's list.
        const kept = itemWriteStatus(await outboxView.getValue(), item);
        if (error instanceof ApiError && kept?.state === 'refused') await writes.discard(kept.entryId);
        throw readable(error);
      }
    },

    /** The context menu on a profile link: remember it, and open the form for it. */
    async fromLink(url: string | undefined) {
      const found = targetOf(url);
      if (!found) return;
      await linkTargetItem.setValue({ target: found, at: p.now() });
      await p.openAddWindow();
    },
  };
}

/** An answer the rules could not place, as the page said it when it read the answer itself (lib/messaging/request-state.ts). */
const readable = (error: unknown) => (error instanceof UnreadableError ? new InvalidResponseError(`${error.name}: ${error.message}`) : error);

/** What the add's answer means for the person (op 3): the form says it in words. */
function outcomeOf(receipt: { state: 'saved' | 'queued' | 'held'; answer?: unknown }) {
  return addOutcome(receipt.state, receipt.state === 'saved' && receipt.answer !== undefined ? readAddContactAnswer(receipt.answer) : undefined).kind;
}

export type AddToAgent = ReturnType<typeof createAddToAgent>;
