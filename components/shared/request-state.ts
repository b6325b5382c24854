import type { SerializedApiError } from '../../lib/api/errors';
import { RequestFailed } from '../../lib/messaging/ask';

export type RequestState = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done' } | { phase: 'failed'; error: SerializedApiError };

export const IDLE: RequestState = { phase: 'idle' };

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
      error: error instanceof RequestFailed ? error.error : { kind: 'service', message: String(error) },
    });
    return false;
  }
}
