// The one way to the service: a client for the saved address and key, and the request budget
// every request spends (spec 002's rules), fallback tries included. The outbox owns the budget's
// stored state, so that a read and a write counted at the same moment are both kept.
import { createApiClient, type ApiClient, type CallInput, type Reader, type Routes } from '../api/client';
import { NotConfiguredError, PermissionMissingError, RateLimitedError } from '../api/errors';
import { operations, type OperationName } from '../api/operations';
import { isAnswer, serviceLimit } from '../outbox/judge';
import { DEFAULT_LIMITER, limitSignal, type LimiterConfig, type LimitSignal, type RequestKind } from '../outbox/limiter';
import { normalizeServiceUrl, originPattern } from '../api/service-url';
import { apiKeyItem, rateLimitItem, routesItem, settingsItem } from '../store/storage';
import type { Platform } from './platform';
import { REQUEST_CAP_RANGE } from '../messaging/limits';

/** The request budget as set (default 30 a minute), writes a second apart. */
export async function requestLimits(): Promise<LimiterConfig> {
  // Clamped when read: in Firefox a content script could have written any number there.
  const cap: unknown = (await settingsItem.getValue()).requestCap;
  const capPerMinute =
    typeof cap === 'number' && Number.isInteger(cap) ? Math.min(REQUEST_CAP_RANGE.max, Math.max(REQUEST_CAP_RANGE.min, cap)) : DEFAULT_LIMITER.capPerMinute;
  return { ...DEFAULT_LIMITER, capPerMinute };
}

/** The budget's stored state, as the outbox keeps it. */
export interface BudgetStore {
  /** Spends a request now (undefined), or says when one may go; `spend: false` only asks. */
  take(kind: RequestKind, spend?: boolean): Promise<number | undefined>;
  /** A limit answer: no request before the time it allows. */
  limited(signal: LimitSignal): Promise<unknown>;
  /** The service answered: writes that waited for it go now. */
  answered(): Promise<void>;
}

/**
 * What the client asks before each request: one request of the budget, or a RateLimitedError of
 * status 0 (the extension's own limit: nothing was sent) saying how long to wait. `first` says
 * whether the first try is spent here (the outbox spends its writes' first tries itself).
 */
export function budgetHook(p: Pick<Platform, 'now'>, budget: Pick<BudgetStore, 'take'>, kind: RequestKind, first: boolean) {
  return async (attempt: number): Promise<void> => {
    const at = (attempt || first) && (await budget.take(kind));
    if (at) throw new RateLimitedError('The request budget is spent for now', 0, Math.ceil((at - p.now()) / 1000), undefined);
  };
}

/** An address and key not saved yet, tried before anything is stored (Connect). */
export interface Candidate {
  baseUrl: string;
  apiKey: string;
}

/**
 * A client for the saved service and key, or for a candidate's; throws when either is missing or
 * not permitted.
 */
export async function serviceClient(
  p: Pick<Platform, 'fetch' | 'now' | 'hasOriginPermission'>,
  beforeRequest?: (attempt: number) => Promise<void>,
  candidate?: Candidate,
): Promise<ApiClient> {
  const [settings, saved] = await Promise.all([settingsItem.getValue(), apiKeyItem.bound()]);
  const base = normalizeServiceUrl(candidate ? candidate.baseUrl : settings.baseUrl);
  // The saved key goes only to the origin it was entered for, whatever address storage holds now.
  const apiKey = candidate ? candidate.apiKey : base.ok && saved?.origin === base.origin ? saved.key : null;
  if (!apiKey || !base.ok) throw new NotConfiguredError();
  if (!(await p.hasOriginPermission(originPattern(base.origin)))) throw new PermissionMissingError(base.origin);
  // What was learnt of the saved service's routes is no guide to another service's.
  let learnt: Routes = { methods: {} };
  const routes =
    !candidate || base.url === settings.baseUrl
      ? { load: () => routesItem.getValue(), save: (r: Routes) => routesItem.setValue(r) }
      : { load: async () => learnt, save: async (r: Routes) => void (learnt = r) };
  return createApiClient({
    baseUrl: base.url,
    apiKey,
    fetch: p.fetch,
    now: p.now,
    routes,
    beforeRequest,
    onResponse: (rateLimit) => void rateLimitItem.setValue(rateLimit),
  });
}

export interface Service {
  /** Whether a read may go now: the budget is not spent and the service did not ask to wait. */
  readAllowed(): Promise<boolean>;
  /**
   * A read, each of its tries counted in the budget; a RateLimitedError of status 0 when the
   * budget or a wait the service asked for does not allow it. A limit answer holds every request
   * until the time it allows; any other answer tells the outbox the service is back.
   */
  read<N extends OperationName, T>(name: N, input: CallInput<N>, reader: Reader<T>): Promise<T>;
  /** The same read with an address and key not saved yet (Connect tries them before storing them). */
  readAs<N extends OperationName, T>(candidate: Candidate, name: N, input: CallInput<N>, reader: Reader<T>): Promise<T>;
  /**
   * A read for a view of the options page: the answer's body as it came (the page reads it), in
   * the views' share of the budget (two thirds of the minute at most).
   */
  view<N extends OperationName>(name: N, input: CallInput<N>): Promise<unknown>;
}

export function createService(p: Pick<Platform, 'fetch' | 'now' | 'hasOriginPermission'>, budget: BudgetStore): Service {
  async function read<N extends OperationName, T>(name: N, input: CallInput<N>, reader?: Reader<T>, kind?: RequestKind, candidate?: Candidate): Promise<T> {
    const api = await serviceClient(p, budgetHook(p, budget, kind ?? (operations[name].category === 'write' ? 'write' : 'read'), true), candidate);
    try {
      const result = await api.call(name, input, reader);
      await budget.answered();
      return result;
    } catch (error) {
      if (serviceLimit(error)) await budget.limited(limitSignal(error));
      else if (isAnswer(error)) await budget.answered();
      throw error;
    }
  }

  return {
    readAllowed: async () => (await budget.take('read', false)) === undefined,
    read,
    readAs: (candidate, name, input, reader) => read(name, input, reader, undefined, candidate),
    view: (name, input) => read(name, input, undefined, 'view'),
  };
}
