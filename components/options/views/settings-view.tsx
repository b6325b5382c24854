import { useState } from 'preact/hooks';
import type { Account } from '../../../lib/api/schemas';
import { t } from '../../../lib/extension/i18n';
import { DEFAULT_SETTINGS, settingsItem } from '../../../lib/store/storage';
import { useStored } from '../../shared/use-stored';
import { AboutPrivacy } from '../about-privacy';
import { AccountView } from '../account-view';
import { ConnectionCheck } from '../connection-check';
import { CredentialsForm } from '../credentials-form';
import { RateStatusView } from '../rate-status-view';
import { SettingsForm } from '../settings-form';
import type { ViewProps } from '../view-props';

/** The service's address and key first; polling, caps and the request budget under Advanced. */
export default function SettingsView({ account: known, onCredentials }: ViewProps) {
  const settings = useStored(settingsItem, DEFAULT_SETTINGS);
  const [verified, setVerified] = useState<Account | undefined>(undefined);
  const [configured, setConfigured] = useState<boolean | null>(null);
  const [advanced, setAdvanced] = useState(false);
  /** Raised by each Connect that worked: the connection check runs then. */
  const [connects, setConnects] = useState(0);
  /** Raised by Forget everything: the credentials form starts again, empty. */
  const [generation, setGeneration] = useState(0);
  const account = verified ?? known;
  return (
    <section aria-labelledby="view-heading" class="view">
      <h2 id="view-heading" tabIndex={-1}>
        {t('views.settings')}
      </h2>
      {configured === false && <p class="help">{t('options.firstRun')}</p>}
      <CredentialsForm
        key={generation}
        onVerified={(a) => {
          setVerified(a);
          setConnects((n) => n + 1);
          onCredentials(true);
        }}
        onInfo={(info) => {
          setConfigured(info.hasKey);
          onCredentials(info.hasKey);
        }}
      />
      {account && <AccountView account={account} />}
      {configured && <ConnectionCheck connected={connects} />}
      {configured && (
        <section class="advanced" aria-labelledby="advanced-heading">
          <h3 id="advanced-heading">
            <button type="button" class="disclosure" aria-expanded={advanced} aria-controls="advanced-body" onClick={() => setAdvanced(!advanced)}>
              {t('options.advanced')}
            </button>
          </h3>
          <p class="help">{t('options.advancedDefaults')}</p>
          {advanced && (
            <div id="advanced-body">
              <section aria-labelledby="polling-heading">
                <h4 id="polling-heading">{t('options.polling')}</h4>
                <SettingsForm settings={settings} account={account} />
              </section>
              <section aria-labelledby="rate-heading">
                <h4 id="rate-heading">{t('options.rate')}</h4>
                <RateStatusView />
              </section>
            </div>
          )}
        </section>
      )}
      <AboutPrivacy
        onForgotten={() => {
          setVerified(undefined);
          setConfigured(false);
          setGeneration((g) => g + 1);
          onCredentials(false);
        }}
      />
    </section>
  );
}
