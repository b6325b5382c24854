import { t, tn } from '../../../lib/extension/i18n';
import { weekFigures } from '../../../lib/sent-invitations/week-figures';
import { DEFAULT_SETTINGS, sentLogItem, sentRecordItem, settingsItem, weeklyStatsItem } from '../../../lib/store/storage';
import type { ViewId } from '../../../lib/views/routes';
import { QUEUE_HASH, type WaitingCount, type WaitingKind } from '../../../lib/views/waiting-work';
import { readyText, useReadyCount } from '../../shared/ready-line';
import { useStored } from '../../shared/use-stored';
import { useWaitingWork } from '../../shared/use-waiting-work';
import { AccountView } from '../account-view';
import { AgentWeeks } from '../charts/agent-weeks';
import { WeekCap } from '../charts/week-cap';
import type { ViewProps } from '../view-props';

/** Where the week is read per day and per agent: a real link (a new tab, a copy). */
const INVITATIONS: ViewId = 'invitations';
const LINKS: ViewId[] = ['invitations', 'contacts', 'agents', 'emails', 'letters', 'blocklist', 'meetings'];

/** The last 7 days against the cap; what waits for the person, each queue linking to its view; who is connected, their agents; the way to each part of the account. */
export default function OverviewView({ account, go, offered }: ViewProps) {
  return (
    <section aria-labelledby="view-heading" class="view">
      <h2 id="view-heading" tabIndex={-1}>
        {t('views.overview')}
      </h2>
      <Week go={go} />
      <Waiting />
      <AgentWeeks account={account} />
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

const queueText = (kind: WaitingKind, count: WaitingCount | null | undefined) => {
  const key = `popup.waiting${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  return count ? (count.count ? words(count, key) : t(`review23.overview.none.${kind}`)) : t(`review23.overview.unknown.${kind}`);
};

/**
 * What waits, as numbers in words: unlike things (invitations, emails, replies) are not drawn on
 * one scale. A queue links to the view where it is worked; the ready invitations are worked in the
 * desk and the popup, so their figure is no link.
 */
function Waiting() {
  // What the background keeps (10 minutes at most): opening the Overview costs no request. A
  // decision made in the Emails or Letters view marks it stale, so the next look reads it again.
  const waiting = useWaitingWork(true);
  // The badge's count, in the popup's words (components/shared/ready-line.tsx).
  const count = useReadyCount();
  return (
    <section class="waiting" aria-labelledby="waiting-heading">
      <h3 id="waiting-heading">{t('review23.overview.title')}</h3>
      <ul>
        <li>{readyText(count)}</li>
        {(['emails', 'replies', 'letters'] as const).map((k) => (
          <li key={k}>
            <a href={`#${QUEUE_HASH[k]}`}>{queueText(k, waiting?.[k])}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The last 7 days against the cap, from what is kept, with the one link to the Invitations view. */
function Week({ go }: { go(view: ViewId): void }) {
  const settings = useStored(settingsItem, DEFAULT_SETTINGS);
  const figures = weekFigures(useStored(weeklyStatsItem, null), useStored(sentLogItem, []), useStored(sentRecordItem, []), Date.now(), settings.weeklyCap);
  return (
    <>
      <WeekCap figures={figures} />
      <p>
        <a
          href={`#${INVITATIONS}`}
          onClick={(e) => {
            e.preventDefault();
            go(INVITATIONS);
          }}
        >
          {t('weekCap.more')}
        </a>
      </p>
    </>
  );
}
