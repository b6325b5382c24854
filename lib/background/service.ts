// The one way to the service: a client for the saved address and key, and the request budget
// every request spends (spec 002's rules). The outbox owns the budget's stored state, so that a
// read and a write counted at the same moment are both kept.
import { createApiClient, type ApiClient, type CallInput, type Reader } from '../api/client';
import { NotConfiguredError, PermissionMissingError, RateLimitedError } from '../api/errors';
import { operations, type OperationName } from '../api/operations';
import { DEFAULT_LIMITER, limitSignal, limitWaitUntil, nextAllowedAt, recordRequest, type LimiterConfig, type LimiterState } from '../outbox/limiter';
import { normalizeServiceUrl, originPattern } from '../service-url';
import { apiKeyItem, rateLimitItem, routesItem, settingsItem } from '../storage';
import type { Platform } from './platform';

/** The request budget as set (default 30 a minute), writes a second apart. */
export async function requestLimits(): Promise<LimiterConfig> {
  return { ...DEFAULT_LIMITER, capPerMinute: (await settingsItem.getValue()).requestCap };
}

/** A client for the saved service and key; throws when either is missing or not permitted. */
export async function serviceClient(p: Pick<Platform, 'fetch' | 'now' | 'hasOriginPermission'>): Promise<ApiClient> {
  const [settings, apiKey] = await Promise.all([settingsItem.getValue(), apiKeyItem.getValue()]);
  const base = normalizeServiceUrl(settings.baseUrl);
  if (!apiKey || !base.ok) throw new NotConfiguredError();
  if (!(await p.hasOriginPermission(originPattern(base.origin)))) throw new PermissionMissingError(base.origin);
  return createApiClient({
    baseUrl: base.url,
    apiKey,
    fetch: p.fetch,
    now: p.now,
    routes: { load: () => routesItem.getValue(), save: (r) => routesItem.setValue(r) },
    onResponse: ({ rateLimit }) => {
      if (rateLimit) void rateLimitItem.setValue(rateLimit);
    },
  });
}

/** The budget's stored state, as the outbox keeps it. */
export interface BudgetStore {
  limiter(): Promise<LimiterState>;
  updateLimiter(change: (limiter: LimiterState) => LimiterState): Promise<void>;
}

export interface Service {
  /** Whether a read may go now: the budget is not spent and the service did not ask to wait. */
  readAllowed(): Promise<boolean>;
  /** A read, counted in the budget; a limit answer holds every request until the time it allows. */
  read<N extends OperationName, T>(name: N, input: CallInput<N>, reader: Reader<T>): Promise<T>;
}

export function createService(p: Pick<Platform, 'fetch' | 'now' | 'hasOriginPermission' | 'random'>, budget: BudgetStore): Service {
  async function honourLimit(error: unknown): Promise<void> {
    if (!(error instanceof RateLimitedError)) return;
    const until = limitWaitUntil(limitSignal(error), p.now(), 1, p.random);
    await budget.updateLimiter((l) => ({ ...l, blockedUntil: Math.max(l.blockedUntil, until) }));
  }

  async function readAllowed(): Promise<boolean> {
    return nextAllowedAt(await budget.limiter(), p.now(), 'read', await requestLimits()) <= p.now();
  }

  async function read<N extends OperationName, T>(name: N, input: CallInput<N>, reader: Reader<T>): Promise<T> {
    const api = await serviceClient(p);
    const kind = operations[name].category === 'write' ? 'write' : 'read';
    await budget.updateLimiter((l) => recordRequest(l, p.now(), kind));
    try {
      return await api.call(name, input, reader);
    } catch (error) {
      await honourLimit(error);
      throw error;
    }
  }

  return { readAllowed, read };
}
