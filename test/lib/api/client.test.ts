import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api/client';
import { readActionList } from '../../../lib/api/reader';
import {
  AgentStateError,
  type ApiError,
  InvalidRequestError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ServiceError,
  TimeoutError,
  TooLargeError,
  UnauthorizedError,
  ValidationError,
} from '../../../lib/api/errors';
import { MAX_BODY_BYTES } from '../../../lib/api/body-limit';
import { errorText, technicalText } from '../../../components/shared/error-text';
import { Sandbox } from '../../sandbox/app';
import { DEMO_KEY } from '../../sandbox/seed';
import { memoryRoutes } from '../../helpers/memory-routes';

const BASE = 'https://service.example';

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn<typeof fetch>(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }));
}

function client(fetchImpl: typeof fetch, routes = memoryRoutes(), extra = {}) {
  return createApiClient({ baseUrl: BASE, apiKey: 'k-123', fetch: fetchImpl, routes, ...extra });
}

describe('API client against the sandbox', () => {
  it('lists ready actions with the Bearer header and never the key in the URL', async () => {
    const sandbox = new Sandbox();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: DEMO_KEY, fetch: sandbox.fetch, routes: memoryRoutes() });
    const list = await api.call('listActions', { query: { status: 'ready', limit: 25 } }, readActionList);
    expect(list.actions.length).toBeGreaterThan(5);
    expect(list.actions.every((a) => a.status === 'ready')).toBe(true);
    expect(list.actions[0]?.prospect.profileUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    const logged = sandbox.log.at(-1)!;
    expect(logged.authorization).toBe(`Bearer ${DEMO_KEY}`);
    expect(logged.query).not.toContain(DEMO_KEY);
    expect(logged.query).toContain('status=ready');
  });

  it('marks an action sent with its metadata', async () => {
    const sandbox = new Sandbox();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: DEMO_KEY, fetch: sandbox.fetch, routes: memoryRoutes() });
    const [first] = (await api.call('listActions', { query: { status: 'ready' } }, readActionList)).actions;
    await api.call('markSent', { params: { actionId: first!.id }, body: { metadata: { method: 'manual' } } });
    expect(sandbox.action(first!.id)).toMatchObject({ status: 'sent', metadata: { method: 'manual' } });
  });

  it('finds the other method after a 405 and remembers it', async () => {
    const sandbox = new Sandbox({ methods: { markSent: 'PUT', updateMessage: 'POST' } });
    const routes = memoryRoutes();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: DEMO_KEY, fetch: sandbox.fetch, routes });
    const [a, b] = (await api.call('listActions', {}, readActionList)).actions;
    await api.call('markSent', { params: { actionId: a!.id }, body: {} });
    expect(routes.current.methods.markSent).toBe('PUT');
    await api.call('updateMessage', { params: { actionId: b!.id }, body: { message: 'Bonjour' } });
    expect(routes.current.methods.updateMessage).toBe('POST');
    expect(sandbox.action(b!.id)?.message).toBe('Bonjour');
    const before = sandbox.log.length;
    await api.call('updateMessage', { params: { actionId: b!.id }, body: { message: 'Encore' } });
    expect(sandbox.log.length - before).toBe(1);
  });

  it('falls back to the network-named path on 404 and remembers it', async () => {
    const sandbox = new Sandbox({ networkSegment: 'linkedin' });
    const routes = memoryRoutes();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: DEMO_KEY, fetch: sandbox.fetch, routes });
    const list = await api.call('listActions', {}, readActionList);
    expect(list.actions.length).toBeGreaterThan(0);
    expect(routes.current.networkSegment).toBe('linkedin');
    await api.call('weeklyStats');
    expect(sandbox.log.at(-1)?.path).toBe('/api/linkedin/weekly-stats');
    expect(sandbox.log.filter((l) => l.status === 404)).toHaveLength(1);
  });

  it('keeps probing undecided when both paths answer 404 for an unknown action', async () => {
    const sandbox = new Sandbox();
    const routes = memoryRoutes();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: DEMO_KEY, fetch: sandbox.fetch, routes });
    await expect(api.call('markSent', { params: { actionId: 'na_missing' }, body: {} })).rejects.toBeInstanceOf(NotFoundError);
    expect(routes.current.networkSegment).toBeUndefined();
  });

  it('reports a paused agent as AgentStateError with the service message', async () => {
    const sandbox = new Sandbox();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: DEMO_KEY, fetch: sandbox.fetch, routes: memoryRoutes() });
    const paused = (await api.call('listActions', { query: { agent_filter: 'ag_H1cJ5yUoDq' } }, readActionList)).actions[0]!;
    const error = await api.call('markSent', { params: { actionId: paused.id }, body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentStateError);
    expect(error).toMatchObject({ kind: 'agent-paused', message: 'Agent paused', status: 403 });
  });

  it('turns the sandbox 422 into a ValidationError with its fields', async () => {
    const sandbox = new Sandbox();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: DEMO_KEY, fetch: sandbox.fetch, routes: memoryRoutes() });
    const sent = sandbox.accounts.get(DEMO_KEY)!.actions.find((a) => a.status === 'sent')!;
    const error = await api.call('markFailed', { params: { actionId: sent.id }, body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).invalidFields).toEqual(['status']);
  });

  it('answers 401 for a wrong key', async () => {
    const sandbox = new Sandbox();
    const api = createApiClient({ baseUrl: 'http://sb', apiKey: 'nope', fetch: sandbox.fetch, routes: memoryRoutes() });
    await expect(api.call('account')).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('API client parameter checks', () => {
  it.each([
    ['a limit of 0', { query: { limit: 0 } }],
    ['a limit of 101', { query: { limit: 101 } }],
    ['a fractional limit', { query: { limit: 2.5 } }],
    ['an unknown status', { query: { status: 'done' } }],
  ])('refuses %s before sending', async (_, input) => {
    const fetchImpl = respond(200, []);
    await expect(client(fetchImpl).call('listActions', input as never, readActionList)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('counts the note in code points: 200 emoji pass, 201 characters do not', async () => {
    const fetchImpl = respond(200, { success: true });
    const api = client(fetchImpl);
    await api.call('updateMessage', { params: { actionId: 'a1' }, body: { message: '😀'.repeat(200) } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await expect(api.call('updateMessage', { params: { actionId: 'a1' }, body: { message: 'x'.repeat(201) } })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('refuses metadata that is not an object', async () => {
    const fetchImpl = respond(200, { success: true });
    await expect(client(fetchImpl).call('markSent', { params: { actionId: 'a1' }, body: { metadata: ['x'] as never } })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('refuses an empty action id', async () => {
    const fetchImpl = respond(200, { success: true });
    await expect(client(fetchImpl).call('markSent', { params: { actionId: '' }, body: {} })).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('encodes the action id into the path', async () => {
    const fetchImpl = respond(200, { success: true });
    await client(fetchImpl).call('markSent', { params: { actionId: 'a?c#d e' }, body: {} });
    expect(String(fetchImpl.mock.calls[0]![0])).toBe(`${BASE}/api/network/actions/a%3Fc%23d%20e/sent`);
  });
});

describe('a request refused before sending, in words', () => {
  const refusal = async (run: (api: ReturnType<typeof client>) => Promise<unknown>) => {
    const fetchImpl = respond(200, { success: true });
    const error = await run(client(fetchImpl)).catch((e: unknown) => e);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(InvalidRequestError);
    return (error as InvalidRequestError).toJSON();
  };

  it('says the note is too long, with the check text only in the details', async () => {
    const error = await refusal((api) => api.call('updateMessage', { params: { actionId: 'a1' }, body: { message: 'x'.repeat(201) } }));
    expect(error.request).toMatchObject({ field: 'message' });
    expect(errorText(error)).toBe('The note is longer than 200 characters. Shorten it, then save again.');
    expect(technicalText(error)).toContain('message: At most 200 characters');
  });

  it('says a value is too long, empty or of the wrong form, never in zod words', async () => {
    const long = await refusal((api) => api.call('markSent', { params: { actionId: 'a'.repeat(201) }, body: {} }));
    expect(long.request).toEqual({ field: 'actionId', problem: 'too-long', limit: 200 });
    expect(errorText(long)).toContain('longer than 200 characters');
    const empty = await refusal((api) => api.call('markSent', { params: { actionId: '' }, body: {} }));
    expect(empty.request).toMatchObject({ field: 'actionId', problem: 'empty' });
    expect(errorText(empty)).toBe('Something required is empty, so nothing was sent. Fill it in, then try again.');
    const shape = await refusal((api) => api.call('addToBlocklist', { body: { type: 'siren', value: '12ab' } }));
    expect(shape.request).toMatchObject({ field: 'value', problem: 'malformed' });
    expect(errorText(shape)).toBe('This value does not have the form its type needs. Check it, or choose another type.');
    for (const e of [long, empty, shape]) expect(errorText(e)).not.toMatch(/Too big|Too small|expected|siren entry/);
  });

  it("puts the background's own refusals in words: no profile, the settings' address and key, a malformed message", () => {
    expect(errorText(new InvalidRequestError('no-profile-url', 'profileUrl').toJSON())).toBe(
      'The service gave no profile address for this invitation, so it cannot be opened.',
    );
    expect(errorText(new InvalidRequestError('No profile to add: open a profile of the network first.', 'network_url').toJSON())).toContain(
      'Open a profile of the network',
    );
    expect(errorText(new InvalidRequestError('notHttps', 'baseUrl').toJSON())).toContain('must start with https://');
    expect(errorText(new InvalidRequestError('empty', 'apiKey').toJSON())).toBe('Enter your API key.');
    const malformed = errorText({ kind: 'invalid-request', message: 'Malformed request' });
    expect(malformed).toBe('The extension could not send this request. Reload the page, then try again.');
  });
});

describe('API client error mapping', () => {
  it('maps 429 with retry-after and rate-limit headers', async () => {
    const fetchImpl = respond(
      429,
      { message: 'Too Many Attempts.' },
      {
        'retry-after': '17',
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1900000000',
      },
    );
    const error = (await client(fetchImpl)
      .call('account')
      .catch((e: unknown) => e)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterSeconds).toBe(17);
    expect(error.rateLimit).toMatchObject({ limit: 100, remaining: 0, reset: 1900000000 });
  });

  it('maps a 403 with remaining 0 to a rate limit, not a paused agent', async () => {
    const fetchImpl = respond(403, { message: 'Forbidden' }, { 'x-ratelimit-remaining': '0' });
    await expect(client(fetchImpl).call('account')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('maps a 403 "Agent cancelled"', async () => {
    const fetchImpl = respond(403, { success: false, error: 'Agent cancelled' });
    await expect(client(fetchImpl).call('markSent', { params: { actionId: 'x' }, body: {} })).rejects.toMatchObject({
      kind: 'agent-cancelled',
    });
  });

  it('maps 5xx to ServerError', async () => {
    await expect(client(respond(503, 'down')).call('account')).rejects.toBeInstanceOf(ServerError);
  });

  it('treats a 200 whose success indicator is false as a failure', async () => {
    await expect(client(respond(200, { success: false, message: 'Nope' })).call('weeklyStats')).rejects.toBeInstanceOf(ServiceError);
  });

  it("never makes an HTML page the service's words: its text is for the details, the sentence is the status's", async () => {
    const page = `<html><head><title>Blocked</title><style>${'.a{color:red}'.repeat(40)}</style></head><body><h1>Access denied</h1></body></html>`;
    const error = (await client(respond(403, page))
      .call('account')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.said).toBeUndefined();
    expect(error.message).toBe('Access denied');
    expect(errorText(error.toJSON())).toBe("The service does not allow this with your API key. Check the key's rights in your account.");
    expect(technicalText(error.toJSON())).toBe('service (HTTP 403): Access denied');
  });

  it("quotes the service's short sentence, not a long one, and never falls back to 'HTTP 400'", async () => {
    const short = (await client(respond(400, { message: 'Quota exceeded' }))
      .call('account')
      .catch((e: unknown) => e)) as ApiError;
    expect(errorText(short.toJSON())).toBe('The service refused this: Quota exceeded');
    const long = (await client(respond(400, { message: 'word '.repeat(60) }))
      .call('account')
      .catch((e: unknown) => e)) as ApiError;
    expect(long.said).toBeUndefined();
    expect(errorText(long.toJSON())).not.toContain('word');
    const none = (await client(respond(400, {}))
      .call('account')
      .catch((e: unknown) => e)) as ApiError;
    expect(none.message).toBe('');
    expect(errorText(none.toJSON())).not.toMatch(/HTTP|400/);
  });

  it('reports HTML instead of JSON as an invalid response', async () => {
    await expect(client(respond(200, '<html>login</html>')).call('listActions', {}, readActionList)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('reports JSON of an unknown shape as an invalid response', async () => {
    await expect(client(respond(200, { success: true, foo: 1 })).call('listActions', {}, readActionList)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('reports a refused connection as a NetworkError', async () => {
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client(failing).call('account')).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives up after its timeout with a TimeoutError', async () => {
    const hanging = vi.fn<typeof fetch>(
      (_, init) =>
        new Promise((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(client(hanging, memoryRoutes(), { timeoutMs: 20 }).call('account')).rejects.toBeInstanceOf(TimeoutError);
  });

  it('fails a call whose answer starts but never ends, after the same time limit as the request', async () => {
    let cancelled = false;
    const endless = vi.fn<typeof fetch>(async () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"success": true, "data": ['));
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const started = Date.now();
    await expect(client(endless, memoryRoutes(), { timeoutMs: 50 }).call('listActions', {}, readActionList)).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(cancelled).toBe(true);
  });

  it('refuses an answer over 2 MB without parsing it, whether its length is declared or not', async () => {
    const big = JSON.stringify({ success: true, data: [{ id: 'na_1', message: 'x'.repeat(3 * 1024 * 1024) }] });
    const declared = respond(200, big, { 'content-length': String(big.length) });
    const error = await client(declared)
      .call('listActions', {}, readActionList)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLargeError);
    expect((error as ApiError).toJSON()).toMatchObject({ kind: 'too-large', status: 200 });
    expect(errorText((error as ApiError).toJSON())).toMatch(/too large to read \(over 2 MB\)/);
    // Streamed without a length: reading stops once past the limit.
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(32);
    const streamed = vi.fn<typeof fetch>(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              sent += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
          { status: 200 },
        ),
    );
    await expect(client(streamed).call('listActions', {}, readActionList)).rejects.toBeInstanceOf(TooLargeError);
    expect(sent).toBeLessThan(MAX_BODY_BYTES + 3 * chunk.byteLength);
    // An error's status still says what it is; its oversized body is only not read.
    await expect(client(respond(401, big, { 'content-length': String(big.length) })).call('account')).rejects.toBeInstanceOf(UnauthorizedError);
    // Just under the limit is read.
    const under = JSON.stringify({ success: true, data: [{ id: 'na_1', message: 'Hi' }], pad: 'x'.repeat(MAX_BODY_BYTES - 200) });
    await expect(client(respond(200, under)).call('listActions', {}, readActionList)).resolves.toMatchObject({ actions: [{ id: 'na_1' }] });
  });

  it('reports the rate-limit headers of every response that carries them', async () => {
    const seen: unknown[] = [];
    const fetchImpl = respond(200, { success: true, data: [] }, { 'x-ratelimit-remaining': '42' });
    await client(fetchImpl, memoryRoutes(), { onResponse: (i: unknown) => seen.push(i) }).call('listActions', {}, readActionList);
    expect(seen).toEqual([expect.objectContaining({ remaining: 42 })]);
  });
});

describe('what the client never sends elsewhere', () => {
  it('follows no redirect: the key and the body stay with the service, and the answer is an error', async () => {
    const moved = vi.fn<typeof fetch>(async () => new Response(null, { status: 307, headers: { Location: 'https://collector.example/api' } }));
    await expect(client(moved).call('markSent', { params: { actionId: 'na_1' }, body: { metadata: {} } })).rejects.toMatchObject({
      kind: 'invalid-response',
      status: 307,
    });
    expect(moved).toHaveBeenCalledTimes(1);
    expect(moved.mock.calls[0]![1]).toMatchObject({ redirect: 'manual' });
  });

  it('takes a redirect the browser made opaque as a redirect, not as an answer', async () => {
    const opaque = vi.fn<typeof fetch>(async () => ({ type: 'opaqueredirect', status: 0, headers: new Headers(), text: async () => '' }) as Response);
    await expect(client(opaque).call('listActions', { query: { status: 'ready' } })).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(opaque).toHaveBeenCalledTimes(1);
  });

  it.each(['.', '..', 'na_1/../../account', 'a/b', 'a\\\\b'])('refuses the identifier %j before it reaches a request path', async (id) => {
    const fetchSpy = respond(200, { success: true });
    await expect(client(fetchSpy).call('markSent', { params: { actionId: id }, body: { metadata: {} } })).rejects.toMatchObject({
      kind: 'invalid-request',
      field: 'actionId',
      problem: 'malformed',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("uses no method or path segment from stored routes beyond the operation's own", async () => {
    const fetchSpy = respond(200, { success: true, data: [] });
    const routes = memoryRoutes();
    await routes.save({ methods: { listActions: 'DELETE' as 'GET' }, networkSegment: '../admin' as 'network' });
    await client(fetchSpy, routes).call('listActions', { query: { status: 'ready' } });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(init?.method).toBe('GET');
    expect(String(url)).toBe(`${BASE}/api/network/actions?status=ready`);
  });
});

describe('a 404, told in words about the thing acted on', () => {
  it.each([
    ['validateEmail', { leadId: 'ld_3' }, 'email', 'contact email'],
    ['validateResponse', { emailId: 'em_1' }, 'reply', 'reply'],
    ['validateLetter', { letterId: 'lt_1' }, 'letter', 'letter'],
    ['blockContact', { leadId: 'ld_3' }, 'contact', 'contact'],
    ['markSent', { actionId: 'na_1' }, 'invitation', 'invitation'],
  ] as const)('%s refused with 404 is about its %s', async (name, params, about, words) => {
    const api = client(respond(404, { message: 'Not found' }), memoryRoutes({ methods: {}, networkSegment: 'network' }));
    const error = (await api.call(name, { params } as never).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.toJSON().about).toBe(about);
    const sentence = errorText(error.toJSON());
    expect(sentence).toContain(words === 'contact email' ? 'contact email' : `This ${words}`);
    if (about !== 'invitation') expect(sentence).not.toContain('invitation');
  });
});
