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

/** What the person saw of the record a write decides on (lib/views/seen.ts), and what to do when it changed. */
export interface Seen {
  text: string;
  changed(): void;
}

export type WriteState = { phase: 'idle' } | { phase: 'busy' } | { phase: 'done'; receipt: WriteReceipt } | { phase: 'failed'; error: SerializedApiError };

/**
 * A write of a view, through the background's outbox: stored first, so nothing is lost when the
 * service is away ("queued"). What the views read before may no longer hold once it is done, nor
 * when the service refused it because the record changed since it was seen (`seen.changed`).
 */
export function useViewWrite(): [WriteState, (item: string, call: ViewCall<ViewWrite>, seen?: Seen) => Promise<WriteReceipt | undefined>] {
  const backend = useContext(BackendContext)!;
  const [state, setState] = useState<WriteState>({ phase: 'idle' });
  async function run(item: string, call: ViewCall<ViewWrite>, seen?: Seen): Promise<WriteReceipt | undefined> {
    setState({ phase: 'busy' });
    try {
      const receipt = await backend.ask({ type: 'viewWrite', item, call, ...(seen ? { seen: seen.text } : {}) });
      viewCache.clear();
      setState({ phase: 'done', receipt });
      // Only a count shown elsewhere: failing to mark it stale must not turn a write that was made
      // into a failure; the count is read again within 10 minutes anyway.
      markWaitingStale().catch(() => undefined);
      return receipt;
    } catch (error) {
      // A refusal kept in the outbox is shown on its item, with Retry and Discard: not twice.
      const kept = itemWriteStatus(await outboxView.getValue(), item)?.state === 'refused';
      const refusal = asError(error);
      setState(kept ? { phase: 'idle' } : { phase: 'failed', error: refusal });
      // Changed since it was seen (seen-check.ts): what the view read no longer holds, it reads it again.
      if (refusal.kind === 'seen-changed') {
        viewCache.clear();
        seen?.changed();
      }
      return undefined;
    }
  }
  return [state, run];
}
