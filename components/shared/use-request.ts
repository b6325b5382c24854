import { useCallback, useState } from 'preact/hooks';
import { IDLE, runRequest, type RequestState } from '../../lib/messaging/request-state';

export type { RequestState } from '../../lib/messaging/request-state';

/** Runs one request at a time and remembers how it ended, for a status line. */
export function useRequest(): [RequestState, (run: () => Promise<unknown>) => Promise<boolean>, () => void] {
  const [state, setState] = useState<RequestState>(IDLE);
  const run = useCallback((job: () => Promise<unknown>) => runRequest(setState, job), []);
  const reset = useCallback(() => setState(IDLE), []);
  return [state, run, reset];
}
