import { useContext } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';
import { EMPTY_OUTBOX } from '../../lib/outbox/outbox';
import { outboxView } from '../../lib/outbox/store';
import { itemWriteStatus } from '../../lib/views/write-status';
import { BackendContext } from '../shared/backend';
import { ErrorMessage } from '../shared/error-message';
import { useStored } from '../shared/use-stored';

/** On an item of a view: its write waiting in the outbox, or refused with Retry (when retrying may help) and Discard. */
export function ItemWriteStatus({ item }: { item: string }) {
  const backend = useContext(BackendContext)!;
  const outbox = useStored(outboxView, EMPTY_OUTBOX);
  const status = itemWriteStatus(outbox, item);
  if (!status) return null;
  if (status.state === 'queued') {
    return (
      <p class="feedback queued" role="status">
        {status.waitingFor === 'limit' ? t('views.queuedLimit') : t('views.queued')}
      </p>
    );
  }
  return (
    <div class="refused">
      <ErrorMessage error={status.error} />
      {/* Changed since it was seen: the item shows the new version to decide on again, nothing to retry. */}
      {status.error.kind !== 'seen-changed' && (
        <button type="button" onClick={() => void backend.ask({ type: 'retryWrite', entryId: status.entryId })}>
          {t('views.retry')}
        </button>
      )}
      <button type="button" onClick={() => void backend.ask({ type: 'discardWrite', entryId: status.entryId })}>
        {t('views.discard')}
      </button>
    </div>
  );
}
