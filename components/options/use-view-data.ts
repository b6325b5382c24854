import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import { readWithShape } from '../../lib/api/answer-shape';
import type { SerializedApiError } from '../../lib/api/errors';
import type { ViewCall, ViewRead } from '../../lib/api/view-ops';
import { cacheKey, createViewCache } from '../../lib/views/view-cache';
import { BackendContext } from '../shared/backend';
import { asError } from '../../lib/messaging/request-state';

/** One cache for the whole page: a view opened again within minutes spends no request. */
export const viewCache = createViewCache();

export type ViewData<T> =
  | { phase: 'loading'; data?: T | undefined; asOf?: number | undefined }
  | { phase: 'ready'; data: T; asOf: number }
  | { phase: 'failed'; error: SerializedApiError; data?: T | undefined; asOf?: number | undefined };

/**
 * A read of a view (null: nothing to read yet), turned into what the view shows by its reader
 * (lib/api/readers: they stay out of the background). Cached a few minutes; `refresh` asks again.
 */
export function useViewData<T>(call: ViewCall<ViewRead> | null, read: (body: unknown) => T): ViewData<T> & { refresh(): void } {
  const backend = useContext(BackendContext)!;
  const key = call && cacheKey(call);
  const [state, setState] = useState<ViewData<T>>({ phase: 'loading' });
  const load = useCallback(
    async (force: boolean) => {
      if (!call || !key) return;
      const hit = force ? undefined : viewCache.fresh(key);
      if (hit) {
        setState({ phase: 'ready', data: hit.value as T, asOf: hit.at });
        return;
      }
      setState((s) => ({ phase: 'loading', data: s.data, asOf: s.asOf }));
      try {
        const data = readWithShape(call.name, await backend.ask({ type: 'viewRead', call }), read);
        const stored = viewCache.set(key, data);
        setState({ phase: 'ready', data, asOf: stored.at });
      } catch (error) {
        const failure = asError(error);
        setState((s) => ({ phase: 'failed', error: failure, data: s.data, asOf: s.asOf }));
        // A wait for the budget (or one the service asked for) ends by itself: then load again.
        if (failure.kind === 'rate-limited' && failure.retryAfterSeconds !== undefined) {
          clearTimeout(retry.current);
          retry.current = setTimeout(() => void load(false), failure.retryAfterSeconds * 1000 + 250);
        }
      }
    },
    [key],
  );
  const retry = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    void load(false);
    return () => clearTimeout(retry.current);
  }, [load]);
  return { ...state, refresh: () => void load(true) };
}
