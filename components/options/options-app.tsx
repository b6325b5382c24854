import { useEffect, useState } from 'preact/hooks';
import type { Account } from '../../lib/api/schemas';
import { accountItem, settingsItem, weeklyStatsItem, type AccountSnapshot, type Settings, type WeeklyStatsSnapshot } from '../../lib/storage';
import { AccountView } from './account-view';
import { useBackend } from '../shared/use-backend';
import { CredentialsForm } from './credentials-form';
import { ErrorMessage } from '../shared/error-message';
import { SettingsForm } from './settings-form';
import { t } from '../../lib/i18n';
import { useRequest } from '../shared/use-request';
import { useStored } from '../shared/use-stored';
import { WeeklyStatsView } from './weekly-stats-view';
import { RateStatusView } from './rate-status-view';

const STATS_MAX_AGE_MS = 5 * 60_000;

export interface OptionsInitial {
  settings: Settings;
  account: AccountSnapshot | null;
  weeklyStats: WeeklyStatsSnapshot | null;
}

/** The options page: credentials, account, polling settings, weekly statistics. */
export function OptionsApp({ initial }: { initial: OptionsInitial }) {
  const backend = useBackend();
  const settings = useStored(settingsItem, initial.settings);
  const stored = useStored(accountItem, initial.account);
  const weekly = useStored(weeklyStatsItem, initial.weeklyStats);
  const [verified, setVerified] = useState<Account | undefined>(undefined);
  /** null until the background says whether a key is saved: nothing but the first step before that. */
  const [configured, setConfigured] = useState<boolean | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const [statsState, runStats] = useRequest();
  const account = verified ?? stored?.account;
  const loadStats = () => void runStats(() => backend.ask({ type: 'getWeeklyStats' }));
  const onVerified = (a: Account) => {
    setVerified(a);
    loadStats();
  };

  // Figures older than this are fetched again once the page knows a key is saved.
  useEffect(() => {
    const fetchedAt = initial.weeklyStats?.fetchedAt ?? 0;
    if (configured && Date.now() - fetchedAt > STATS_MAX_AGE_MS) loadStats();
  }, [configured]);

  return (
    <main class="options">
      <h1>{t('options.title')}</h1>
      <section aria-labelledby="service-heading">
        <h2 id="service-heading">{t('options.service')}</h2>
        {configured === false && <p class="help">{t('options.firstRun')}</p>}
        <CredentialsForm onVerified={onVerified} onInfo={(info) => setConfigured(info.hasKey)} />
        {account && <AccountView account={account} />}
      </section>
      {configured && (
        <>
          <section aria-labelledby="stats-heading">
            <h2 id="stats-heading">{t('options.stats')}</h2>
            <button type="button" onClick={loadStats} disabled={statsState.phase === 'busy'}>
              {weekly ? t('stats.refresh') : t('stats.load')}
            </button>
            <p role="status" class="feedback">
              {statsState.phase === 'busy' && t('stats.loading')}
              {weekly && statsState.phase !== 'busy' && t('stats.asOf', [new Date(weekly.fetchedAt).toLocaleString()])}
            </p>
            {statsState.phase === 'failed' && <ErrorMessage error={statsState.error} />}
            {weekly && <WeeklyStatsView stats={weekly.stats} />}
          </section>
          <section class="advanced" aria-labelledby="advanced-heading">
            <h2 id="advanced-heading">
              <button type="button" class="disclosure" aria-expanded={advanced} aria-controls="advanced-body" onClick={() => setAdvanced(!advanced)}>
                {t('options.advanced')}
              </button>
            </h2>
            <p class="help">{t('options.advancedDefaults')}</p>
            {advanced && (
              <div id="advanced-body">
                <section aria-labelledby="polling-heading">
                  <h3 id="polling-heading">{t('options.polling')}</h3>
                  <SettingsForm settings={settings} account={account} />
                </section>
                <section aria-labelledby="rate-heading">
                  <h3 id="rate-heading">{t('options.rate')}</h3>
                  <RateStatusView />
                </section>
              </div>
            )}
          </section>
        </>
      )}
    </main>
  );
}
