import { useContext, useState } from 'preact/hooks';
import type { SerializedApiError } from '../../lib/api/errors';
import type { ViewCall, ViewWrite } from '../../lib/api/view-ops';
import type { WriteReceipt } from '../../lib/messaging/ask';
import { outboxView } from '../../lib/outbox/store';
import { itemWriteStatus } from '../../lib/views/write-status';
import { BackendContext } from '../shared/backend';
import { asError } from '../../lib/messaging/request-state';
import { markWaitingStale } from '../shared/use-waiting-work';
import { viewCache } from './use-view-data';

export type WriteState = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done'; receipt: WriteReceipt } | { phase: 'failed'; error: SerializedApiError };

/**
 * A write of a view, through the background's outbox: stored first, so nothing is lost when the
 * service is away ("queued"). What the views read before may no longer hold once it is done.
 */
export function useViewWrite(): [WriteState, (item: string, call: ViewCall<ViewWrite>) => Promise<WriteReceipt | undefined>] {
  const backend = useContext(BackendContext)!;
  const [state, setState] = useState<WriteState>({ phase: 'idle' });
  async function run(item: string, call: ViewCall<ViewWrite>): Promise<WriteReceipt | undefined> {
    setState({ phase: 'busy' });
    try {
      const receipt = await backend.ask({ type: 'viewWrite', item, call });
      viewCache.clear();
      setState({ phase: 'done', receipt });
      // Only a count shown elsewhere: failing to mark it stale must not turn a write that was made
      // into a failure; the count is read again within 10 minutes anyway.
      markWaitingStale().catch(() => undefined);
      return receipt;
    } catch (error) {
      // A refusal kept in the outbox is shown on its item, with Retry and Discard: not twice.
      const kept = itemWriteStatus(await outboxView.getValue(), item)?.state === 'refused';
      setState(kept ? { phase: 'idle' } : { phase: 'failed', error: asError(error) });
      return undefined;
    }
  }
  return [state, run];
}
