import { useContext, useEffect } from 'preact/hooks';
import { t } from '../../../lib/extension/i18n';
import { weekFigures } from '../../../lib/sent-invitations/week-figures';
import { DEFAULT_SETTINGS, sentLogItem, sentRecordItem, settingsItem, weeklyStatsItem } from '../../../lib/store/storage';
import { BackendContext } from '../../shared/backend';
import { ErrorMessage } from '../../shared/error-message';
import { useRequest } from '../../shared/use-request';
import { useStored } from '../../shared/use-stored';
import { WeekCap } from '../charts/week-cap';
import { SentByAgent } from '../sent-by-agent';
import type { ViewProps } from '../view-props';
import { WeeklyStatsView } from '../weekly-stats-view';
import { momentText } from '../../shared/time-text';

const STATS_MAX_AGE_MS = 5 * 60_000;

/**
 * The last 7 days against the weekly cap beside the 7 days before, then per day as the background
 * keeps the service's figures (the popup and the panel show the same), then those sent through the
 * extension, per agent, from its own record.
 */
export default function InvitationsView({ account }: ViewProps) {
  const backend = useContext(BackendContext)!;
  const weekly = useStored(weeklyStatsItem, null);
  const sentLog = useStored(sentLogItem, []);
  const record = useStored(sentRecordItem, []);
  const settings = useStored(settingsItem, DEFAULT_SETTINGS);
  const [state, run] = useRequest();
  const load = () => void run(() => backend.ask({ type: 'getWeeklyStats' }));
  // Figures older than this are fetched again when the view opens.
  useEffect(() => {
    void weeklyStatsItem.getValue().then((w) => {
      if (!w || Date.now() - w.fetchedAt > STATS_MAX_AGE_MS) load();
    });
  }, []);
  return (
    <section aria-labelledby="view-heading" class="view">
      <header class="view-header">
        <h2 id="view-heading" tabIndex={-1}>
          {t('views.invitations')}
        </h2>
        <p role="status" class="as-of">
          {state.phase === 'busy' && t('stats.loading')}
          {weekly && state.phase !== 'busy' && t('stats.asOf', [momentText(weekly.fetchedAt)])}
        </p>
        <button type="button" onClick={load} disabled={state.phase === 'busy'}>
          {weekly ? t('stats.refresh') : t('stats.load')}
        </button>
        {state.phase === 'failed' && <ErrorMessage error={state.error} />}
      </header>
      <WeekCap figures={weekFigures(weekly, sentLog, record, Date.now(), settings.weeklyCap)} />
      {weekly && <WeeklyStatsView stats={weekly.stats} account={account} />}
      <SentByAgent account={account} />
    </section>
  );
}
