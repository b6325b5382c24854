import { useState } from 'preact/hooks';
import { readAgentStats, readReflexes } from '../../../lib/api/readers/agents';
import type { AgentStats } from '../../../lib/api/schemas/agents';
import { STAT_PERIODS, type StatPeriod } from '../../../lib/api/spec-values';
import { t } from '../../../lib/i18n';
import { ErrorMessage } from '../../shared/error-message';
import { MeetingsList } from '../meetings-list';
import { useViewData } from '../use-view-data';
import type { ViewProps } from '../views';

const AGENT_STATUSES = ['setup', 'active', 'paused', 'cancelled', 'pending_payment'];

/** Agents (spec 000, ops 1, 6, 7, 22): status in words, then one agent's statistics, reflexes and meetings. */
export default function AgentsView({ account }: ViewProps) {
  const agents = account?.agents ?? [];
  // Nothing is read until an agent is chosen: opening the view spends no request.
  const [agentId, setAgentId] = useState('');
  const agent = agents.find((a) => a.id === agentId);
  return (
    <section aria-labelledby="view-heading" class="view">
      <h2 id="view-heading" tabIndex={-1}>
        {t('views.agents')}
      </h2>
      {agents.length === 0 && <p class="help">{account ? t('account.noAgents') : t('views.loading')}</p>}
      <ul class="agent-tabs" aria-label={t('views.agents')}>
        {agents.map((a) => (
          <li key={a.id}>
            <button type="button" aria-pressed={a.id === agentId} onClick={() => setAgentId(a.id)}>
              <strong>{a.name ?? a.id}</strong>
              <span class="muted"> · {AGENT_STATUSES.includes(a.status) ? t(`agentStatus.${a.status}`) : a.status}</span>
            </button>
          </li>
        ))}
      </ul>
      {agents.length > 0 && !agent && <p class="help">{t('agents.choose')}</p>}
      {agent && (
        <div key={agent.id} class="agent-detail">
          <h3>{agent.name ?? agent.id}</h3>
          {agent.internalNote && <p class="help">{agent.internalNote}</p>}
          <AgentStatsPanel agentId={agent.id} />
          <h4>{t('agents.reflexes')}</h4>
          <ReflexesPanel agentId={agent.id} />
          <h4>{t('views.meetings')}</h4>
          <MeetingsList agentId={agent.id} />
        </div>
      )}
    </section>
  );
}

/** Words for the figures the spec names, by their path in the answer (`emails.sent`). */
const FIGURE_WORDS: Record<string, Record<string, string>> = {
  emails: { sent: 'agents.figure.emailsSent', received: 'agents.figure.emailsReceived' },
  letters: { sent: 'agents.figure.lettersSent' },
  contacts: { total: 'agents.figure.contacts' },
  meetings: { total: 'agents.figure.meetings' },
};
/** A figure in words when the extension knows it, else its path made readable. */
function figureLabel(path: string): string {
  const [group = '', name = ''] = path === 'received' ? ['emails', 'received'] : path.split('.');
  const key = FIGURE_WORDS[group]?.[name];
  return key ? t(key) : path.replaceAll('_', ' ').replaceAll('.', ' › ');
}

function AgentStatsPanel({ agentId }: { agentId: string }) {
  const [period, setPeriod] = useState<StatPeriod>('30d');
  const data = useViewData({ name: 'agentStats', params: { agentId }, query: { period } }, readAgentStats);
  return (
    <div class="agent-stats">
      <div class="filters">
        <label>
          {t('agents.period')}
          <select value={period} onChange={(e) => setPeriod(e.currentTarget.value as StatPeriod)}>
            {STAT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t('agents.days', [Number.parseInt(p, 10)])}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={data.refresh} disabled={data.phase === 'loading'}>
          {t('views.refresh')}
        </button>
      </div>
      {data.phase === 'loading' && <p class="help">{t('views.loading')}</p>}
      {data.phase === 'failed' && <ErrorMessage error={data.error} />}
      {data.data && <StatsTable stats={data.data} />}
    </div>
  );
}

/** The figures as a table, each with a bar drawn to scale (the numbers are the text; the bars add nothing to read). */
function StatsTable({ stats }: { stats: AgentStats }) {
  const rows = Object.entries(stats.figures).slice(0, 24);
  const max = Math.max(1, ...rows.map(([, v]) => v));
  return (
    <table class="stats-table">
      <caption>{t('agents.statsCaption', [stats.period ?? ''])}</caption>
      <thead>
        <tr>
          <th scope="col">{t('agents.figureName')}</th>
          <th scope="col">{t('agents.figureValue')}</th>
          <th scope="col">
            <span class="sr-only">{t('agents.bar')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([path, value]) => (
          <tr key={path}>
            <th scope="row">{figureLabel(path)}</th>
            <td>{value.toLocaleString()}</td>
            <td aria-hidden="true">
              <span class="bar" style={{ width: `${Math.round((Math.max(0, value) / max) * 160)}px` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReflexesPanel({ agentId }: { agentId: string }) {
  const data = useViewData({ name: 'agentReflexes', params: { agentId } }, readReflexes);
  if (data.phase === 'loading') return <p class="help">{t('views.loading')}</p>;
  // Older agents answer 400: not an error, a fact about the agent.
  if (data.phase === 'failed') return data.error.status === 400 ? <p class="help">{t('agents.noReflexes')}</p> : <ErrorMessage error={data.error} />;
  const { reflexes } = data.data;
  if (reflexes.length === 0) return <p class="help">{t('agents.reflexesNone')}</p>;
  return (
    <ul class="records">
      {reflexes.map((r, i) => (
        <li key={r.id ?? i} class="record">
          <div class="record-main">
            <strong>{r.name ?? t('agents.reflexUnnamed')}</strong>
            {r.description && <div class="muted">{r.description}</div>}
          </div>
          <div class="record-meta">
            {r.active !== undefined && <span class="chip">{r.active ? t('agents.reflexActive') : t('agents.reflexPaused')}</span>}
            {r.triggers !== undefined && <span>{t('agents.triggers', [r.triggers.toLocaleString()])}</span>}
          </div>
          {r.executions.length > 0 && (
            <details class="executions">
              <summary>{t('agents.latest', [Math.min(5, r.executions.length)])}</summary>
              <ul>
                {r.executions.slice(0, 5).map((x, j) => (
                  <li key={j}>
                    {[x.prospectName, x.company].filter(Boolean).join(' · ')}
                    {x.at && <span class="muted"> · {new Date(x.at).toLocaleString()}</span>}
                    {x.analysis && <div class="muted">{x.analysis}</div>}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
