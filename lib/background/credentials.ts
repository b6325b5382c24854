// The service's address and the API key: saved, shown by their last four characters, and
// verified as spec 001 verifies a credential (one call, itself rate limited). The key is bound to
// the origin it was entered for: another origin needs the key typed again (a message saying "our
// API moved, change the address" must not collect keys), and the writes made for the old service
// wait until the person sends them to the new one or discards them.
import { ApiError, InvalidRequestError, RateLimitedError } from '../api/errors';
import { readAccount } from '../api/reader';
import type { Account } from '../api/schemas';
import { elapsedSince, notAhead } from '../util/clock';
import { normalizeServiceUrl, originPattern } from '../api/service-url';
import { singleFlight } from '../util/single-flight';
import {
  accountItem,
  actionsItem,
  apiKeyItem,
  keyRejectedAtItem,
  keyRejectedItem,
  moreActionsItem,
  routesItem,
  settingsItem,
  verificationItem,
  weeklyStatsItem,
} from '../store/storage';
import { verificationWait, VERIFY_WINDOW_MS } from '../api/verification-budget';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import type { Candidate, Service } from './service';
import type { SyncStatus } from './sync-status';
import type { Writes } from './writes';

interface CredentialsInfo {
  baseUrl: string;
  hasKey: boolean;
  /** The key's last four characters, so a person can tell keys apart without seeing one. */
  keyHint: string | null;
  /** The service's origin the saved key was entered for: it is sent to no other. */
  keyOrigin: string | null;
}

export interface Credentials {
  info(): Promise<CredentialsInfo>;
  /**
   * Verifies, then saves (the first run's Connect). A new key or address is tried before anything
   * is stored: one the service rejects (401) is not kept as if it worked, nothing saved before is
   * changed or forgotten, nothing else is sent with it, and the 401 is thrown. Any other failure
   * (the service cannot be reached…) says nothing of the key: it is saved, and the failure thrown.
   * Without a new key, the saved one is used only for the origin it was entered for: another origin
   * is refused before anything is sent (the key must be typed again).
   */
  connect(baseUrl: string, apiKey: string | undefined): Promise<Account>;
  /** Asks the service, always (within spec 001's budget); callers during one share its answer. */
  verify(): Promise<Account>;
  /** While the key is rejected: one verification a quarter hour tells a recovered service from a revoked key. */
  recheckIfDue(): Promise<void>;
}

/** An address and key asked for, and what they change of those saved. */
type Target = Candidate & {
  origin: string;
  serviceChanged: boolean;
  keyChanged: boolean;
  /** The origin the saved key was entered for, when this is another one. */
  leftOrigin: string | null;
};

/** While the key is rejected, the background asks again this often. */
export const RECHECK_MS = 15 * 60_000;

interface Deps {
  service: Service;
  status: SyncStatus;
  ready: ReadyList;
  writes: Pick<Writes, 'resume' | 'holdFor'>;
}

export function createCredentials(p: Pick<Platform, 'now' | 'keepOnlyOrigin'>, { service, status, ready, writes }: Deps): Credentials {
  async function info(): Promise<CredentialsInfo> {
    const [settings, saved] = await Promise.all([settingsItem.getValue(), apiKeyItem.bound()]);
    return { baseUrl: settings.baseUrl, hasKey: !!saved, keyHint: saved ? saved.key.slice(-4) : null, keyOrigin: saved?.origin ?? null };
  }

  /** The address and key asked for (the saved key when none is given), and what they change. */
  async function target(baseUrl: string, newKey: string | undefined): Promise<Target> {
    const base = normalizeServiceUrl(baseUrl);
    if (!base.ok) throw new InvalidRequestError(base.problem, 'baseUrl');
    const [settings, saved] = await Promise.all([settingsItem.getValue(), apiKeyItem.bound()]);
    const typed = newKey?.trim();
    if (!typed && !saved) throw new InvalidRequestError('empty', 'apiKey');
    // A saved key bound to no origin (an earlier version's, no address saved) is bound to this one.
    if (!typed && saved?.origin && saved.origin !== base.origin) {
      throw new InvalidRequestError('The saved key was entered for another service', 'keyOrigin', 'empty');
    }
    const apiKey = typed || (saved?.key as string);
    return {
      baseUrl: base.url,
      origin: base.origin,
      apiKey,
      serviceChanged: base.url !== settings.baseUrl,
      keyChanged: apiKey !== saved?.key || saved.origin !== base.origin,
      leftOrigin: saved?.origin && saved.origin !== base.origin ? saved.origin : null,
    };
  }

  /** Stores the address and key; another key or service forgets what was learnt of the old one. */
  async function store({ baseUrl, origin, apiKey, serviceChanged, keyChanged, leftOrigin }: Target): Promise<void> {
    // Before the address changes: nothing made for the old service may go to the new one unasked.
    if (leftOrigin) await writes.holdFor(leftOrigin);
    await settingsItem.setValue({ ...(await settingsItem.getValue()), baseUrl });
    if (keyChanged) await apiKeyItem.setValue(apiKey, origin);
    // The permission granted for an address no longer set is given back.
    if (leftOrigin) await p.keepOnlyOrigin(originPattern(origin)).catch(() => undefined);
    if (serviceChanged || keyChanged) {
      // Another key or service is another account: nothing learnt about the old one holds.
      await Promise.all([
        keyRejectedItem.setValue(false),
        actionsItem.setValue(null),
        moreActionsItem.setValue(null),
        accountItem.setValue(null),
        weeklyStatsItem.setValue(null),
        ...(serviceChanged ? [routesItem.setValue({ methods: {} })] : []),
      ]);
      // Writes held after a 401 go out with the new key.
      await writes.resume();
      void ready.poll(true);
    }
  }

  /** Asks the service with the saved key, or with a candidate's (then nothing is stored here). */
  async function verifyOnce(candidate?: Candidate): Promise<Account> {
    const now = p.now();
    const log = await verificationItem.getValue();
    // Verifications stored ahead of the clock (it went back) count as made now, and are stored so:
    // the budget then frees a quarter hour from now, not hours later.
    const at = log.at.map((t) => notAhead(t, now));
    if (at.some((t, i) => t !== log.at[i])) await verificationItem.setValue({ at });
    const wait = verificationWait(at, now);
    if (wait > 0) throw new RateLimitedError('Too many verifications', 429, wait, undefined);
    const spent = () => verificationItem.setValue({ at: [...at.filter((t) => t > p.now() - VERIFY_WINDOW_MS), p.now()] });
    try {
      let account: Account;
      try {
        account = await (candidate ? service.readAs(candidate, 'account', {}, readAccount) : service.read('account', {}, readAccount));
      } catch (error) {
        // Nothing was sent without a key or a permission, or while the request budget held it
        // back (a limit error of status 0): the verification budget is untouched then.
        const unsent =
          error instanceof ApiError && (error.kind === 'not-configured' || error.kind === 'permission' || (error.kind === 'rate-limited' && !error.status));
        if (!unsent) await spent();
        throw error;
      }
      await spent();
      if (candidate) return account;
      await accountItem.setValue({ account, verifiedAt: p.now() });
      if (await keyRejectedItem.getValue()) {
        // The service takes the key again: polling and the writes held since the 401 resume now.
        await keyRejectedItem.setValue(false);
        await writes.resume();
        void ready.poll(true);
      }
      return account;
    } catch (error) {
      // A candidate's failure says nothing of the saved key.
      if (!candidate && error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'not-configured')) {
        await status.noteFailure(error);
      }
      throw error;
    }
  }

  const verifications = singleFlight(verifyOnce);
  const verify = () => verifications.run();

  async function recheckIfDue(): Promise<void> {
    const [rejected, at] = await Promise.all([keyRejectedItem.getValue(), keyRejectedAtItem.getValue()]);
    if (!rejected || elapsedSince(at, p.now()) < RECHECK_MS) return;
    await verify().catch(() => undefined);
  }

  async function connect(baseUrl: string, apiKey: string | undefined): Promise<Account> {
    const next = await target(baseUrl, apiKey);
    if (!next.serviceChanged && !next.keyChanged) {
      // The same key and service: connecting again is verifying again (a 401 marks it rejected).
      await store(next);
      return verify();
    }
    let account: Account;
    try {
      account = await verifyOnce(next);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthorized') {
        // Nothing changes: the permission just granted for the other service's address is given back.
        if (next.leftOrigin) await p.keepOnlyOrigin(originPattern(next.leftOrigin)).catch(() => undefined);
        throw error;
      }
      await store(next);
      throw error;
    }
    await store(next);
    await accountItem.setValue({ account, verifiedAt: p.now() });
    return account;
  }

  return { info, connect, verify, recheckIfDue };
}
