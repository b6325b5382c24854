import type { SerializedApiError } from '../api/errors';
import { UnreadableError } from '../api/body/unreadable';
import { RequestFailed } from './ask';

export type RequestState = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done' } | { phase: 'failed'; error: SerializedApiError };

export const IDLE: RequestState = { phase: 'idle' };

/**
 * What went wrong, for the page to say: the background's answer, an answer the page could not
 * read, or else a fault of the page's own code (never a refusal by the service).
 */
export function asError(error: unknown): SerializedApiError {
  if (error instanceof RequestFailed) return error.error;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: error instanceof UnreadableError ? 'invalid-response' : 'internal', message };
}

/** Runs one request, reporting busy and then how it ended; true when it succeeded. */
export async function runRequest(report: (state: RequestState) => void, job: () => Promise<unknown>): Promise<boolean> {
  report({ phase: 'busy' });
  try {
    await job();
    report({ phase: 'done' });
    return true;
  } catch (error) {
    report({
      phase: 'failed',
      error: asError(error),
    });
    return false;
  }
}
