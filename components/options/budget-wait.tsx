import { useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';
import { useSecondsLeft } from '../shared/use-seconds-left';

/** A wait for the request budget, counting down to the moment the view loads again by itself. */
export function BudgetWait({ seconds }: { seconds: number }) {
  const [until] = useState(() => Date.now() + seconds * 1000);
  return (
    <p class="feedback" role="status">
      {t('views.budgetWait', [useSecondsLeft(until) ?? 0])}
    </p>
  );
}
