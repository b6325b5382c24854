import { useContext, useEffect, useRef } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import { BackendContext } from '../shared/backend';
import { useRequest } from '../shared/use-request';

export interface AccountRead {
  phase: 'loading' | 'ready' | 'failed';
  asOf: number | undefined;
  error: SerializedApiError | undefined;
  refresh(): void;
}

/**
 * The account's agents and their status as a view's data: read when the key was verified (the
 * background keeps them), read again on Refresh. A verification has its own budget (spec 001): as
 * with the views' reads, a wait for it counts down in the header and then it reads again by itself.
 */
export function useAccountRead(accountAt: number | undefined): AccountRead {
  const backend = useContext(BackendContext)!;
  const [state, run] = useRequest();
  const retry = useRef<ReturnType<typeof setTimeout>>();
  const refresh = () => {
    clearTimeout(retry.current);
    void run(() => backend.ask({ type: 'verifyKey' }));
  };
  const error = state.phase === 'failed' ? state.error : undefined;
  useEffect(() => {
    if (error?.kind === 'rate-limited' && error.retryAfterSeconds !== undefined) retry.current = setTimeout(refresh, error.retryAfterSeconds * 1000 + 250);
    return () => clearTimeout(retry.current);
  }, [error]);
  return { phase: state.phase === 'busy' ? 'loading' : error ? 'failed' : 'ready', asOf: accountAt, error, refresh };
}
