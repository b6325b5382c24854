import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';

/** A wait for the request budget, counting down to the moment the view loads again by itself. */
export function BudgetWait({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(Math.ceil(seconds));
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil(seconds - (Date.now() - started) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <p class="feedback" role="status">
      {t('views.budgetWait', [left])}
    </p>
  );
}
