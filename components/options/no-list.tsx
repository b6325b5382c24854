import type { SerializedApiError } from '../../lib/api/errors';
import { t } from '../../lib/extension/i18n';
import type { Member } from '../../lib/views/no-list';
import { ErrorDetails } from '../shared/error-details';

const typeWords = (m: Member): string => (m.type === 'list' ? t('blank.type.list', [m.length ?? 0]) : t(`blank.type.${m.type}`));

/** No list of records in the service's answer: said in plain words, with what it had instead (keys and types, never values). */
export function NoList({ title, members, error }: { title: string; members: Member[]; error: SerializedApiError }) {
  const had = members.length ? members.map((m) => t('blank.member', [m.key, typeWords(m)])).join(', ') : t('blank.hadNothing');
  return (
    <div class="feedback error" role="alert">
      <span>{t('blank.noList', [title, had])}</span>
      <ErrorDetails error={error} />
    </div>
  );
}
