import type { ComponentChildren } from 'preact';
import type { Account } from '../../../lib/api/schemas';
import { t, tn } from '../../../lib/extension/i18n';
import { agentWeeks, type AgentWeek } from '../../../lib/sent-invitations/agent-week';
import { youngDays } from '../../../lib/sent-invitations/agent-summary';
import { DEFAULT_SETTINGS, sentRecordItem, settingsItem, waitingWorkItem, weeklyStatsItem } from '../../../lib/store/storage';
import type { WaitingWork } from '../../../lib/store/shapes';
import { QUEUE_HASH, type WaitingKind } from '../../../lib/views/waiting-work';
import type { ViewId } from '../../../lib/views/routes';
import { agentNameOf } from '../../shared/agent-names';
import { useStored } from '../../shared/use-stored';
import { Bar, Swatch, type Segment } from './bar';

/** Where each figure is read in full: the Invitations view, its address a real link (a new tab, a copy). */
const INVITATIONS: ViewId = 'invitations';

/**
 * Each agent's week as two bars, its figures written beside them, each linking to the Invitations
 * view: the invitations sent this week, and those sent through the extension by what became of
 * them (accepted, pending by age). Read from what is kept: opening the Overview asks nothing.
 */
export function AgentWeeks({ account, go }: { account: Account | undefined; go(view: ViewId): void }) {
  const record = useStored(sentRecordItem, []);
  const { oldAfterDays } = useStored(settingsItem, DEFAULT_SETTINGS);
  const stats = useStored(weeklyStatsItem, null)?.stats;
  const waiting = useStored(waitingWorkItem, null);
  const weeks = agentWeeks(account, record, stats, Date.now(), oldAfterDays);
  if (!weeks.length) return null;
  const young = youngDays(oldAfterDays);
  const parts = (w: AgentWeek) =>
    [
      { value: w.accepted, tone: 'ok', text: tn('glance.accepted', w.accepted) },
      { value: w.pending.young, tone: 'accent', text: t('glance.young', [w.pending.young, young]) },
      ...(young < oldAfterDays ? [{ value: w.pending.middle, tone: 'muted', text: t('glance.middle', [w.pending.middle, young, oldAfterDays - 1]) }] : []),
      { value: w.pending.old, tone: 'warn', text: t('glance.old', [w.pending.old, oldAfterDays]) },
    ] as Array<Segment & { text: string }>;
  const weekMax = Math.max(...weeks.map((w) => w.week));
  const queues = weeks.map((w) => agentQueues(waiting, w.agentId));
  const queueMax = Math.max(...queues.map((q) => q.reduce((n, s) => n + s.value, 0)));
  const stateMax = Math.max(...weeks.map((w) => w.accepted + w.pending.young + w.pending.middle + w.pending.old));
  const link = (children: ComponentChildren) => (
    <a
      href={`#${INVITATIONS}`}
      onClick={(e) => {
        e.preventDefault();
        go(INVITATIONS);
      }}
    >
      {children}
    </a>
  );
  return (
    <section class="glance" aria-labelledby="agent-weeks-heading">
      <h3 id="agent-weeks-heading">{t('glance.title')}</h3>
      <p class="help">{t('glance.help')}</p>
      <ul>
        {weeks.map((w, i) => {
          const queue = queues[i]!;
          const name = agentNameOf(account, w.agentId) ?? w.agentName ?? t('sentRecord.unknownAgent');
          const week = tn(w.weekFromService ? 'glance.week' : 'glance.weekHere', w.week);
          const state = parts(w);
          const none = state.every((s) => !s.value);
          return (
            <li key={w.agentId ?? name}>
              <h4>{name}</h4>
              <div class="glance-row">
                <Bar segments={[{ value: w.week, tone: 'accent' }]} max={weekMax} label={t('glance.agentLabel', [name, week])} />
                {link(week)}
              </div>
              <div class="glance-row">
                <Bar segments={state} max={stateMax} label={t('glance.agentLabel', [name, none ? t('glance.none') : state.map((s) => s.text).join(', ')])} />
                {link(
                  none
                    ? t('glance.none')
                    : // The legend: each figure after its segment's colour.
                      state.map((s, i) => (
                        <span key={s.tone} class="legend">
                          {i > 0 && ' · '}
                          <Swatch tone={s.tone} />
                          {s.text}
                        </span>
                      )),
                )}
              </div>
              {queue.length > 0 && (
                <div class="glance-row">
                  <Bar segments={queue} max={queueMax} label={t('glance.agentLabel', [name, queue.map((s) => s.text).join(', ')])} />
                  <span>
                    {queue.map((s, i) => (
                      <span key={s.kind} class="legend">
                        {i > 0 && ' · '}
                        <Swatch tone={s.tone} />
                        <a href={`#${QUEUE_HASH[s.kind]}`}>{s.text}</a>
                      </span>
                    ))}
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const QUEUE_TONES: Record<WaitingKind, Segment['tone']> = { emails: 'accent', replies: 'warn', letters: 'muted' };

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
    return [{ kind, value, tone: QUEUE_TONES[kind], text: partial ? t(`glance.${kind}More`, [value]) : tn(`glance.${kind}`, value) }];
  });
}
