import type { Line } from '../../lib/api/body/unplaced';
import { tn } from '../../lib/extension/i18n';
import { RecordLines } from './record-lines';

/**
 * The ready records the service sent without an id the extension can mark them by (issue 49): each
 * still a row of the queue, with what it holds, counted by the badge; they are handled in the service.
 */
export function UnidentifiedRows({ records }: { records: Line[][] }) {
  const label = tn('popup.unidentified', records.length);
  return (
    <ul class="queue waiting" aria-label={label}>
      <li class="summary">{label}</li>
      {records.map((lines, i) => (
        <li class="queue-row" key={i}>
          <RecordLines lines={lines} />
        </li>
      ))}
    </ul>
  );
}
