import { useState } from 'preact/hooks';
import { t } from '../../../lib/i18n';
import { MeetingsList } from '../meetings-list';
import { viewCache } from '../use-view-data';
import type { ViewProps } from '../views';

/** Meetings booked through each agent's booking page (spec 000, op 22), one agent at a time. */
export default function MeetingsView({ account }: ViewProps) {
  const agents = account?.agents ?? [];
  const [agentId, setAgentId] = useState(agents[0]?.id ?? '');
  const [round, setRound] = useState(0);
  return (
    <section aria-labelledby="view-heading" class="view">
      <header class="view-header">
        <h2 id="view-heading" tabIndex={-1}>
          {t('views.meetings')}
        </h2>
        <button
          type="button"
          onClick={() => {
            viewCache.clear();
            setRound(round + 1);
          }}
        >
          {t('views.refresh')}
        </button>
      </header>
      {agents.length === 0 ? (
        <p class="help">{t('account.noAgents')}</p>
      ) : (
        <>
          <div class="filters">
            <label>
              {t('views.agent')}
              <select value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
                {agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name ?? a.id}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {agentId && <MeetingsList key={`${agentId}:${round}`} agentId={agentId} />}
        </>
      )}
    </section>
  );
}
