// The service's address and the API key: saved, shown by their last four characters, and
// verified as spec 001 verifies a credential (one call, itself rate limited).
import { ApiError, InvalidRequestError, RateLimitedError, UnauthorizedError } from '../api/errors';
import { readAccount } from '../api/reader';
import type { Account } from '../api/schemas';
import { normalizeServiceUrl } from '../service-url';
import { singleFlight } from '../single-flight';
import { accountItem, actionsItem, apiKeyItem, keyRejectedItem, moreActionsItem, routesItem, settingsItem, verificationItem, weeklyStatsItem } from '../storage';
import { fingerprint, verificationWait, VERIFY_WINDOW_MS } from '../verification-budget';
import type { Platform } from './platform';
import type { ReadyList } from './polling';
import type { Service } from './service';
import type { SyncStatus } from './sync-status';
import type { Writes } from './writes';

export interface CredentialsInfo {
  baseUrl: string;
  hasKey: boolean;
  /** The key's last four characters, so a person can tell keys apart without seeing one. */
  keyHint: string | null;
}

export interface Credentials {
  info(): Promise<CredentialsInfo>;
  /** Saves the address and, when given, a new key; the old key is kept when none is given. */
  save(baseUrl: string, apiKey: string | undefined): Promise<CredentialsInfo>;
  /** One verification at a time; callers during one share its answer. */
  verify(): Promise<Account>;
}

interface Deps {
  service: Service;
  status: SyncStatus;
  ready: ReadyList;
  writes: Pick<Writes, 'resume'>;
}

export function createCredentials(p: Pick<Platform, 'now'>, { service, status, ready, writes }: Deps): Credentials {
  async function info(): Promise<CredentialsInfo> {
    const [settings, apiKey] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue()]);
    return { baseUrl: settings.baseUrl, hasKey: !!apiKey, keyHint: apiKey ? apiKey.slice(-4) : null };
  }

  async function save(baseUrl: string, newKey: string | undefined): Promise<CredentialsInfo> {
    const base = normalizeServiceUrl(baseUrl);
    if (!base.ok) throw new InvalidRequestError(base.problem, 'baseUrl');
    const [settings, oldKey] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue()]);
    const apiKey = newKey?.trim() || oldKey;
    if (!apiKey) throw new InvalidRequestError('empty', 'apiKey');
    const serviceChanged = base.url !== settings.baseUrl;
    const keyChanged = apiKey !== oldKey;
    await settingsItem.setValue({ ...settings, baseUrl: base.url });
    if (keyChanged) await apiKeyItem.setValue(apiKey);
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
      // A new key is verified once (spec 001), so the options page can show the account.
      if (keyChanged) void verify().catch(() => undefined);
    }
    return info();
  }

  async function verifyOnce(): Promise<Account> {
    const [settings, apiKey, log, known] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue(), verificationItem.getValue(), accountItem.getValue()]);
    const tag = apiKey ? fingerprint(apiKey) : '';
    const same = log.last?.fingerprint === tag && log.last.baseUrl === settings.baseUrl;
    // Nothing changed since the last answer: give it again rather than spend the budget.
    if (same && log.last?.outcome === 'ok' && known) return known.account;
    if (same && log.last?.outcome === 'rejected') throw new UnauthorizedError('The service rejected this key');
    const wait = verificationWait(log.at, p.now());
    if (wait > 0) throw new RateLimitedError('Too many verifications', 429, wait, undefined);
    const spent = [...log.at.filter((t) => t > p.now() - VERIFY_WINDOW_MS), p.now()];
    const remember = (outcome: 'ok' | 'rejected' | null) =>
      verificationItem.setValue({ at: spent, last: outcome ? { fingerprint: tag, baseUrl: settings.baseUrl, outcome } : null });
    try {
      let account: Account;
      try {
        account = await service.read('account', {}, readAccount);
      } catch (error) {
        // Nothing was sent without a key or a permission: the budget is untouched.
        if (error instanceof ApiError && (error.kind === 'not-configured' || error.kind === 'permission')) throw error;
        // A request was spent either way; only a 401 says something lasting about this key.
        await remember(error instanceof ApiError && error.kind === 'unauthorized' ? 'rejected' : null);
        throw error;
      }
      await remember('ok');
      await accountItem.setValue({ account, verifiedAt: p.now() });
      if (await keyRejectedItem.getValue()) {
        await keyRejectedItem.setValue(false);
        void ready.poll(true);
      }
      return account;
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'not-configured')) {
        await status.noteFailure(error);
      }
      throw error;
    }
  }

  const verifications = singleFlight(verifyOnce);
  const verify = () => verifications.run();

  return { info, save, verify };
}
