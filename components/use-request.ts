import { useCallback, useState } from 'preact/hooks';
import type { SerializedApiError } from '../lib/api/errors';
import { RequestFailed } from '../lib/messaging/ask';

export type RequestState =
  | { phase: 'idle' }
  | { phase: 'busy' }
  | { phase: 'done' }
  | { phase: 'failed'; error: SerializedApiError };

/** Runs one request at a time and remembers how it ended, for a status line. */
export function useRequest(): [RequestState, (run: () => Promise<unknown>) => Promise<boolean>, () => void] {
  const [state, setState] = useState<RequestState>({ phase: 'idle' });
  const run = useCallback(async (job: () => Promise<unknown>) => {
    setState({ phase: 'busy' });
    try {
      await job();
      setState({ phase: 'done' });
      return true;
    } catch (error) {
      setState({
        phase: 'failed',
        error: error instanceof RequestFailed ? error.error : { kind: 'service', message: String(error) },
      });
      return false;
    }
  }, []);
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return [state, run, reset];
}
