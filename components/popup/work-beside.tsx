import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';
import { asError } from '../../lib/messaging/request-state';
import type { SerializedApiError } from '../../lib/api/errors';
import { ErrorMessage } from '../shared/error-message';
import { useBackend } from '../shared/use-backend';

/**
 * "Work beside the page": the desk, beside the profiles the person goes through, in place of this
 * popup that closes at the first click in the page. Hidden where the browser has no desk to open.
 */
export function WorkBeside() {
  const backend = useBackend();
  const [open, setOpen] = useState<(() => Promise<void>) | null>(null);
  const [failed, setFailed] = useState<SerializedApiError | null>(null);
  useEffect(() => {
    void backend.deskOpener?.().then(
      (opener) => setOpen(() => opener),
      () => undefined,
    );
  }, []);
  if (!open) return null;
  return (
    <div class="work-beside">
      <p class="row">
        <button
          type="button"
          onClick={() =>
            // Within the click itself: the browser opens the desk only then.
            void open().then(
              () => window.close(),
              (error: unknown) => setFailed(asError(error)),
            )
          }
        >
          {t('desk.workBeside')}
        </button>
        <span class="help">{t('desk.workBesideHelp')}</span>
      </p>
      {failed && <ErrorMessage error={failed} />}
    </div>
  );
}
