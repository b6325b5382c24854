import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/extension/i18n';
import { paceOf, weeklyStale } from '../../lib/invitations/pace';
import { progress } from '../../lib/invitations/queue';
import { sentLogItem, sessionMarksItem, weeklyStatsItem, type Settings } from '../../lib/store/storage';
import { useReadyCount } from './ready-line';
import { useBackend } from './use-backend';
import { useStored } from './use-stored';

/**
 * "3 of 12 this session" and the weekly pace ("41 of 100 invitations sent in the last 7 days"), the
 * popup's and the desk's. The weekly figure never read, or older than its refresh period, is read
 * when it shows (within the request budget), saying so meanwhile; `enabled`: a key is set up.
 */
export function PaceLine({ settings, enabled }: { settings: Settings; enabled: boolean }) {
  const backend = useBackend();
  const weekly = useStored(weeklyStatsItem, null);
  const sentLog = useStored(sentLogItem, []);
  const sessionMarks = useStored(sessionMarksItem, 0);
  const [readingWeekly, setReadingWeekly] = useState(false);
  // What is left, as the badge and the ready line count it.
  const ready = useReadyCount()?.ready ?? 0;
  useEffect(() => {
    if (!enabled) return;
    void Promise.all([weeklyStatsItem.getValue(), sentLogItem.getValue()]).then(async ([kept, log]) => {
      if (!weeklyStale(kept, log, Date.now())) return;
      setReadingWeekly(true);
      // A failure leaves the figure kept (or "not read yet"); the banner tells of the service.
      await backend.ask({ type: 'getWeeklyStats' }).catch(() => undefined);
      setReadingWeekly(false);
    });
  }, []);
  if (!enabled) return null;
  const pace = paceOf(weekly, sentLog, Date.now(), settings.weeklyCap);
  const { done, total } = progress(sessionMarks, ready);
  return (
    <p class="progress">
      <span>{t('queue.progress', [done, total])}</span>
      <span class={`pace ${pace.level}`}>
        {pace.known
          ? t('panel.pace', [pace.sent, pace.cap])
          : readingWeekly
            ? t('firstMinutes.paceReading', [pace.cap])
            : pace.sent
              ? t('popup.paceAtLeast', [pace.sent, pace.cap])
              : t('popup.paceUnknown', [pace.cap])}
        {pace.level !== 'ok' && ` · ${t(pace.level === 'over' ? 'popup.paceOver' : 'popup.paceWarn')}`}
      </span>
    </p>
  );
}
