import { useEffect, useState } from 'preact/hooks';
import { rateStatus, type RateStatus } from '../../lib/outbox/rate-status';
import { useBackend } from '../shared/use-backend';
import { ErrorMessage } from '../shared/error-message';
import { t } from '../../lib/extension/i18n';
import { useSecondsLeft } from '../shared/use-seconds-left';
import { useRequest } from '../shared/use-request';
import { clockText } from '../shared/time-text';

const time = (epochSeconds: number) => clockText(epochSeconds * 1000, true);

/** How much of its request budget the extension has used, and what the service last said. */
export function RateStatusView() {
  const backend = useBackend();
  const [status, setStatus] = useState<RateStatus | null>(null);
  const [state, run] = useRequest();
  const load = () =>
    void run(async () => {
      const b = await backend.ask({ type: 'getRateStatus' });
      setStatus(rateStatus(b.limiter, b.verifications, b.service, b.now, b.cfg));
    });
  useEffect(load, []);

  return (
    <div class="rate-status">
      <button type="button" onClick={load} disabled={state.phase === 'busy'}>
        {t('rate.refresh')}
      </button>
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      {status && (
        <>
          {status.blockedUntil !== null && <BlockedFor until={status.blockedUntil} />}
          <table>
            <caption>{t('rate.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rate.category')}</th>
                <th scope="col">{t('rate.limit')}</th>
                <th scope="col">{t('rate.used')}</th>
                <th scope="col">{t('rate.remaining')}</th>
                <th scope="col">{t('rate.reset')}</th>
              </tr>
            </thead>
            <tbody>
              {(['reads', 'writes', 'verification'] as const).map((k) => (
                <tr key={k}>
                  <th scope="row">{t(`rate.${k}`)}</th>
                  <td>{status.resources[k].limit}</td>
                  <td>{status.resources[k].used}</td>
                  <td>{status.resources[k].remaining}</td>
                  <td>{time(status.resources[k].reset)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="help">
            {status.service
              ? t('rate.service', [
                  status.service.limit ?? '?',
                  status.service.remaining ?? '?',
                  status.service.used ?? '?',
                  status.service.reset !== undefined ? time(status.service.reset) : '?',
                ])
              : t('rate.noService')}
          </p>
        </>
      )}
    </div>
  );
}

/** The service's wait, counting down; then said to be over. */
function BlockedFor({ until }: { until: number }) {
  const left = useSecondsLeft(until) ?? 0;
  return <p class={left > 0 ? 'warn' : 'feedback'}>{left > 0 ? t('rate.blockedFor', [left, clockText(until, true)]) : t('rate.blockOver')}</p>;
}
