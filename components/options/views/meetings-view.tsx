import { useState } from 'preact/hooks';
import { t } from '../../../lib/extension/i18n';
import { MeetingsList } from '../meetings-list';
import { useAccountRead } from '../use-account-read';
import { ViewHeader } from '../view-header';
import type { ViewProps } from '../view-props';

/** Meetings booked through each agent's booking page (spec 000, op 22), one agent at a time. */
export default function MeetingsView({ account, accountAt }: ViewProps) {
  const agents = account?.agents ?? [];
  const [chosen, setChosen] = useState('');
  // The first agent until another is chosen, also when the account arrives after the view.
  const agentId = agents.some((a) => a.id === chosen) ? chosen : (agents[0]?.id ?? '');
  const accountRead = useAccountRead(accountAt);
  return (
    <section aria-labelledby="view-heading" class="view">
      {agentId ? (
        <MeetingsList agentId={agentId} title={t('views.meetings')} level={2}>
          <div class="filters">
            <label>
              {t('views.agent')}
              <select value={agentId} onChange={(e) => setChosen(e.currentTarget.value)}>
                {agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name ?? a.id}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </MeetingsList>
      ) : (
        // Without agents, what there is to refresh is the account's list of them.
        <>
          <ViewHeader title={t('views.meetings')} data={accountRead} />
          <p class="help">{account ? t('account.noAgents') : t('views.loading')}</p>
        </>
      )}
    </section>
  );
}
