import { useState } from 'preact/hooks';
import type { Line } from '../../lib/api/body/unplaced';
import { t } from '../../lib/extension/i18n';

/** A value longer than this is cut, with "Show all", unless it must be seen whole. */
const SHOWN = 2_000;

function Value({ value, whole }: { value: string; whole: boolean }) {
  const [all, setAll] = useState(false);
  if (whole || all || value.length <= SHOWN) return <dd>{value}</dd>;
  return (
    <dd>
      {value.slice(0, SHOWN)}…{' '}
      <button type="button" class="link" onClick={() => setAll(true)}>
        {t('blank.showAll', [value.length.toLocaleString()])}
      </button>
    </dd>
  );
}

/**
 * What the reading rules could not place in a record, as the service sent it: one line a member,
 * its key made readable. `whole` for a record about to be approved: nothing of it is cut.
 */
export function RecordLines({ lines, whole = false }: { lines: Line[] | undefined; whole?: boolean }) {
  if (!lines?.length) return null;
  return (
    <div class="record-lines">
      <p class="muted">{t('blank.lines')}</p>
      <dl>
        {lines.map((l, i) => (
          <div key={i}>
            <dt>{l.label}</dt>
            <Value value={l.value} whole={whole} />
          </div>
        ))}
      </dl>
    </div>
  );
}
