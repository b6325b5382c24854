import { useEffect, useId, useState } from 'preact/hooks';
import type { Account } from '../../lib/api/schemas';
import { OLD_AFTER_DAYS_RANGE, REQUEST_CAP_RANGE, WEEKLY_CAP_RANGE, WITHDRAWALS_PER_MINUTE_RANGE } from '../../lib/messaging/limits';
import type { Settings } from '../../lib/storage';
import { agentChoices } from '../shared/agent-names';
import { AgentSelect } from '../shared/agent-select';
import { isWhole, NumberField } from './number-field';
import { useBackend } from '../shared/use-backend';
import { ErrorMessage } from '../shared/error-message';
import { t } from '../../lib/i18n';
import { useRequest } from '../shared/use-request';

const PERIODS = [0.5, 1, 2, 5, 10, 15, 30, 60];

/** How often to look for ready invitations, and for which agent. */
export function SettingsForm({ settings, account }: { settings: Settings; account: Account | undefined }) {
  const backend = useBackend();
  const id = useId();
  const [pollMinutes, setPollMinutes] = useState(settings.pollMinutes);
  const [agentFilter, setAgentFilter] = useState(settings.agentFilter ?? '');
  const [autoSend, setAutoSend] = useState(settings.autoSend);
  const [letMeClick, setLetMeClick] = useState(!!settings.letMeClick);
  const [weeklyCap, setWeeklyCap] = useState(String(settings.weeklyCap));
  const [requestCap, setRequestCap] = useState(String(settings.requestCap));
  const requestValue = Number(requestCap);
  const requestValid = isWhole(requestCap, REQUEST_CAP_RANGE.min, REQUEST_CAP_RANGE.max);
  const capValue = Number(weeklyCap);
  const capValid = isWhole(weeklyCap, WEEKLY_CAP_RANGE.min, WEEKLY_CAP_RANGE.max);
  const [oldAfter, setOldAfter] = useState(String(settings.oldAfterDays));
  const oldAfterValid = isWhole(oldAfter, OLD_AFTER_DAYS_RANGE.min, OLD_AFTER_DAYS_RANGE.max);
  const [withdrawals, setWithdrawals] = useState(String(settings.withdrawalsPerMinute));
  const withdrawalsValid = isWhole(withdrawals, WITHDRAWALS_PER_MINUTE_RANGE.min, WITHDRAWALS_PER_MINUTE_RANGE.max);
  const valid = capValid && requestValid && oldAfterValid && withdrawalsValid;
  const [state, run] = useRequest();
  useEffect(() => {
    setPollMinutes(settings.pollMinutes);
    setAgentFilter(settings.agentFilter ?? '');
    setAutoSend(settings.autoSend);
    setLetMeClick(!!settings.letMeClick);
    setWeeklyCap(String(settings.weeklyCap));
    setRequestCap(String(settings.requestCap));
    setOldAfter(String(settings.oldAfterDays));
    setWithdrawals(String(settings.withdrawalsPerMinute));
  }, [
    settings.pollMinutes,
    settings.agentFilter,
    settings.autoSend,
    settings.letMeClick,
    settings.weeklyCap,
    settings.requestCap,
    settings.oldAfterDays,
    settings.withdrawalsPerMinute,
  ]);

  const hasAgents = agentChoices(account, []).length > 0;
  const periods = PERIODS.includes(pollMinutes) ? PERIODS : [...PERIODS, pollMinutes].sort((a, b) => a - b);

  return (
    <form
      class="settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        void run(() =>
          backend.ask({
            type: 'saveSettings',
            pollMinutes,
            agentFilter: agentFilter || null,
            autoSend,
            letMeClick,
            weeklyCap: capValue,
            requestCap: requestValue,
            oldAfterDays: Number(oldAfter),
            withdrawalsPerMinute: Number(withdrawals),
          }),
        );
      }}
    >
      <label for={`${id}-period`}>{t('settings.period')}</label>
      <select id={`${id}-period`} value={String(pollMinutes)} onChange={(e) => setPollMinutes(Number(e.currentTarget.value))}>
        {periods.map((p) => (
          <option key={p} value={String(p)}>
            {p < 1 ? t('settings.seconds', [p * 60]) : t('settings.minutes', [p])}
          </option>
        ))}
      </select>
      <label for={`${id}-agent`}>{t('settings.agentFilter')}</label>
      <AgentSelect id={`${id}-agent`} value={agentFilter} onChange={setAgentFilter} account={account} />
      {!hasAgents && <p class="help">{t('settings.agentFilterHelp')}</p>}
      <NumberField
        label={t('settings.weeklyCap')}
        help={t('settings.weeklyCapHelp')}
        invalidKey="settings.weeklyCapInvalid"
        value={weeklyCap}
        {...WEEKLY_CAP_RANGE}
        onInput={setWeeklyCap}
      />
      <NumberField
        label={t('settings.requestCap')}
        help={t('settings.requestCapHelp')}
        invalidKey="settings.requestCapInvalid"
        value={requestCap}
        {...REQUEST_CAP_RANGE}
        onInput={setRequestCap}
      />
      <NumberField
        label={t('settings.oldAfterDays')}
        help={t('settings.oldAfterDaysHelp')}
        invalidKey="settings.oldAfterDaysInvalid"
        value={oldAfter}
        {...OLD_AFTER_DAYS_RANGE}
        onInput={setOldAfter}
      />
      <NumberField
        label={t('settings.withdrawalsPerMinute')}
        help={t('settings.withdrawalsPerMinuteHelp')}
        invalidKey="settings.withdrawalsPerMinuteInvalid"
        value={withdrawals}
        {...WITHDRAWALS_PER_MINUTE_RANGE}
        onInput={setWithdrawals}
      />
      <label class="check">
        <input type="checkbox" checked={autoSend} onChange={(e) => setAutoSend(e.currentTarget.checked)} />
        {t('settings.autoSend')}
      </label>
      <p class="help">{t('settings.autoSendHelp')}</p>
      <label class="check">
        <input type="checkbox" checked={letMeClick} onChange={(e) => setLetMeClick(e.currentTarget.checked)} />
        {t('settings.letMeClick')}
      </label>
      <p class="help">{t('settings.letMeClickHelp')}</p>
      <button type="submit" disabled={state.phase === 'busy' || !valid}>
        {t('settings.save')}
      </button>
      <p role="status" class="feedback">
        {state.phase === 'done' && t('settings.saved')}
      </p>
      {state.phase === 'failed' && <ErrorMessage error={state.error} />}
    </form>
  );
}
