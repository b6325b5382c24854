import type { SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/i18n';
import { errorText, technicalText } from './error-text';

/** A failure in plain words, with the technical detail one click away. */
export function ErrorMessage({ error }: { error: SerializedApiError }) {
  return (
    <div class="feedback error" role="alert">
      <span>{errorText(error)}</span>
      <details class="technical">
        <summary>{t('error.details')}</summary>
        <code>{technicalText(error)}</code>
      </details>
    </div>
  );
}
