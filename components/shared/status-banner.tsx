import type { SyncStatus } from '../../lib/store/storage';
import { useBackend } from './use-backend';
import { ErrorDetails } from './error-details';
import { ErrorSentence } from './error-message';
import { t } from '../../lib/extension/i18n';
import { clockText } from './time-text';

/** What is wrong with the connection to the service, and what to do about it. */
export function StatusBanner({ status, fetchedAt }: { status: SyncStatus; fetchedAt: number | undefined }) {
  const backend = useBackend();
  const since = fetchedAt ? clockText(fetchedAt) : undefined;
  switch (status.state) {
    case 'not-set-up':
    case 'key-rejected':
      return (
        <div class={`banner ${status.state === 'key-rejected' ? 'error' : 'info'}`} role="alert">
          <p>{t(status.state === 'not-set-up' ? 'status.notSetUp' : 'status.keyRejected')}</p>
          <button type="button" onClick={() => backend.openOptions()}>
            {t('status.openSettings')}
          </button>
        </div>
      );
    case 'offline':
      return (
        <div class="banner warn" role="status">
          <p>{since ? t('status.offlineSince', [since]) : t('status.offline')}</p>
          {status.error && <ErrorDetails error={status.error} />}
        </div>
      );
    case 'error':
      return (
        <div class="banner warn" role="status">
          <p>{status.error ? <ErrorSentence error={status.error} at={status.at} /> : t('status.error')}</p>
          {status.error && <ErrorDetails error={status.error} />}
          {status.error?.kind === 'permission' && (
            <button type="button" onClick={() => backend.openOptions()}>
              {t('status.openSettings')}
            </button>
          )}
        </div>
      );
    default:
      return null;
  }
}
