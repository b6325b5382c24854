import type { SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/extension/i18n';
import { technicalText } from './error-text';

/**
 * The technical side of a failure, one click away. No hooks: the in-page panel's note editor shows
 * it too, and the panel ships without preact/hooks.
 */
export function ErrorDetails({ error }: { error: SerializedApiError }) {
  return (
    <details class="technical">
      <summary>{t('error.details')}</summary>
      <code>{technicalText(error)}</code>
    </details>
  );
}
