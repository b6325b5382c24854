// Adding the profile the person is on (or a profile link they right-clicked) to an agent
// (spec 000, op 3). The address and identifier come from the browser, never from a page or a form.
import { prepareCall } from '../api/client';
import { ApiError, InvalidRequestError } from '../api/errors';
import type { ViewCall, ViewWrite } from '../api/view-ops';
import { addBody } from '../add-contact/form';
import { NO_TARGET, targetOf, type ProfileTarget } from '../add-contact/target';
import { outboxView } from '../outbox/store';
import { linkTargetItem } from '../storage';
import { itemWriteStatus } from '../views/write-status';
import type { Agents } from './agents';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import type { Writes } from './writes';

/** A link chosen from the context menu is offered this long. */
const LINK_TARGET_MS = 30 * 60_000;

export type TargetSource = 'tab' | 'link';

export function createAddToAgent(p: Pick<Platform, 'now' | 'activeTab' | 'openAddWindow'>, ready: ReadyList, writes: Writes, agents: Agents) {
  async function target(source: TargetSource): Promise<ProfileTarget | null> {
    if (source === 'link') {
      const chosen = await linkTargetItem.getValue();
      return chosen && p.now() - chosen.at < LINK_TARGET_MS ? chosen.target : null;
    }
    const tab = await p.activeTab();
    return tab ? targetOf(tab.url, tab.title) : null;
  }

  return {
    /** The profile to add, and the invitation of ours that exists for it (ready), if any. */
    async profileTarget(source: TargetSource) {
      const found = await target(source);
      if (!found) return null;
      // The form offers the agents: read the account if it is not known or stale (one request).
      await agents.refreshIfStale();
      const action = await ready.forProfile(found.slug);
      return { ...found, invitation: action ? { id: action.id, name: action.prospect.name ?? null, agentName: action.agentName ?? null } : null };
    },

    /** Stored in the outbox first (queued when the service is away); a refusal is the form's to show. */
    async add(source: TargetSource, agentId: string, aiContext: string | undefined, custom: Record<string, string>) {
      const found = await target(source);
      if (!found) throw new InvalidRequestError(NO_TARGET, 'network_url', 'empty');
      const call: ViewCall<ViewWrite> = { name: 'addContact', params: { agentId }, body: addBody(found, { aiContext, custom }) };
      prepareCall('addContact', { params: { agentId }, body: call.body as Record<string, string> & { network_url: string } });
      const item = `add:${agentId}:${found.slug}`;
      try {
        return await writes.call(call, item);
      } catch (error) {
        // The form shows the refusal next to its fields and keeps what was typed: the refused
        // write would only be a second copy of it in the popup's list.
        const kept = itemWriteStatus(await outboxView.getValue(), item);
        if (error instanceof ApiError && kept?.state === 'refused') await writes.discard(kept.entryId);
        throw error;
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

export type AddToAgent = ReturnType<typeof createAddToAgent>;
