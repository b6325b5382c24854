import { SHAPE_MARK } from '../../lib/api/error-body';
import type { SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/extension/i18n';
import { technicalText } from './error-text';

/**
 * The technical side of a failure, one click away. No hooks: the in-page panel's note editor shows
 * it too, and the panel ships without preact/hooks.
 */
export function ErrorDetails({ error }: { error: SerializedApiError }) {
  // An answer that could not be read carries its shape (lib/api/answer-shape.ts): shown whole, as lines.
  const at = error.message.indexOf(SHAPE_MARK);
  return (
    <details class="technical">
      <summary>{t('error.details')}</summary>
      <code>{technicalText(at < 0 ? error : { ...error, message: error.message.slice(0, at) })}</code>
      {at >= 0 && <pre>{error.message.slice(at + 2)}</pre>}
    </details>
  );
}
