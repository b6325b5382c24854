// Each agent's status (op 1), so that the popup and the panel say before a send, not after it,
// that an invitation's agent is paused or cancelled, and the ready count puts its invitations
// apart. Read with each poll, so that a pause or a resume on the service shows within one poll.
import { readAccount } from '../api/reader';
import { elapsedSince } from '../util/clock';
import type { Agent } from '../api/schemas';
import { singleFlight } from '../util/single-flight';
import { accountItem, keyRejectedItem } from '../store/storage';
import type { Platform } from './platform';
import type { Service } from './service';

/**
 * The account (and its agents' statuses) is read again when older than this: shorter than the
 * shortest poll period (30 s), so each poll reads it (one request a minute at the default period,
 * within the budget), yet polls that follow each other at once (a Refresh, a page opened) share one.
 */
export const AGENTS_MAX_AGE_MS = 20_000;

export interface Agents {
  /**
   * Reads the account when the kept one is older than AGENTS_MAX_AGE_MS; quiet on failure. Says
   * whether an agent came back to active since the last read (marks held for it may go now).
   */
  refreshIfStale(): Promise<boolean>;
  /** The agent as last read, if the account lists it. */
  find(agentId: string | undefined): Promise<Agent | undefined>;
}

/** `changed`: a status read differs from the one kept (or none was): the badge counts again. */
export function createAgents(p: Pick<Platform, 'now'>, service: Service, changed: () => Promise<void> = async () => {}): Agents {
  async function refreshOnce(): Promise<boolean> {
    const [kept, rejected] = await Promise.all([accountItem.getValue(), keyRejectedItem.getValue()]);
    if (rejected || (kept && elapsedSince(kept.verifiedAt, p.now()) < AGENTS_MAX_AGE_MS)) return false;
    if (!(await service.readAllowed())) return false;
    try {
      const account = await service.read('account', {}, readAccount);
      await accountItem.setValue({ account, verifiedAt: p.now() });
      const before = new Map(kept?.account.agents.map((a) => [a.id, a.status]));
      if (!kept || account.agents.some((a) => before.get(a.id) !== a.status)) await changed().catch(() => undefined);
      return account.agents.some((a) => a.status === 'active' && before.has(a.id) && before.get(a.id) !== 'active');
    } catch {
      // The statuses kept (or none) stay shown; the service's own refusal of a write still tells.
      return false;
    }
  }

  // Polls that overlap share one read.
  const refreshes = singleFlight(refreshOnce);
  const refreshIfStale = () => refreshes.run();

  async function find(agentId: string | undefined): Promise<Agent | undefined> {
    if (!agentId) return undefined;
    return (await accountItem.getValue())?.account.agents.find((a) => a.id === agentId);
  }

  return { refreshIfStale, find };
}
