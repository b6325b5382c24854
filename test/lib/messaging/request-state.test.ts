import { describe, expect, it } from 'vitest';
import { asError, type RequestState, runRequest } from '../../../lib/messaging/request-state';
import { UnreadableError } from '../../../lib/api/body/unreadable';
import { RequestFailed } from '../../../lib/messaging/ask';

async function failureOf(job: () => Promise<unknown>) {
  const states: RequestState[] = [];
  expect(await runRequest((s) => states.push(s), job)).toBe(false);
  const last = states.at(-1)!;
  if (last.phase !== 'failed') throw new Error(`ended ${last.phase}`);
  return last.error;
}

describe('runRequest', () => {
  it("reports the background's own error as it came", async () => {
    const error = { kind: 'not-found' as const, message: 'gone', status: 404 };
    expect(await failureOf(() => Promise.reject(new RequestFailed(error)))).toEqual(error);
  });

  it("calls a bug of the page the extension's fault, not the service's", async () => {
    const error = await failureOf(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    expect(error.kind).toBe('internal');
    expect(error.message).toContain('Cannot read properties');
  });

  it('calls an answer the page could not read an unreadable answer', async () => {
    const error = await failureOf(async () => {
      throw new UnreadableError('listContacts', '$.data', 'No list of contacts');
    });
    expect(error.kind).toBe('invalid-response');
  });
});

describe('asError, as the views and the popup read a failure', () => {
  it("calls a view reader's bug the extension's fault and an answer it cannot read an unreadable answer", () => {
    expect(asError(new TypeError("Cannot read properties of undefined (reading 'map')")).kind).toBe('internal');
    expect(asError(new UnreadableError('listContacts', '$.data', 'No list of contacts found')).kind).toBe('invalid-response');
  });
});
