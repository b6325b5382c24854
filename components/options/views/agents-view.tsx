import { useState } from 'preact/hooks';
import { readAgentStats, readReflexes } from '../../../lib/api/readers/agents';
import type { AgentStats, Reflex } from '../../../lib/api/schemas/agents';
import { STAT_PERIODS, type StatPeriod } from '../../../lib/api/spec-values';
import { t } from '../../../lib/extension/i18n';
import { agentFigures, countScale, periodDays } from '../../../lib/views/agent-figures';
import { MeetingsList } from '../meetings-list';
import { useAccountRead } from '../use-account-read';
import { useViewData } from '../use-view-data';
import { ViewHeader } from '../view-header';
import type { ViewProps } from '../view-props';
import { RecordLines } from '../record-lines';
import { momentText } from '../../shared/time-text';

const AGENT_STATUSES = ['setup', 'active', 'paused', 'cancelled', 'pending_payment'];

/**
 * Agents (spec 000, ops 1, 6, 7, 22): status in words, then one agent's statistics, reflexes and
 * meetings. Each part says when it was read and has its own Refresh; the view's own re-reads the
 * account (the agents and their status).
 */
export default function AgentsView({ account, accountAt }: ViewProps) {
  const agents = account?.agents ?? [];
  // Nothing is read until an agent is chosen: opening the view spends no request.
  const [agentId, setAgentId] = useState('');
  const agent = agents.find((a) => a.id === agentId);
  const accountRead = useAccountRead(accountAt);
  return (
    <section aria-labelledby="view-heading" class="view">
      <ViewHeader title={t('views.agents')} data={accountRead} />
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
          <ReflexesPanel agentId={agent.id} />
          <MeetingsList agentId={agent.id} title={t('views.meetings')} level={4} />
        </div>
      )}
    </section>
  );
}

function AgentStatsPanel({ agentId }: { agentId: string }) {
  const [period, setPeriod] = useState<StatPeriod>('30d');
  const data = useViewData({ name: 'agentStats', params: { agentId }, query: { period } }, readAgentStats);
  return (
    <div class="agent-stats">
      <ViewHeader level={4} title={t('agents.stats')} data={data}>
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
        </div>
      </ViewHeader>
      {data.data && <StatsTable stats={data.data} />}
    </div>
  );
}

/** The figures as a table, counts each with a bar drawn to scale (the numbers are the text; the bars add nothing to read). */
function StatsTable({ stats }: { stats: AgentStats }) {
  const rows = agentFigures(stats.figures);
  const max = countScale(rows);
  const days = periodDays(stats.period);
  return (
    <table class="stats-table">
      <caption>{t('agents.statsCaption', [days === null ? (stats.period ?? '') : t('agents.days', [days])])}</caption>
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
        {rows.map((f) => (
          <tr key={f.path}>
            <th scope="row">{f.key ? t(f.key) : f.label}</th>
            <td>{f.rate ? t('agents.percent', [f.value.toLocaleString()]) : f.value.toLocaleString()}</td>
            <td aria-hidden="true">{!f.rate && <span class="bar" style={{ width: `${Math.round((Math.max(0, f.value) / max) * 160)}px` }} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReflexesPanel({ agentId }: { agentId: string }) {
  const data = useViewData({ name: 'agentReflexes', params: { agentId } }, readReflexes);
  // Older agents answer 400: not an error, a fact about the agent.
  const older = data.phase === 'failed' && data.error.status === 400;
  return (
    <div class="reflexes">
      <ViewHeader level={4} title={t('agents.reflexes')} data={older ? { ...data, error: undefined } : data} />
      {older && <p class="help">{t('agents.noReflexes')}</p>}
      {!older && data.data && <ReflexRecords reflexes={data.data.reflexes} />}
    </div>
  );
}

function ReflexRecords({ reflexes }: { reflexes: Reflex[] }) {
  if (reflexes.length === 0) return <p class="help">{t('agents.reflexesNone')}</p>;
  return (
    <ul class="records">
      {reflexes.map((r, i) => (
        <li key={r.id ?? i} class="record">
          <div class="record-main">
            <strong>{r.name ?? t('agents.reflexUnnamed')}</strong>
            {r.description && <div class="muted">{r.description}</div>}
            <RecordLines lines={r.extra} />
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
                    {x.at && <span class="muted"> · {momentText(x.at)}</span>}
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
