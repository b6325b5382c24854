// The HTTP client: the only code that talks to the service.
// Over 250 lines: one request's whole life (the budget, the timeout, the body's limits, the typed
// errors) is read in one place, so that no other code needs to know how a request can fail.
import * as z from 'zod/mini';
import {
  AgentStateError,
  type ApiError,
  InvalidRequestError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  type NotFoundAbout,
  RateLimitedError,
  type RequestProblem,
  ServerError,
  ServiceError,
  TimeoutError,
  TooLargeError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { operations, type HttpMethod, type OperationName, type OpBody, type OpQuery } from './operations';
import { readRateLimitHeaders, type RateLimitSnapshot } from './rate-limit-headers';
import { plainText, shortWords } from './error-body';
import { readErrorMessage, readSuccess, readValidation } from './reader';
import { readBodyText } from './body-limit';
import { shapeNote } from './answer-shape';

/** What the client learnt about the service's routes, kept across restarts by the caller. */
export interface Routes {
  methods: Partial<Record<OperationName, HttpMethod>>;
  /** Path segment of network operations: the spec's word, or the network's name. */
  networkSegment?: 'network' | 'linkedin' | undefined;
}

export interface RouteMemory {
  load(): Promise<Routes>;
  save(routes: Routes): Promise<void>;
}

/** For the request and the reading of its answer together. */
const DEFAULT_TIMEOUT_MS = 20_000;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  routes: RouteMemory;
  fetch?: typeof fetch;
  /** Below the browser's 30-second limit on a service worker's fetch. */
  timeoutMs?: number;
  now?: () => number;
  /**
   * Asked before every request, the first and each fallback try (405, 404): it spends the
   * request budget, and may throw to stop the call.
   */
  beforeRequest?: (attempt: number) => void | Promise<void>;
  /** Told of the rate-limit headers of every response that carries them. */
  onResponse?: (rateLimit: RateLimitSnapshot) => void;
}

export interface CallInput<N extends OperationName> {
  params?: Record<string, string>;
  query?: OpQuery<N>;
  body?: OpBody<N>;
}

/** Turns an accepted answer's body into what the caller needs; throws when it cannot. */
export type Reader<T> = (body: unknown) => T;

export interface ApiClient {
  /**
   * Makes the request and checks the answer's status and success indicator. The body is handed
   * to `read` (whose failure becomes an InvalidResponseError); without a reader it is returned
   * as it came, for a caller that reads it elsewhere.
   */
  call<N extends OperationName, T = unknown>(name: N, input?: CallInput<N>, read?: Reader<T>): Promise<T>;
}

const AGENT_PAUSED = /agent\s+paused/i;
const AGENT_CANCELLED = /agent\s+cancell?ed/i;
const RATE_WORDS = /rate.?limit|too many requests|secondary limit/i;

const words = (error: unknown) => (error instanceof Error ? error.message : String(error));

function check<T>(schema: z.ZodMiniType<T> | undefined, value: unknown, field: string): T | undefined {
  if (!schema) return undefined;
  const result = z.safeParse(schema, value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : field;
    // zod's words are the detail; the person reads a sentence built from the field and the problem.
    const refused = issue?.path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k], value);
    const problem: RequestProblem =
      issue?.code === 'too_big' && issue.origin === 'string'
        ? 'too-long'
        : refused === undefined || refused === null || (typeof refused === 'string' && refused.trim() === '')
          ? 'empty'
          : 'malformed';
    const limit = problem === 'too-long' && issue?.code === 'too_big' ? Number(issue.maximum) : undefined;
    throw new InvalidRequestError(`${where}: ${issue?.message ?? 'invalid'}`, where, problem, limit);
  }
  return result.data;
}

/**
 * The request's path, query and body once the table's schemas accepted them; an
 * InvalidRequestError naming the field otherwise (nothing is sent, nothing is stored).
 */
export function prepareCall<N extends OperationName>(name: N, input: CallInput<N> = {}): { path: string; query: unknown; body: unknown } {
  const operation = operations[name];
  let path = operation.path;
  for (const [param, schema] of Object.entries(operation.pathParams)) {
    const value = check(schema, input.params?.[param], param) as string;
    // An identifier (from the service, or a page) is one path segment: `..` would climb the path.
    if (value === '.' || value === '..' || /[/\\]/.test(value)) throw new InvalidRequestError(`${param}: not an identifier`, param, 'malformed');
    path = path.replace(`{${param}}`, encodeURIComponent(value));
  }
  const query = check(operation.query as z.ZodMiniType<unknown> | undefined, input.query ?? {}, 'query');
  const body = check(operation.body as z.ZodMiniType<unknown> | undefined, input.body ?? {}, 'body');
  return { path, query, body };
}

/**
 * Turns a non-2xx answer, or a 2xx whose indicator says failure, into a typed error. Its message
 * is the body's text for the details (an HTML page's text only); the service's words go to the
 * sentence only when short and plain, else the sentence is the one for the status.
 */
function errorFromResponse(status: number, body: unknown, rateLimit: RateLimitSnapshot | undefined, about: NotFoundAbout): ApiError {
  const found = readErrorMessage(body);
  const message = found === undefined ? '' : plainText(found, 400);
  const said = shortWords(found);
  if (status === 401) return new UnauthorizedError(message);
  if (status === 429) return new RateLimitedError(message, status, rateLimit?.retryAfterSeconds, rateLimit);
  // An agent's state is refused with 403 (spec 000), or in a 2xx whose indicator says failure.
  if (status === 403 || status < 300) {
    if (AGENT_PAUSED.test(message)) return new AgentStateError('paused', message);
    if (AGENT_CANCELLED.test(message)) return new AgentStateError('cancelled', message);
  }
  if (status === 403 && (rateLimit?.remaining === 0 || rateLimit?.retryAfterSeconds !== undefined || RATE_WORDS.test(message))) {
    return new RateLimitedError(message, status, rateLimit?.retryAfterSeconds, rateLimit);
  }
  const validation = readValidation(body);
  const hasFields = Object.keys(validation.validationErrors).length + validation.missingFields.length + validation.invalidFields.length > 0;
  if (status === 422 || (status === 400 && hasFields)) {
    return new ValidationError(message, validation.validationErrors, validation.missingFields, validation.invalidFields, status, said);
  }
  if (status === 404) return new NotFoundError(message, about);
  if (status >= 500) return new ServerError(message, status);
  return new ServiceError(message, status, said);
}

/** What a 404 on this path is about: the record its parameter names (a lead's under /emails is its email). */
function notFoundAbout(path: string): NotFoundAbout {
  if (path.includes('{actionId}')) return 'invitation';
  if (path.includes('{emailId}')) return 'reply';
  if (path.includes('{letterId}')) return 'letter';
  if (path.includes('{leadId}')) return path.startsWith('/emails') ? 'email' : 'contact';
  if (path.includes('{agentId}')) return 'agent';
  return path === '/blocklist' ? 'entry' : 'other';
}

interface RawResponse {
  status: number;
  body: unknown;
  parsed: boolean;
  rateLimit?: RateLimitSnapshot | undefined;
}

export function createApiClient(options: ClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function send(method: HttpMethod, url: string, body: unknown, attempt: number): Promise<RawResponse> {
    await options.beforeRequest?.(attempt);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${options.apiKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
        // A redirect is not followed: it could carry the key, or send the body again, elsewhere.
        redirect: 'manual',
      });
    } catch (error) {
      clearTimeout(timer);
      if (controller.signal.aborted) throw new TimeoutError(timeoutMs);
      throw new NetworkError(words(error));
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      clearTimeout(timer);
      void response.body?.cancel().catch(() => {});
      throw new InvalidResponseError('The service answered with a redirect, not followed (it would carry the key)', response.status);
    }
    const rateLimit = readRateLimitHeaders(response.headers, now());
    if (rateLimit) options.onResponse?.(rateLimit);
    // The body is read within the same time limit as the request, and at most 2 MB of it.
    let text: string;
    try {
      text = await readBodyText(response, controller.signal);
    } catch (error) {
      // An error's status says what it is: its oversized body is only not read.
      if (error instanceof TooLargeError && (response.status < 200 || response.status >= 300))
        return { status: response.status, body: undefined, parsed: true, rateLimit };
      if (error instanceof TooLargeError) throw error;
      if (controller.signal.aborted) throw new TimeoutError(timeoutMs);
      throw new NetworkError(words(error));
    } finally {
      clearTimeout(timer);
    }
    if (text.trim() === '') return { status: response.status, body: undefined, parsed: true, rateLimit };
    try {
      return { status: response.status, body: JSON.parse(text) as unknown, parsed: true, rateLimit };
    } catch {
      // Enough of a page for its text to come after its head, styles and scripts.
      return { status: response.status, body: text.slice(0, 8000), parsed: false, rateLimit };
    }
  }

  async function call<N extends OperationName, T = unknown>(name: N, input: CallInput<N> = {}, read?: Reader<T>): Promise<T> {
    const operation = operations[name];
    const { path, query, body } = prepareCall(name, input);
    const search = new URLSearchParams();
    if (query && typeof query === 'object') {
      for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    }
    const qs = search.toString() ? `?${search}` : '';

    const stored = await options.routes.load();
    // What storage says was learnt is taken only within the table's choices (in Firefox a content
    // script can write it): the operation's own two methods, the two known path segments.
    const known = stored.methods[name];
    const rememberedMethod = known === operation.method || known === operation.alternateMethod ? known : undefined;
    const routes: Routes = {
      methods: stored.methods,
      networkSegment: stored.networkSegment === 'network' || stored.networkSegment === 'linkedin' ? stored.networkSegment : undefined,
    };
    let segment = operation.area === 'api' ? 'api' : (routes.networkSegment ?? 'network');
    const urlFor = (seg: string) => `${base}/api/${seg}${path}${qs}`;

    let method = rememberedMethod ?? operation.method;
    let raw = await send(method, urlFor(segment), body, 0);
    let learnt: Routes | undefined;
    if (raw.status === 405 && !rememberedMethod) {
      const retry = await send(operation.alternateMethod, urlFor(segment), body, 1);
      if (retry.status !== 405) {
        method = operation.alternateMethod;
        learnt = { ...routes, methods: { ...routes.methods, [name]: method } };
        raw = retry;
      }
    }
    if (operation.area === 'network' && !routes.networkSegment) {
      if (raw.status === 404) {
        const twin = await send(method, urlFor('linkedin'), body, 2);
        if (twin.status !== 404 && twin.status !== 405) {
          segment = 'linkedin';
          raw = twin;
        }
      }
      if (raw.status !== 404 && raw.status !== 405 && raw.parsed) {
        learnt = { ...(learnt ?? routes), networkSegment: segment as 'network' | 'linkedin' };
      }
    }
    if (learnt) await options.routes.save(learnt);
    const answer = accepted(raw, notFoundAbout(operation.path));
    if (!read) return answer as T;
    try {
      return read(answer);
    } catch (error) {
      throw new InvalidResponseError(words(error) + shapeNote(name, answer), raw.status);
    }
  }

  /** The body of an answer the service gave as a success; a typed error for anything else. */
  function accepted(raw: RawResponse, about: NotFoundAbout): unknown {
    const ok = raw.status >= 200 && raw.status < 300;
    if (!ok) throw errorFromResponse(raw.status, raw.body, raw.rateLimit, about);
    if (!raw.parsed) {
      throw new InvalidResponseError(`The service answered something that is not JSON: ${plainText(String(raw.body), 120)}`, raw.status);
    }
    if (readSuccess(raw.body) === false) throw errorFromResponse(raw.status, raw.body, raw.rateLimit, about);
    return raw.body;
  }

  return { call };
}
