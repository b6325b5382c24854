// The popup's queue, decided here and only rendered there: which invitations show, in what
// order, and what each one's pending writes say about it.
import type { NetworkAction } from '../api/schemas';
import type { OutboxEntry } from '../outbox/outbox';
import { profileSlug } from '../network/profile-url';
import { NETWORK_ORIGIN } from '../extension/manifest';
import type { ActionsSnapshot } from '../store/storage';

export type QueueSort = 'oldest' | 'agent';

/** What the outbox still holds for one invitation. */
export interface Pending {
  /** A mark waiting to be delivered (queued, or held for undo). */
  mark?: { outcome: 'sent' | 'failed'; entryId: string; held: boolean; waitingForAgent: boolean };
  /** The note as the person last typed it, not yet on the service. */
  note?: string | null;
}

/** Folds accents and case, so "elodie" finds "Élodie". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Invitations whose prospect's name or company holds every word of the search. */
export function matches(action: NetworkAction, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = fold([prospectLabel(action), action.prospect.company, action.prospect.headline].filter(Boolean).join(' '));
  return words.every((w) => text.includes(w));
}

/**
 * Who an invitation is for, as the lists show it: the prospect's name; else, when the rules could
 * not place a name, the profile's address (`linkedin.com/in/<slug>`); else the action's id.
 */
export function prospectLabel(action: NetworkAction): string {
  const slug = profileSlug(action.prospect.profileUrl);
  return action.prospect.name ?? (slug ? `${new URL(NETWORK_ORIGIN).host.replace(/^www\./, '')}/in/${slug}` : action.id);
}

const created = (a: NetworkAction) => (a.createdAt ? Date.parse(a.createdAt) || 0 : 0);

/** Oldest first (the order agents prepared them), or grouped by agent and oldest first within each. */
export function sortQueue(actions: NetworkAction[], sort: QueueSort, agentLabel: (a: NetworkAction) => string): NetworkAction[] {
  const byAge = (a: NetworkAction, b: NetworkAction) => created(a) - created(b);
  const copy = [...actions];
  return sort === 'agent' ? copy.sort((a, b) => agentLabel(a).localeCompare(agentLabel(b)) || byAge(a, b)) : copy.sort(byAge);
}

/** What the outbox holds, by invitation: its pending mark and its note as typed. */
export function pendingByAction(entries: OutboxEntry[], now: number): Map<string, Pending> {
  const pending = new Map<string, Pending>();
  for (const e of entries) {
    const p = pending.get(e.actionId) ?? {};
    if (e.op === 'call') continue;
    if (e.op === 'updateMessage') p.note = e.body.message;
    else
      p.mark = {
        outcome: e.op === 'markSent' ? 'sent' : 'failed',
        entryId: e.id,
        held: !!e.holdUntil && e.holdUntil > now,
        waitingForAgent: e.waitingFor === 'agent',
      };
    pending.set(e.actionId, p);
  }
  return pending;
}

/** The line on top of the queue: done this session out of done plus still ready. */
export function progress(doneThisSession: number, ready: number): { done: number; total: number } {
  return { done: doneThisSession, total: doneThisSession + ready };
}

/** Agent statuses under which an invitation waits: nothing can be sent for it until the agent goes on. */
const WAITING_STATUSES = ['paused', 'cancelled', 'pending_payment'];

/** Whether an agent's status (as the account lists it; unknown: no) keeps its invitations waiting. */
export const agentWaits = (status: string | undefined): boolean => !!status && WAITING_STATUSES.includes(status);

/**
 * The profile of the next ready action after the one of `slug`, for "Next invitation" (the panel's,
 * the desk's, the shortcut's): never one whose agent waits (`statusOf` its agent's status).
 */
export function nextAfter(
  actions: NetworkAction[],
  slug: string | null,
  statusOf: (agentId: string | undefined) => string | undefined = () => undefined,
): { action: NetworkAction; slug: string } | undefined {
  for (const action of actions) {
    const s = profileSlug(action.prospect.profileUrl);
    if (s && s !== slug && !agentWaits(statusOf(action.agentId))) return { action, slug: s };
  }
  return undefined;
}

/** The invitations of agents that wait, grouped apart by agent (in the order they come), and the others. */
export function splitWaiting(
  actions: NetworkAction[],
  statusOf: (agentId: string | undefined) => string | undefined,
): { going: NetworkAction[]; waiting: { agentId: string | undefined; status: string; actions: NetworkAction[] }[] } {
  const going: NetworkAction[] = [];
  const waiting = new Map<string | undefined, { agentId: string | undefined; status: string; actions: NetworkAction[] }>();
  for (const a of actions) {
    const status = statusOf(a.agentId);
    if (!status || !agentWaits(status)) going.push(a);
    else {
      const group = waiting.get(a.agentId) ?? { agentId: a.agentId, status, actions: [] };
      group.actions.push(a);
      waiting.set(a.agentId, group);
    }
  }
  return { going, waiting: [...waiting.values()] };
}

/** Every ready action known: the polled page, then those read beyond it (when the page was full). */
export function listedActions(page: ActionsSnapshot | null, beyond: ActionsSnapshot | null): NetworkAction[] {
  if (!page) return [];
  const polled = new Set(page.actions.map((a) => a.id));
  const extra = page.full && beyond?.agentFilter === page.agentFilter ? beyond.actions.filter((a) => !polled.has(a.id)) : [];
  return [...page.actions, ...extra];
}
