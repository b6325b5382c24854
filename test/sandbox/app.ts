// The sandbox service: routing, authentication, rate limit and the JSON it answers.
import { ACCOUNT_METHODS, ACCOUNT_ROUTES, advanceAccount, answerAccountRoute, type AccountRouteName } from './account-routes';
import { sandboxControl } from './controls';
import { faultAnswer, spoil, type Faults } from './faults';
import { reshape } from './shapes';
import { conventionAnswer, conventionRequest, isConvention } from './conventions/index';
import { readBackIds, idOfNumber } from './numeric-ids';
import { randomAnswer } from './random-tokens';
import { RateLimiter } from './rate-limit';
import {
  agentName,
  createAccounts,
  listActions,
  markFailed,
  markSent,
  Refusal,
  updateMessage,
  weeklyStats,
  type Account,
  type SandboxAction,
  type SandboxAgent,
} from './state';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteName = 'account' | 'listActions' | 'markSent' | 'updateMessage' | 'markFailed' | 'weeklyStats' | AccountRouteName;

export interface SandboxRequest {
  method: string;
  /** Path and query, e.g. /api/network/actions?status=ready */
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The request was applied but its answer never reaches the client (faults.loseAnswers). */
  lost?: boolean;
}

export interface SandboxOptions {
  now?: () => number;
  /** Which method each route answers to: the extension must find them (405 otherwise). */
  methods?: Partial<Record<RouteName, Method>>;
  /** The spec's word in network paths, or the network's name as the real service may spell it. */
  networkSegment?: 'network' | 'linkedin';
  /** Refuse marking failed an action that is not ready with 409 rather than 422 on `status`. */
  conflictStatus?: boolean;
  /**
   * Refuse marking sent an action that is no longer ready, with 409, as a stricter service might
   * (spec 000 marks sent from any state, which the sandbox does by default).
   */
  strictSent?: boolean;
}

export const DEFAULT_METHODS: Record<RouteName, Method> = {
  account: 'GET',
  listActions: 'GET',
  markSent: 'POST',
  updateMessage: 'PUT',
  markFailed: 'POST',
  weeklyStats: 'GET',
  ...ACCOUNT_METHODS,
};

interface Route {
  name: RouteName;
  area: 'api' | 'network';
  pattern: RegExp;
}

const ROUTES: Route[] = [
  { name: 'account', area: 'api', pattern: /^\/me$/ },
  { name: 'listActions', area: 'network', pattern: /^\/actions$/ },
  { name: 'markSent', area: 'network', pattern: /^\/actions\/([^/]+)\/sent$/ },
  { name: 'updateMessage', area: 'network', pattern: /^\/actions\/([^/]+)\/message$/ },
  { name: 'markFailed', area: 'network', pattern: /^\/actions\/([^/]+)\/failed$/ },
  { name: 'weeklyStats', area: 'network', pattern: /^\/weekly-stats$/ },
  ...ACCOUNT_ROUTES,
];

/** One request as the sandbox recorded it, for tests that count or inspect traffic. */
export interface LoggedRequest {
  at: number;
  method: string;
  path: string;
  route?: RouteName | undefined;
  status: number;
  authorization?: string | undefined;
  query: string;
  /** A write's body as it came, for tests that check what was sent. */
  body?: string | undefined;
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function actionJson(account: Account, a: SandboxAction) {
  return {
    id: a.id,
    status: a.status,
    message: a.message,
    agent_id: a.agent_id,
    agent_name: agentName(account, a.agent_id) ?? null,
    contact: a.contact,
    metadata: a.metadata,
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    sent_at: iso(a.sent_at),
    failed_at: iso(a.failed_at),
  };
}

export class Sandbox {
  readonly accounts: Map<string, Account>;
  readonly limiter = new RateLimiter();
  readonly log: LoggedRequest[] = [];
  now: () => number;
  methods: Record<RouteName, Method>;
  networkSegment: 'network' | 'linkedin';
  /** Faults to show, for tests and the demo (see faults.ts). */
  faults: Faults = {};
  random: () => number = Math.random;
  conflictStatus: boolean;
  strictSent: boolean;

  constructor(options: SandboxOptions = {}) {
    this.now = options.now ?? Date.now;
    this.accounts = createAccounts(this.now());
    this.methods = { ...DEFAULT_METHODS, ...options.methods };
    this.networkSegment = options.networkSegment ?? 'network';
    this.conflictStatus = options.conflictStatus ?? false;
    this.strictSent = options.strictSent ?? false;
  }

  /** The demo account's action, for assertions. */
  action(id: string, key?: string): SandboxAction | undefined {
    const account = key ? this.accounts.get(key) : this.accounts.values().next().value;
    return account?.actions.find((a) => a.id === id);
  }

  handle(req: SandboxRequest): SandboxResponse {
    const now = this.now();
    const url = new URL(req.url, 'http://sandbox.invalid');
    const entry: LoggedRequest = {
      at: now,
      method: req.method,
      path: url.pathname,
      status: 0,
      authorization: req.headers.authorization,
      query: url.search,
      ...(req.method !== 'GET' && req.body ? { body: req.body } : {}),
    };
    const control =
      url.pathname === '/__sandbox/faults'
        ? this.setFaults(req)
        : url.pathname === '/__sandbox/agents'
          ? this.setAgent(req)
          : sandboxControl(this, req, url.pathname);
    const response = control ?? this.route(req, url, now, entry);
    const write = entry.route === 'markSent' || entry.route === 'markFailed' || entry.route === 'updateMessage';
    if (write && response.status < 300 && this.faults.loseAnswers) {
      this.faults.loseAnswers--;
      response.lost = true;
    }
    entry.status = response.status;
    this.log.push(entry);
    return response;
  }

  private setFaults(req: SandboxRequest): SandboxResponse {
    const json = { 'content-type': 'application/json' };
    if (req.method === 'GET') return { status: 200, headers: json, body: JSON.stringify(this.faults) };
    try {
      this.faults = JSON.parse(req.body || '{}') as Faults;
      return { status: 200, headers: json, body: JSON.stringify(this.faults) };
    } catch {
      return { status: 400, headers: json, body: JSON.stringify({ success: false, message: 'Faults must be JSON' }) };
    }
  }

  /** Pauses an agent or makes it active again (or cancels it), in every account that has it. */
  private setAgent(req: SandboxRequest): SandboxResponse {
    const json = { 'content-type': 'application/json' };
    let change: { id?: unknown; status?: unknown };
    try {
      change = JSON.parse(req.body || '{}') as typeof change;
    } catch {
      return { status: 400, headers: json, body: JSON.stringify({ success: false, message: 'The change must be JSON' }) };
    }
    const statuses = ['setup', 'active', 'paused', 'cancelled', 'pending_payment'];
    const agents = [...this.accounts.values()].flatMap((a) => a.agents).filter((a) => a.id === change.id);
    if (req.method !== 'POST' || !agents.length || typeof change.status !== 'string' || !statuses.includes(change.status)) {
      return {
        status: 422,
        headers: json,
        body: JSON.stringify({ success: false, message: `POST {"id": "<agent id>", "status": one of ${statuses.join(', ')}}` }),
      };
    }
    for (const agent of agents) agent.status = change.status as SandboxAgent['status'];
    return { status: 200, headers: json, body: JSON.stringify({ success: true, data: agents[0] }) };
  }

  private authenticate(req: SandboxRequest, url: URL): Account | undefined {
    const header = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    const key = bearer ?? url.searchParams.get('api_key') ?? undefined;
    return key ? this.accounts.get(key) : undefined;
  }

  private route(req: SandboxRequest, url: URL, now: number, entry: LoggedRequest): SandboxResponse {
    const account = this.authenticate(req, url);
    const rate = this.limiter.take(account?.key ?? 'anonymous', now);
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}): SandboxResponse => {
      // In a convention or the random shape, every operation's answer and error take the shape's words.
      const { shape } = this.faults;
      if (isConvention(shape)) {
        const out = conventionAnswer(shape, entry.route, status, body, url, `http://${req.headers.host ?? 'sandbox.invalid'}`, now);
        const headers = { ...rate.headers, ...extra, ...out.headers, ...(out.body ? { 'content-type': out.contentType } : {}) };
        return spoil({ status: out.status, headers, body: out.body }, this.faults.malformed);
      }
      const shaped = shape === 'random' && entry.route ? randomAnswer(entry.route, status, body, this.faults) : body;
      return spoil({ status, headers: { 'content-type': 'application/json', ...rate.headers, ...extra }, body: JSON.stringify(shaped) }, this.faults.malformed);
    };
    if (!rate.allowed) return reply(429, { success: false, message: 'Too Many Attempts.' });
    const fault = faultAnswer(this.faults, this.random, rate.headers);
    if (fault) return fault;

    const match = /^\/api\/(api|network|linkedin)(\/.*)$/.exec(url.pathname);
    const area = match?.[1] === 'api' ? 'api' : match?.[1] === this.networkSegment ? 'network' : undefined;
    // Several routes may share a path (ops 19 to 21): the method picks one.
    const matching = area && match ? ROUTES.map((r) => ({ r, m: r.area === area ? r.pattern.exec(match[2]!) : null })).filter((x) => x.m) : [];
    const found = matching.find((x) => this.methods[x.r.name] === req.method.toUpperCase()) ?? matching[0];
    if (!found?.m) return reply(404, { success: false, message: 'Not Found' });
    entry.route = found.r.name;
    const allowed = this.methods[found.r.name];
    if (req.method.toUpperCase() !== allowed) {
      const allow = [...new Set(matching.map((x) => this.methods[x.r.name]))].join(', ');
      return reply(405, { success: false, message: `The ${req.method} method is not supported for this route.` }, { allow });
    }
    if (!account) return reply(401, { success: false, message: 'Unauthenticated.' });
    advanceAccount(account, now);

    let body: Record<string, unknown> = {};
    if (req.body.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(req.body);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Record<string, unknown>;
      } catch {
        return reply(400, { success: false, message: 'The request body is not a JSON object.' });
      }
    }
    // A shape written from a convention also takes the convention's page words and request body.
    if (isConvention(this.faults.shape)) body = conventionRequest(this.faults.shape, url.searchParams, body, url.pathname);
    // The token draw may have written ids as numbers: a client sends them back as it read them.
    const numbered = this.faults.shape === 'random' && this.faults.tokens;
    if (numbered) readBackIds(url.searchParams);
    const given = found.m[1] ? decodeURIComponent(found.m[1]) : '';
    const id = numbered ? idOfNumber(given) : given;
    try {
      switch (found.r.name) {
        case 'account':
          return reply(200, {
            success: true,
            data: {
              user: account.user,
              agents: account.agents.map((a) => ({ ...a, is_active: a.status === 'active' })),
              leads_available_service: account.book.leads_available_service,
            },
          });
        case 'listActions': {
          const actions = listActions(account, url.searchParams);
          return reply(200, { success: true, data: actions.map((a) => actionJson(account, a)), meta: { count: actions.length } });
        }
        case 'markSent':
          return reply(200, { success: true, data: actionJson(account, markSent(account, id, body, now, this.strictSent)) });
        case 'markFailed':
          return reply(200, { success: true, data: actionJson(account, markFailed(account, id, body, now, this.conflictStatus)) });
        case 'updateMessage':
          return reply(200, { success: true, data: actionJson(account, updateMessage(account, id, body, now)) });
        case 'weeklyStats':
          return reply(200, { success: true, data: weeklyStats(account, now) });
        default: {
          const answer = answerAccountRoute(found.r.name, { account, id, query: url.searchParams, body, now });
          return reply(answer.status, answer.status < 300 ? reshape(found.r.name, answer.body, this.faults.shape) : answer.body);
        }
      }
    } catch (error) {
      if (error instanceof Refusal) return reply(error.status, error.body);
      throw error;
    }
  }

  /**
   * A fetch that answers from this sandbox in-process, for unit tests. It reads the call's
   * arguments itself: DOM test environments' Request objects drop the Authorization header.
   */
  fetch: typeof fetch = async (input, init = {}) => {
    if (this.faults.down) throw new TypeError('Failed to fetch');
    if (this.faults.slowMs) await new Promise((r) => setTimeout(r, this.faults.slowMs));
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    const source = init.headers ?? {};
    const pairs: [string, string][] =
      source instanceof Headers ? [...source.entries()] : Array.isArray(source) ? (source as [string, string][]) : Object.entries(source);
    for (const [k, v] of pairs) headers[k.toLowerCase()] = v;
    const body = typeof init.body === 'string' ? init.body : '';
    const res = this.handle({ method: init.method ?? 'GET', url, headers, body });
    if (res.lost) throw new TypeError('Failed to fetch');
    return new Response(res.body, { status: res.status, headers: res.headers });
  };
}
