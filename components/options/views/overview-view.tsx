import { t, tn } from '../../../lib/extension/i18n';
import { paceOf } from '../../../lib/invitations/pace';
import { DEFAULT_SETTINGS, sentLogItem, settingsItem, weeklyStatsItem } from '../../../lib/store/storage';
import type { ViewId } from '../../../lib/views/routes';
import { QUEUE_HASH, type WaitingCount, type WaitingKind } from '../../../lib/views/waiting-work';
import { readyText, useReadyCount } from '../../shared/ready-line';
import { useStored } from '../../shared/use-stored';
import { useWaitingWork } from '../../shared/use-waiting-work';
import { AccountView } from '../account-view';
import { AgentWeeks } from '../charts/agent-weeks';
import { Bar, type Tone } from '../charts/bar';
import type { ViewProps } from '../view-props';

const LINKS: ViewId[] = ['invitations', 'contacts', 'agents', 'emails', 'letters', 'blocklist', 'meetings'];

/** What waits for the person, each linking to its queue; who is connected, their agents; the way to each part of the account. */
export default function OverviewView({ account, go, offered }: ViewProps) {
  return (
    <section aria-labelledby="view-heading" class="view">
      <h2 id="view-heading" tabIndex={-1}>
        {t('views.overview')}
      </h2>
      <Waiting go={go} />
      <AgentWeeks account={account} go={go} />
      {account ? <AccountView account={account} /> : <p class="help">{t('views.loading')}</p>}
      <ul class="overview-links">
        {LINKS.filter((id) => offered.includes(id)).map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(e) => {
                e.preventDefault();
                go(id);
              }}
            >
              {t(`views.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const words = (c: WaitingCount, key: string) => (c.more ? t(`${key}More`, [c.count]) : tn(key, c.count));

/** A figure as a bar on the scale it shares, its words beside it linking to where it is worked; no bar while it is not known. */
function Row({
  href,
  open,
  value,
  max,
  tone = 'accent',
  text,
}: {
  href: string;
  open?: () => void;
  value: number | undefined;
  max: number;
  tone?: Tone;
  text: string;
}) {
  return (
    <li class="glance-row">
      {value === undefined ? <span /> : <Bar segments={[{ value, tone }]} max={max} label={text} />}
      <a
        href={href}
        onClick={(e) => {
          if (!open) return;
          e.preventDefault();
          open();
        }}
      >
        {text}
      </a>
    </li>
  );
}

const queueText = (kind: WaitingKind, count: WaitingCount | null | undefined) => {
  const key = `popup.waiting${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  return count ? (count.count ? words(count, key) : t(`review23.overview.none.${kind}`)) : t(`review23.overview.unknown.${kind}`);
};

function Waiting({ go }: { go(view: ViewId): void }) {
  const settings = useStored(settingsItem, DEFAULT_SETTINGS);
  const pace = paceOf(useStored(weeklyStatsItem, null), useStored(sentLogItem, []), Date.now(), settings.weeklyCap);
  // What the background keeps (10 minutes at most): opening the Overview costs no request. A
  // decision made in the Emails or Letters view marks it stale, so the next look reads it again.
  const waiting = useWaitingWork(true);
  // The badge's count, in the popup's words (components/shared/ready-line.tsx).
  const count = useReadyCount();
  const ready = count?.ready ?? 0;
  const kinds = ['emails', 'replies', 'letters'] as const;
  // The work that waits on one scale: the longest bar is the largest queue.
  const max = Math.max(ready, ...kinds.map((k) => waiting?.[k]?.count ?? 0));
  return (
    <section class="waiting" aria-labelledby="waiting-heading">
      <h3 id="waiting-heading">{t('review23.overview.title')}</h3>
      <ul>
        <Row href="#invitations" open={() => go('invitations')} value={ready} max={max} text={readyText(count)} />
        {kinds.map((k) => (
          <Row key={k} href={`#${QUEUE_HASH[k]}`} value={waiting?.[k]?.count} max={max} text={queueText(k, waiting?.[k])} />
        ))}
        {/* The week against the cap: the bar's end is the cap. */}
        <Row
          href="#invitations"
          open={() => go('invitations')}
          value={pace.sent}
          max={pace.cap}
          tone={pace.level === 'ok' ? 'accent' : 'warn'}
          text={t(pace.known ? 'review23.overview.week' : 'review23.overview.weekHere', [pace.sent, pace.cap])}
        />
      </ul>
    </section>
  );
}
