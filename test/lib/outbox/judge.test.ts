// What each answer to a write means, from the HTTP answer to the outbox's decision: only the
// service's own refusals go to the refused list; a limit, an outage or a paused agent never do.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api/client';
import { judge, saysNotReady } from '../../../lib/outbox/judge';
import type { SerializedApiError } from '../../../lib/api/errors';
import { memoryRoutes } from '../../helpers/memory-routes';

/** The error the client makes of this answer to a mark (sent for the first time, unless `uncertain`). */
async function failure(answer: () => Promise<Response>): Promise<unknown> {
  const api = createApiClient({ baseUrl: 'https://service.example', apiKey: 'k', fetch: answer, routes: memoryRoutes(), timeoutMs: 50 });
  return api.call('markSent', { params: { actionId: 'na_1' }, body: { metadata: {} } }).then(
    () => {
      throw new Error('the write went through');
    },
    (error: unknown) => error,
  );
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const refused = (status: number, message = 'Refused') => json(status, { success: false, message });

describe('what an answer to a mark means', () => {
  it.each([
    // The service's own refusals: the same write would be refused again.
    ['400', 'dead', refused(400, 'Bad request')],
    ['400 naming fields', 'dead', json(400, { success: false, message: 'Invalid', errors: { status: ['invalid'] } })],
    ['403 (not a limit)', 'dead', refused(403, 'This action belongs to another account')],
    ['403 Agent cancelled', 'dead', refused(403, 'Agent cancelled')],
    ['404', 'dead', refused(404, 'Not found')],
    ['405 (after the other method)', 'dead', refused(405, 'Method not allowed')],
    ['409', 'dead', refused(409, 'Only ready actions can be marked failed')],
    ['410', 'dead', refused(410, 'Gone')],
    ['413', 'dead', refused(413, 'Too large')],
    ['422', 'dead', json(422, { success: false, message: 'Invalid', invalid_fields: ['status'] })],
    ['2xx with success false', 'dead', refused(200, 'Not possible')],
    // A limit: the whole queue waits.
    ['429', 'limit', refused(429, 'Too many requests')],
    ['429 with retry-after', 'limit', json(429, { success: false, message: 'Slow down' }, { 'retry-after': '5' })],
    [
      '403 with x-ratelimit-remaining 0',
      'limit',
      json(403, { success: false, message: 'Forbidden' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '9999999999' }),
    ],
    ['403 with retry-after', 'limit', json(403, { success: false, message: 'Forbidden' }, { 'retry-after': '30' })],
    ['403 naming a secondary rate limit', 'limit', refused(403, 'You have exceeded a secondary rate limit')],
    // A paused agent: the mark waits for it.
    ['403 Agent paused', 'agent', refused(403, 'Agent paused')],
    // The key: everything waits for another.
    ['401', 'pause', refused(401, 'Unauthenticated')],
    // An outage: tried again, never refused.
    ['408 (the service says: later)', 'service', refused(408, 'Request timeout')],
    ['425', 'service', refused(425, 'Too early')],
    ['500', 'service', refused(500, 'Server error')],
    ['502', 'service', async () => new Response('<html>Bad gateway</html>', { status: 502 })],
    ['503', 'service', refused(503, 'Unavailable')],
    ['504', 'service', refused(504, 'Gateway timeout')],
    ['2xx that is not JSON', 'service', async () => new Response('<html>login</html>', { status: 200 })],
    [
      'a network error',
      'service',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    [
      'no answer in time',
      'service',
      (_input: unknown, init?: RequestInit) =>
        new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ],
  ] as const)('%s → %s', async (_name, meaning, answer) => {
    const error = await failure(answer as () => Promise<Response>);
    expect(judge({ op: 'markSent', uncertain: false }, error)).toBe(meaning);
  });

  it('reads back a 409 or a 422 on the status before believing it when a lost first try may have landed', async () => {
    expect(judge({ op: 'markSent', uncertain: true }, await failure(refused(409, 'Only ready actions')))).toBe('check');
    expect(judge({ op: 'markSent', uncertain: true }, await failure(json(422, { success: false, message: 'Invalid', invalid_fields: ['status'] })))).toBe(
      'check',
    );
    expect(judge({ op: 'markSent', uncertain: true }, await failure(refused(404, 'Not found')))).toBe('dead');
  });
});

describe('which refusals say the invitation is no longer ready', () => {
  const serialized = async (answer: () => Promise<Response>) => (failure(answer) as Promise<{ toJSON(): SerializedApiError }>).then((e) => e.toJSON());
  it.each([
    ['409', true, refused(409, 'Conflict')],
    [
      '422 on status',
      true,
      json(422, {
        success: false,
        message: 'Invalid',
        invalid_fields: ['status'],
        validation_errors: { status: 'Only actions in ready can be marked failed.' },
      }),
    ],
    ['400 saying "not ready"', true, refused(400, 'This action is not ready')],
    ['400 saying "already marked"', true, refused(400, 'The action was already marked sent')],
    ['400 saying something else', false, refused(400, 'Bad request')],
    ['422 on another field', false, json(422, { success: false, message: 'Invalid', invalid_fields: ['metadata'] })],
    ['403 Agent cancelled', false, refused(403, 'Agent cancelled')],
    ['404', false, refused(404, 'Not found')],
  ])('%s: %s', async (_answer, notReady, answer) => {
    const error = await serialized(answer);
    for (const op of ['markSent', 'markFailed', 'updateMessage']) expect(saysNotReady({ op }, error)).toBe(notReady);
    // A write of the views is never an invitation's.
    expect(saysNotReady({ op: 'call' }, error)).toBe(false);
  });
});
