import { t } from '../../lib/extension/i18n';
import { ErrorDetails } from '../shared/error-details';

/** In place of Validate: the record's content could not be read; the answer's shape behind Details. */
export function UnreadContent({ op, shape = '' }: { op: string; shape?: string | undefined }) {
  return (
    <div class="feedback error">
      <span>{t('blank.noContent')}</span>
      <ErrorDetails error={{ kind: 'invalid-response', message: `${op}: no text that could be this record's content was found${shape}` }} />
    </div>
  );
}
