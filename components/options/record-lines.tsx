import { useState } from 'preact/hooks';
import type { Line } from '../../lib/api/body/unplaced';
import { t } from '../../lib/extension/i18n';
import { RecordLines as Lines } from '../shared/record-lines';

/** A value longer than this is cut, with "Show all", unless it must be seen whole. */
const SHOWN = 2_000;

function Cut({ value }: { value: string }) {
  const [all, setAll] = useState(false);
  if (all || value.length <= SHOWN) return <dd>{value}</dd>;
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
 * The shared lines (components/shared/record-lines.tsx) as the options' records show them: a long
 * value cut with Show all; `whole` for a record about to be approved: nothing of it is cut.
 */
export function RecordLines({ lines, whole = false }: { lines: Line[] | undefined; whole?: boolean }) {
  return <Lines lines={lines} Value={whole ? undefined : Cut} />;
}
