import { useEffect, useId, useState } from 'preact/hooks';
import type { Account } from '../../lib/api/schemas';
import { OLD_AFTER_DAYS_RANGE, REQUEST_CAP_RANGE, WEEKLY_CAP_RANGE, WITHDRAWALS_PER_MINUTE_RANGE } from '../../lib/messaging/limits';
import type { Settings } from '../../lib/store/storage';
import { agentChoices } from '../shared/agent-names';
import { AgentSelect } from '../shared/agent-select';
import { isWhole, NumberField } from './number-field';
import { useBackend } from '../shared/use-backend';
import { ErrorMessage } from '../shared/error-message';
import { t } from '../../lib/extension/i18n';
import { useRequest } from '../shared/use-request';

const PERIODS = [0.5, 1, 2, 5, 10, 15, 30, 60];

/** The whole-number settings and their ranges; each one's label, help and error are `settings.<name>`, `<name>Help`, `<name>Invalid`. */
const NUMBERS = {
  weeklyCap: WEEKLY_CAP_RANGE,
  requestCap: REQUEST_CAP_RANGE,
  oldAfterDays: OLD_AFTER_DAYS_RANGE,
  withdrawalsPerMinute: WITHDRAWALS_PER_MINUTE_RANGE,
} as const;
type NumberName = keyof typeof NUMBERS;
const NUMBER_NAMES = Object.keys(NUMBERS) as NumberName[];
/** The numbers as their fields hold them: text, checked before saving. */
const typed = (settings: Settings) => Object.fromEntries(NUMBER_NAMES.map((n) => [n, String(settings[n])])) as Record<NumberName, string>;

/** How often to look for ready invitations, and for which agent. */
export function SettingsForm({ settings, account }: { settings: Settings; account: Account | undefined }) {
  const backend = useBackend();
  const id = useId();
  const [pollMinutes, setPollMinutes] = useState(settings.pollMinutes);
  const [agentFilter, setAgentFilter] = useState(settings.agentFilter ?? '');
  const [autoSend, setAutoSend] = useState(settings.autoSend);
  const [letMeClick, setLetMeClick] = useState(!!settings.letMeClick);
  const [numbers, setNumbers] = useState(typed(settings));
  const valid = NUMBER_NAMES.every((n) => isWhole(numbers[n], NUMBERS[n].min, NUMBERS[n].max));
  const [state, run] = useRequest();
  useEffect(() => {
    setPollMinutes(settings.pollMinutes);
    setAgentFilter(settings.agentFilter ?? '');
    setAutoSend(settings.autoSend);
    setLetMeClick(!!settings.letMeClick);
    setNumbers(typed(settings));
  }, [settings.pollMinutes, settings.agentFilter, settings.autoSend, settings.letMeClick, ...NUMBER_NAMES.map((n) => settings[n])]);

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
            ...(Object.fromEntries(NUMBER_NAMES.map((n) => [n, Number(numbers[n])])) as Record<NumberName, number>),
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
      {NUMBER_NAMES.map((n) => (
        <NumberField
          key={n}
          label={t(`settings.${n}`)}
          help={t(`settings.${n}Help`)}
          invalidKey={`settings.${n}Invalid`}
          value={numbers[n]}
          {...NUMBERS[n]}
          onInput={(value) => setNumbers((all) => ({ ...all, [n]: value }))}
        />
      ))}
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
