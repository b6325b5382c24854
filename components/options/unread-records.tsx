import type { Line } from '../../lib/api/body/unplaced';
import { t, tn } from '../../lib/extension/i18n';
import { RecordLines } from './record-lines';

/**
 * The records of a list the rules found no identifier in: each still a row, all it holds shown
 * labelled, whole, with why nothing can be done with it here (issue 49: no record is ever dropped).
 */
export function UnreadRecords({ list }: { list: { unread?: Line[][] | undefined } | undefined }) {
  if (!list?.unread?.length) return null;
  return (
    <ul class="records" aria-label={tn('blank.unreadRecords', list.unread.length)}>
      {list.unread.map((lines, i) => (
        <li class="record" key={i}>
          <p class="muted">{t('blank.unreadRecord')}</p>
          <RecordLines lines={lines} whole />
        </li>
      ))}
    </ul>
  );
}

/** Whether a list has nothing at all: only then may a view say that nothing waits. */
export const isEmpty = (items: readonly unknown[], list: { unread?: Line[][] | undefined }): boolean => items.length === 0 && !list.unread?.length;
