import type { Account } from '../../../lib/api/schemas';
import { t, tn } from '../../../lib/extension/i18n';
import { agentWeeks, type AgentWeek } from '../../../lib/sent-invitations/agent-week';
import { youngDays } from '../../../lib/sent-invitations/agent-summary';
import { DEFAULT_SETTINGS, sentRecordItem, settingsItem, waitingWorkItem, weeklyStatsItem } from '../../../lib/store/storage';
import type { WaitingWork } from '../../../lib/store/shapes';
import { agentNameOf } from '../../shared/agent-names';
import { useStored } from '../../shared/use-stored';
import { Bar, Swatch, type Segment } from './bar';

/**
 * Each agent's week as two bars, each on its own scale, its figures written beside them: the
 * invitations sent in the last 7 days against the weekly cap, and those sent through the extension
 * by what became of them (accepted, pending by age); what waits for the agent's person as numbers.
 * Read from what is kept: opening the Overview asks nothing.
 */
export function AgentWeeks({ account }: { account: Account | undefined }) {
  const record = useStored(sentRecordItem, []);
  const { oldAfterDays, weeklyCap } = useStored(settingsItem, DEFAULT_SETTINGS);
  const stats = useStored(weeklyStatsItem, null)?.stats;
  const waiting = useStored(waitingWorkItem, null);
  const weeks = agentWeeks(account, record, stats, Date.now(), oldAfterDays);
  if (!weeks.length) return null;
  const young = youngDays(oldAfterDays);
  const parts = (w: AgentWeek) =>
    [
      { value: w.accepted, tone: 'ok', text: tn('glance.accepted', w.accepted) },
      { value: w.pending.young, tone: 'fresh', text: t('glance.young', [w.pending.young, young]) },
      ...(young < oldAfterDays ? [{ value: w.pending.middle, tone: 'muted', text: t('glance.middle', [w.pending.middle, young, oldAfterDays - 1]) }] : []),
      { value: w.pending.old, tone: 'warn', text: t('glance.old', [w.pending.old, oldAfterDays]) },
    ] as Array<Segment & { text: string }>;
  return (
    <section class="glance" aria-labelledby="agent-weeks-heading">
      <h3 id="agent-weeks-heading">{t('glance.title')}</h3>
      <p class="help">{t('glance.help')}</p>
      <ul>
        {weeks.map((w) => {
          const queue = agentQueues(waiting, w.agentId);
          const name = agentNameOf(account, w.agentId) ?? w.agentName ?? t('sentRecord.unknownAgent');
          const week = tn(w.weekFromService ? 'glance.week' : 'glance.weekHere', w.week);
          const state = parts(w);
          const sent = state.reduce((n, s) => n + s.value, 0);
          return (
            <li key={w.agentId ?? name}>
              <h4>{name}</h4>
              <div class="glance-row">
                {/* Against the weekly cap, drawn as its mark: the bar's scale is the cap (or the week, past it). */}
                <Bar
                  segments={[{ value: w.week, tone: 'accent' }]}
                  max={Math.max(weeklyCap, w.week)}
                  mark={weeklyCap}
                  label={t('glance.capLabel', [name, week, weeklyCap])}
                />
                <span>{week}</span>
              </div>
              <div class="glance-row">
                {/* The agent's own invitations as one whole: what became of each share of them. */}
                <Bar segments={state} max={sent} label={t('glance.agentLabel', [name, sent ? state.map((s) => s.text).join(', ') : t('glance.none')])} />
                <span>
                  {sent
                    ? // The legend: each figure after its segment's colour.
                      state.map((s, i) => (
                        <span key={s.tone} class="legend">
                          {i > 0 && ' · '}
                          <Swatch tone={s.tone} />
                          {s.text}
                        </span>
                      ))
                    : t('glance.none')}
                </span>
              </div>
              {/* Work waiting as numbers: not drawn against the invitations, nor coloured. */}
              {queue.length > 0 && <p class="glance-queue">{queue.join(' · ')}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * What waits for this agent's person in each queue, from the first page the counts were read from:
 * "+" where the queue is longer than that page, so the agent's share is a lower bound.
 */
function agentQueues(waiting: WaitingWork | null, agentId: string | undefined) {
  if (!waiting || agentId === undefined) return [];
  return (['emails', 'replies', 'letters'] as const).flatMap((kind) => {
    const count = waiting[kind];
    // Own members only: an agent id may be a name every object inherits ("constructor").
    const value = count?.byAgent && Object.hasOwn(count.byAgent, agentId) ? (count.byAgent[agentId] ?? 0) : 0;
    if (!count || !value) return [];
    const onPage = Object.values(count.byAgent ?? {}).reduce((n, v) => n + v, 0);
    const partial = count.more || count.count > onPage;
    return [partial ? t(`glance.${kind}More`, [value]) : tn(`glance.${kind}`, value)];
  });
}
